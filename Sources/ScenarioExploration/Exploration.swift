package import Scenario
import Simulation

/// What exploring one scenario found: its outcomes, the first-in-first-out one first.
package struct Exploration: Equatable, Sendable, Codable {
  package var request: ExploreRequest
  /// How many schedules ran.
  package var schedules = 0
  package var outcomes: [ExploredOutcome] = []
  /// How many choice points the first-in-first-out run met.
  package var fifoChoicePoints = 0
  /// Why the exploration ended before `request.schedules`, if it did.
  package var stopped: String?
  /// Why the scenario is not explored, when it is not by design (it travels in time, it pins
  /// its schedule): not a failure.
  package var skipped: String?
  /// The race the scenario says it demonstrates (`race`), which the exploration must find.
  package var race: RaceClaim?
  /// The schedule a new process should go on from, when this one could not start it fresh.
  package var resumeAt: Int?
  /// Schedules whose process died: schedule number, how, and the departures it had made.
  package var crashes: [ScheduleCrash] = []

  package init(request: ExploreRequest) {
    self.request = request
  }

  /// Whether `outcome` is the race the scenario's `race` line claims: a failure first in,
  /// first out does not have, which is then what the scenario shows, not a failure of it.
  package func isRace(_ outcome: ExploredOutcome) -> Bool {
    guard let race, !outcome.isFIFO else { return false }
    return race.matches(outcome.failures)
  }

  /// How many schedules found the race the scenario claims.
  package var raceSchedules: Int {
    outcomes.filter(isRace).reduce(0) { $0 + $1.count }
  }

  /// Whether the scenario claims a race that no schedule found: a failure of the scenario.
  package var raceMissing: Bool {
    race != nil && skipped == nil && stopped == nil && raceSchedules == 0
  }

  /// How many schedules failed: a crash, or a failure first in, first out does not have (or has
  /// itself), but the race the scenario claims.
  package var failed: Int {
    outcomes.filter { !$0.failures.isEmpty && !isRace($0) }.reduce(0) { $0 + $1.count } + crashes.count
  }

  /// How many schedules other than those giving first-in-first-out order's outcome failed:
  /// what `replay --explore` counts, since the golden file judges that outcome.
  package var failedBesidesFIFO: Int {
    outcomes.filter { !$0.isFIFO && !$0.failures.isEmpty && !isRace($0) }.reduce(0) { $0 + $1.count } + crashes.count
  }

  /// Whether the exploration fails the scenario: a failed schedule, a race not found, or an
  /// exploration that could not go on.
  package var isFailure: Bool { failed > 0 || raceMissing || stopped != nil }

  /// Counts one more schedule for the outcome `key` names.
  mutating func count(_ key: String) {
    schedules += 1
    if let index = outcomes.firstIndex(where: { $0.run.outcome == key }) { outcomes[index].count += 1 }
  }

  /// Adds a run to the outcome it gives. `fifo` is the first-in-first-out run it is measured
  /// against (nil for that run itself).
  mutating func add(_ run: ScheduleRun, schedule: Int, fifo: ScheduleRun? = nil) {
    schedules += 1
    let key = run.outcome
    if let index = outcomes.firstIndex(where: { $0.run.outcome == key }) {
      outcomes[index].count += 1
      return
    }
    // Only what first in, first out does not have fails a schedule: the rest is the scenario's
    // own verdict, which `run` and `replay` give.
    let failures = fifo.map { fifo in run.failures.filter { !fifo.failures.contains($0) } } ?? run.failures
    var difference: String?
    if let fifo, fifo.transcript != run.transcript {
      difference = TranscriptDifference.describe(fifo: fifo.transcript, other: run.transcript)
    }
    var outcome = ExploredOutcome(run: run, count: 1, firstSchedule: schedule, isFIFO: fifo == nil, failures: failures)
    outcome.difference = difference
    outcomes.append(outcome)
  }

  /// Folds in what another process found for other schedules of the same scenario.
  package mutating func merge(_ other: Exploration) {
    if outcomes.isEmpty {
      let crashes = self.crashes
      self = other
      self.crashes = crashes + other.crashes
      return
    }
    schedules += other.schedules
    for outcome in other.outcomes {
      if let index = outcomes.firstIndex(where: { $0.run.outcome == outcome.run.outcome }) {
        outcomes[index].count += outcome.count
        if outcome.count > 0, outcome.firstSchedule < outcomes[index].firstSchedule || outcomes[index].count == outcome.count {
          outcomes[index].firstSchedule = outcome.firstSchedule
        }
        if outcomes[index].minimal == nil { outcomes[index].minimal = outcome.minimal }
      } else {
        outcomes.append(outcome)
      }
    }
    crashes += other.crashes
    stopped = other.stopped ?? stopped
    skipped = other.skipped ?? skipped
    race = other.race ?? race
  }

  /// Outcomes in the order of the schedule that first gave them, first in, first out first.
  package var ordered: [ExploredOutcome] {
    outcomes.filter { $0.count > 0 || $0.isFIFO }.sorted { ($0.isFIFO ? 0 : $0.firstSchedule) < ($1.isFIFO ? 0 : $1.firstSchedule) }
  }

}
