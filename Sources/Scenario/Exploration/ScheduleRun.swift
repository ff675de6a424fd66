package import Simulation

/// What one run of a scenario under one schedule gave.
package struct ScheduleRun: Equatable, Sendable, Codable {
  /// The transcript, as `replay` would print it.
  package var transcript: String
  /// What the oracles found besides the transcript itself: failed `expect` lines, rejected
  /// commands, deadlocks, runaways, and hidden work left at the end.
  package var failures: [String]
  /// Where the run left first-in-first-out order.
  package var departures: [Departure]
  /// How many choice points the run met.
  package var choicePoints: Int
  /// Each departure in words, with the line it happened in (only when asked for).
  package var described: [String] = []

  /// What makes two runs the same outcome: what they printed and what they left behind.
  package var outcome: String {
    failures.isEmpty ? transcript : transcript + "\u{0}" + failures.joined(separator: "\n")
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
  /// What makes it a failure; empty for a passing first-in-first-out outcome.
  package var failures: [String]
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

  package init(schedule: Int, reason: String, step: String?, departures: [Departure], errors: [String]) {
    self.schedule = schedule
    self.reason = reason
    self.step = step
    self.departures = departures
    self.errors = errors
  }
}
