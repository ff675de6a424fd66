import Scenario
package import Simulation

/// What one run of a scenario under one schedule gave.
package struct ScheduleRun: Equatable, Sendable, Codable {
  /// The transcript, as `replay` would print it.
  package var transcript: String
  /// What the oracles found: failed `expect` lines, rejected commands (but those a `fails` line
  /// expects), deadlocks, runaways.
  package var failures: [String]
  /// What is worth knowing but fails nothing: work still armed at the end (a debounce, a
  /// repeating timer an app keeps).
  package var notes: [String] = []
  /// The state and verdict of each step, which make the outcome unless the exploration is
  /// strict (nil then: the transcript makes it).
  package var verdicts: String?
  /// Where the run left first-in-first-out order.
  package var departures: [Departure]
  /// How many choice points the run met.
  package var choicePoints: Int
  /// Each departure in words, with the line it happened in (only when asked for).
  package var described: [String] = []
  /// Every step that ended in an error: its line, command and the error's first line.
  package var errors: [StepError] = []
  /// How many jobs ran before the session ended.
  package var jobs = 0
  /// What `--cancel-anywhere` cancelled in this run, and where; nil when nothing was running.
  package var cancelled: CancelPoint?

  /// What makes two runs the same outcome: the state and verdict of each step (or, strictly,
  /// everything they printed) and what failed.
  package var outcome: String {
    let steps = verdicts ?? transcript
    return failures.isEmpty ? steps : steps + "\u{0}" + failures.joined(separator: "\n")
  }
}

/// One of the distinct outcomes an exploration met.
package struct ExploredOutcome: Equatable, Sendable, Codable {
  package var run: ScheduleRun
  /// How many schedules gave it.
  package var count: Int
  /// The first schedule that gave it, counted from 1 (schedule 1 is first in, first out).
  package var firstSchedule: Int
  /// Whether first-in-first-out order gives it.
  package var isFIFO: Bool
  /// What makes it a failure: for first in, first out its own failures; for another outcome
  /// only those first in, first out does not have. Empty when it passes.
  package var failures: [String]
  /// How its transcript differs from first-in-first-out order's, when it does.
  package var difference: String? = nil
  /// The fewest departures from first-in-first-out order found that give exactly this outcome.
  package var minimal: ScheduleRun?
}

/// A schedule whose process died: which, how, and the departures it had made by then.
package struct ScheduleCrash: Equatable, Sendable, Codable {
  package var schedule: Int
  /// `signal 4`, `exit status 3`.
  package var reason: String
  /// The step that was running, from the worker's markers.
  package var step: String?
  package var departures: [Departure]
  /// What the process wrote to standard error, the markers left out.
  package var errors: [String]
  /// The fewest departures found that crash the same way (each try costs a process).
  package var minimal: [Departure]?

  package init(schedule: Int, reason: String, step: String?, departures: [Departure], errors: [String]) {
    self.schedule = schedule
    self.reason = reason
    self.step = step
    self.departures = departures
    self.errors = errors
  }
}

/// A step that ended in an error.
package struct StepError: Equatable, Sendable, Codable {
  package var line: Int
  package var command: String
  package var source: String
  package var message: String
}

/// Where `explore --cancel-anywhere` cancelled an effect.
package struct CancelPoint: Equatable, Sendable, Codable {
  /// `#2 `send refresh``, with "(the view disappears)" for the lifecycle effect.
  package var effect: String
  /// The job after which it was cancelled, counted from the start of the run.
  package var job: Int
  package var line: Int
  package var source: String
  package var time: String
  /// How many effects were running there.
  package var running: Int

  package var text: String {
    "cancel \(effect) after job \(job), during line \(line) `\(source)` at \(time)"
  }
}

/// What a `race` line claims: `explore` must find a schedule that fails where first in, first
/// out does not, with a failure containing `text` when it is given.
package struct RaceClaim: Equatable, Sendable, Codable {
  package var line: Int
  package var text: String?

  /// Whether `failures` (an outcome's new failures) are the race the line claims.
  package func matches(_ failures: [String]) -> Bool {
    guard !failures.isEmpty else { return false }
    guard let text else { return true }
    return failures.contains { $0.contains(text) }
  }

  /// The claim in words: `line 1 `race "count == 2"``.
  package var described: String {
    "line \(line) `race\(text.map { " " + CommandValue.quote($0) } ?? "")`"
  }
}
