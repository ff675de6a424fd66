package import Scenario
package import Simulation

/// Runs a scenario under many schedules, in this process, and sorts what each gave into
/// outcomes; shrinks the schedule behind each failing outcome to its fewest departures.
///
/// Every run starts as a fresh process would (`Simulation.restart()`), so a schedule gives the
/// same transcript here, in a replay worker, and in `vmrepl run`.
///
/// ```swift
/// let explorer = Explorer(models: Examples.all)
/// let exploration = explorer.explore(lines, request: ExploreRequest(schedules: 200))
/// ```
@MainActor
package struct Explorer {
  let models: [ModelDefinition]
  let prints: (any PrintSource)?
  /// Called before each schedule of `explore` runs, with its number (from 1), and with 0 before
  /// each run that shrinks a failing schedule.
  package var willRun: ((Int) -> Void)?
  /// Called with each departure as it is made (a worker writes them down in case it crashes).
  package var onDeparture: (@Sendable (Departure) -> Void)?
  /// Each line's command, parsed once for all the runs of an exploration.
  private let parsed = ParsedLines()
  /// The most runs shrinking one outcome may take.
  package var shrinkBudget = 400
  /// How many failing outcomes get a minimal schedule; the rest are counted.
  package var shrinkLimit = 5
  /// Where the scenario's files are (`body=@FILE`, cassettes): the scenario's folder, as in
  /// `run` and `replay`. Nil: the current folder.
  package var baseDirectory: String?
  /// How those files are read: the front end's access to the disk, which it hands in.
  package var files: any FileAccess = NoFileAccess()

  /// The process's executor, which the program's code runs on: a schedule is followed there.
  private var simulation: Simulation { Simulation.shared }

  /// Hands the process's executor on clean for the next scenario after the last schedule: a
  /// delayed block left pending is let go unrun (`Timeline.end()` does the same after a
  /// replay). Returns false when something a schedule started could still act, so the next
  /// scenario needs a process of its own.
  package func end() -> Bool {
    simulation.releaseDelayedBlocks()
    return simulation.startOver(abandoning: .nothing)
  }

  package init(models: [ModelDefinition], prints: (any PrintSource)? = nil) {
    self.models = models
    self.prints = prints
  }

  /// A scenario's lines (`ScenarioText`), numbered from 1.
  nonisolated package static func lines(of text: String) -> [(number: Int, text: String)] {
    ScenarioText.lines(text).enumerated().map { (number: $0.offset + 1, text: $0.element) }
  }

  /// The lines an exploration runs: all but `schedule` lines (the exploration chooses the
  /// schedule) and `explore` lines (which would explore inside a run).
  nonisolated package static func runnable(_ lines: [(number: Int, text: String)]) -> [(number: Int, text: String)] {
    lines.filter { line in
      guard let command = try? CommandParser.parse(line.text) else { return true }
      return command.name.underExploration != .leftOut
    }
  }

  /// Why `lines` cannot be explored, if they cannot: time travel re-runs steps in the middle,
  /// which one schedule cannot pin; a pinned schedule makes the scenario a check of that one
  /// order, which other orders would contradict.
  nonisolated package static func unexplorable(_ lines: [(number: Int, text: String)]) -> String? {
    for (number, text) in lines {
      guard let command = try? CommandParser.parse(text) else { continue }
      if case .session(let session) = command, session.pinsSchedule {
        return "line \(number) `\(text.trimmingSpaces)` pins the schedule: the scenario checks that one order (explore the scenario without it)"
      }
      if command.name.underExploration == .preventsExploration {
        return "line \(number) `\(text.trimmingSpaces)` travels in time, which re-runs earlier steps; explore the scenario without it"
      }
    }
    return nil
  }

  /// What a `race` line of `lines` claims, if one does.
  nonisolated package static func race(in lines: [(number: Int, text: String)]) -> RaceClaim? {
    for (number, text) in lines {
      if case .session(.race(let claim))? = try? CommandParser.parse(text) {
        return RaceClaim(line: number, text: claim?.value)
      }
    }
    return nil
  }

  // MARK: One run

  /// Runs `lines` (as `runnable` leaves them) under `scheduler` from a fresh start. Nil when the process cannot start fresh
  /// (a thread or a quarantined task of an earlier run could still act).
  package func run(
    _ lines: [(number: Int, text: String)], scheduler: Scheduler, cancel: (job: Int, index: Int)? = nil, strict: Bool = false
  ) -> ScheduleRun? {
    runRaw(lines, scheduler: scheduler, cancel: cancel)?.rendered(strict: strict)
  }

  /// A run whose steps are kept as values, rendered only when it is a new outcome: comparing
  /// values costs less than rendering every run's transcript.
  func runRaw(
    _ lines: [(number: Int, text: String)], scheduler: Scheduler, cancel: (job: Int, index: Int)? = nil
  ) -> RawRun? {
    simulation.scheduler = nil
    guard simulation.startOver(abandoning: .sleepers) else { return nil }
    var scheduler = scheduler
    scheduler.onDeparture = onDeparture
    simulation.scheduler = scheduler
    defer { simulation.scheduler = nil }
    var environment = SessionEnvironment(models: models, prints: prints)
    if let baseDirectory { environment.baseDirectory = baseDirectory }
    environment.files = files
    let timeline = Timeline(environment)
    let probe = RunProbe()
    if let cancel {
      simulation.pause(afterJob: cancel.job) {
        MainActor.assumeIsolated {
          guard let (effect, running) = timeline.session.cancelRunningEffect(cancel.index) else { return }
          probe.cancelled = CancelPoint(
            effect: effect, job: cancel.job, line: probe.line, source: probe.source,
            time: timeline.session.now.secondsText, running: running)
        }
      }
    }
    var results: [StepResult] = []
    var failures: [String] = []
    var notes: [String] = []
    var described: [String] = []
    var errors: [StepError] = []
    for (number, text) in lines {
      probe.line = number
      probe.source = text.trimmingSpaces
      // Parsed once per exploration; a line that does not parse goes the long way, for its message.
      let result: StepResult
      // A `fails` line whose command did not parse is re-parsed too: its message may name the model's actions.
      let known = parsed[text]
      if case .success(let command?)? = known, !command.isUnparsedFailing {
        result = timeline.execute(command, source: probe.source, line: number)
      } else if case .success(nil)? = known {
        // A comment or a blank line, as `Timeline.execute` makes it, without parsing it again.
        result = StepResult(line: number, source: probe.source, isEmpty: true)
      } else {
        result = timeline.execute(text, line: number)
      }
      results.append(result)
      if let error = result.failure {
        let what = result.command?.name.isCheck == true && result.errorExpectation == nil ? "expect failed" : "error"
        let message = String(error.message.prefix { $0 != "\n" })
        failures.append("line \(number) `\(result.source)`: \(what): " + message)
        errors.append(StepError(line: number, command: result.command?.name.rawValue ?? "", source: result.source, message: message))
      }
      for timed in result.events {
        if case .departure(let text) = timed.event {
          described.append("line \(number) `\(result.source)`: " + text)
        }
      }
      if result.isQuit { break }
    }
    // An app keeps a debounce or a repeating timer armed: information, not a failure.
    let hidden = timeline.session.pendingBackground
    if !hidden.isEmpty {
      notes.append("work still armed at the end: from " + hidden.map { "`\($0)`" }.joined(separator: ", "))
    }
    let made = simulation.scheduler
    let jobs = simulation.jobsRun
    _ = timeline.session.finish()
    return RawRun(
      results: results, failures: failures, notes: notes, departures: made?.departures ?? [],
      choicePoints: made?.choicePoints ?? 0, described: described, errors: errors, jobs: jobs,
      cancelled: probe.cancelled)
  }

  // MARK: Many runs

  /// Why an exploration could not begin.
  enum StartFailure: Error {
    /// The lines cannot be explored (they travel in time).
    case unexplorable(String)
    /// The process could not start fresh.
    case notFresh
  }

  /// `start`, or nil with why the exploration stops in `stopped`; `notFresh` says it when the
  /// process could not start fresh.
  func start(
    _ lines: [(number: Int, text: String)], stopped: inout String?, skipped: inout String?, notFresh: String
  ) -> (lines: [(number: Int, text: String)], fifo: RawRun)? {
    switch start(lines) {
    case .success(let started): return started
    case .failure(.unexplorable(let why)): skipped = why
    case .failure(.notFresh): stopped = notFresh
    }
    return nil
  }

  /// What every exploration begins with: the lines it runs, and their first-in-first-out run,
  /// which everything else is measured against.
  func start(_ lines: [(number: Int, text: String)]) -> Result<(lines: [(number: Int, text: String)], fifo: RawRun), StartFailure> {
    if let why = Self.unexplorable(lines) { return .failure(.unexplorable(why)) }
    let lines = Self.runnable(lines)
    willRun?(1)
    guard let fifo = runRaw(lines, scheduler: Scheduler(.fifo)) else { return .failure(.notFresh) }
    return .success((lines, fifo))
  }

  /// The scheduler of schedule `index` (from 1; schedule 1 is first in, first out): made from
  /// the request and `index` alone, so any process can run any schedule.
  nonisolated package static func scheduler(_ index: Int, request: ExploreRequest, fifoChoicePoints: Int) -> Scheduler {
    guard index > 1 else { return Scheduler(.fifo) }
    let seed = Scheduler.seed(request.seed, schedule: index)
    switch request.strategy {
    case .random: return Scheduler(.random(seed: seed))
    case .pct: return Scheduler(.pct(seed: seed, depth: request.depth, expectedChoices: fifoChoicePoints))
    }
  }

  /// Runs schedules `first...last` (default: up to `request.schedules`) and sorts them into
  /// outcomes. The first-in-first-out run always runs, whatever `first` is, since the others
  /// are measured against it; it counts as a schedule only when `first` is 1.
  package func explore(
    _ lines: [(number: Int, text: String)], request: ExploreRequest, from first: Int = 1, through last: Int? = nil
  ) -> Exploration {
    var exploration = Exploration(request: request)
    exploration.race = Self.race(in: lines)
    guard
      let started = start(
        lines, stopped: &exploration.stopped, skipped: &exploration.skipped, notFresh: "the process could not start fresh for schedule 1")
    else {
      return exploration
    }
    let lines = started.lines
    let fifo = started.fifo.rendered(strict: request.strict)
    exploration.fifoChoicePoints = fifo.choicePoints
    exploration.add(fifo, schedule: 1)
    if first > 1 {
      exploration.schedules = 0
      exploration.outcomes[0].count = 0
    }
    // A scenario without choice points has one schedule: the others would repeat it.
    let last = fifo.choicePoints == 0 ? 1 : min(last ?? request.schedules, request.schedules)
    // Runs already met, as values, and the outcome each gave.
    var known: [(run: RawRun, outcome: String)] = []
    var index = max(2, first)
    while index <= last {
      willRun?(index)
      guard let raw = runRaw(lines, scheduler: Self.scheduler(index, request: request, fifoChoicePoints: fifo.choicePoints)) else {
        exploration.stopped = Self.notFresh(schedule: index, blockers: simulation.freshStartBlockers)
        exploration.resumeAt = index
        break
      }
      if let same = known.first(where: { $0.run.sameOutcome(as: raw, strict: request.strict) }) {
        exploration.count(same.outcome)
      } else {
        let run = raw.rendered(strict: request.strict)
        exploration.add(run, schedule: index, fifo: fifo)
        known.append((raw, run.outcome))
      }
      index += 1
    }
    shrinkFailures(&exploration, lines: lines)
    return exploration
  }

  /// Why schedule `schedule` did not run: what the schedule before it left that could still act.
  nonisolated static func notFresh(schedule: Int, blockers: [String]) -> String {
    let left = blockers.isEmpty ? "" : ": the schedule before it left " + blockers.joined(separator: ", ")
    return "the process could not start fresh for schedule \(schedule)\(left)"
  }

  /// Gives each failing outcome (up to `shrinkLimit`) its minimal schedule.
  func shrinkFailures(_ exploration: inout Exploration, lines: [(number: Int, text: String)]) {
    var shrunk = 0
    for index in exploration.outcomes.indices where !exploration.outcomes[index].isFIFO && !exploration.outcomes[index].failures.isEmpty {
      guard shrunk < shrinkLimit else { break }
      shrunk += 1
      let outcome = exploration.outcomes[index]
      let departures = shrink(outcome.run.departures, to: outcome.run.outcome, lines: lines, strict: exploration.request.strict)
      willRun?(0)
      exploration.outcomes[index].minimal = run(
        lines, scheduler: Scheduler(.pinned(departures), describingDepartures: true), strict: exploration.request.strict)
      exploration.outcomes[index].minimal?.departures = departures
    }
  }

  /// The fewest departures found whose run gives exactly `outcome` (see `ScheduleShrinker`).
  func shrink(_ departures: [Departure], to outcome: String, lines: [(number: Int, text: String)], strict: Bool) -> [Departure] {
    ScheduleShrinker.shrink(departures, budget: shrinkBudget) { candidate in
      willRun?(0)
      return run(lines, scheduler: Scheduler(.pinned(candidate)), strict: strict)?.outcome == outcome
    }
  }
}

/// A run's steps as values, before rendering.
struct RawRun {
  var results: [StepResult]
  var failures: [String]
  var notes: [String]
  var departures: [Departure]
  var choicePoints: Int
  var described: [String]
  var errors: [StepError]
  var jobs: Int
  var cancelled: CancelPoint?

  /// The run with its transcript, as `replay` would print it, and what makes it an outcome:
  /// with `strict`, the transcript; otherwise the state and the verdict of each step.
  func rendered(strict: Bool = false) -> ScheduleRun {
    let renderer = TranscriptRenderer(echo: true, errorsInline: true)
    var transcript = ""
    for result in results { transcript += renderer.render(result).output }
    var run = ScheduleRun(
      transcript: transcript, failures: failures, departures: departures, choicePoints: choicePoints,
      described: described, errors: errors, jobs: jobs, cancelled: cancelled)
    run.notes = notes
    if !strict {
      run.verdicts = results.map { result in
        let verdict = result.failure.map { "fails: " + $0.message.prefix { $0 != "\n" } } ?? "ok"
        let state = result.showsState ? result.state.map { "\n" + StateRenderer.render($0) } ?? "" : ""
        return "> \(result.source): \(verdict)\(state)"
      }.joined(separator: "\n")
    }
    return run
  }

  /// Whether `other` gives the same outcome: the same failures and, with `strict`, the same
  /// steps to the event; otherwise the same state and verdict at each step.
  func sameOutcome(as other: RawRun, strict: Bool) -> Bool {
    guard failures == other.failures, results.count == other.results.count else { return false }
    if strict { return results == other.results }
    return zip(results, other.results).allSatisfy { mine, theirs in
      mine.state == theirs.state && mine.failure?.message.prefix { $0 != "\n" } == theirs.failure?.message.prefix { $0 != "\n" }
    }
  }
}



/// Lines parsed once: an exploration runs the same lines thousands of times.
@MainActor
final class ParsedLines {
  private var commands: [String: Result<Command?, ScenarioError>] = [:]

  subscript(_ line: String) -> Result<Command?, ScenarioError>? {
    if let known = commands[line] { return known }
    let result: Result<Command?, ScenarioError>
    do {
      result = .success(try CommandParser.parse(line))
    } catch {
      result = .failure(error)
    }
    commands[line] = result
    return result
  }
}

/// Where a run is, for the pause that cancels an effect in the middle of a step.
@MainActor
final class RunProbe {
  var line = 0
  var source = ""
  var cancelled: CancelPoint?
}

