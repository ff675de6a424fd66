// Departure is how a schedule is written, shared with the language; who follows a schedule names it
// through Simulation, as before it had a module of its own. `Mutex.guarded` comes the same way
// (Guarding is a module only so that callers specialize it).
@_exported import ScheduleNotation
@_exported import Guarding

/// A departure as it happened: where, and what ran instead of what.
package struct DepartureRecord: Equatable, Sendable {
  package var departure: Departure
  /// How many candidates the choice point had.
  package var candidates: Int
  /// What ran, such as "a global-executor job" or "the ContinuousClock timer of `#2 send search`".
  package var chosen: String
  /// What first-in-first-out order would have run there.
  package var instead: String
  /// Whether the choice was between timers due at the same instant.
  package var isTimer: Bool

  /// One line for a transcript or a report.
  package var text: String {
    let verb = isTimer ? "fired" : "ran"
    return "choice \(departure.choice): \(verb) \(chosen) before \(instead) (candidate \(departure.pick) of \(candidates))"
  }
}
