/// A `Clock` that reads and sleeps on the simulation's virtual time, for code that injects a clock.
///
/// It shares the timeline of `Task.sleep` on `ContinuousClock` and `SuspendingClock`, and its
/// deadlines are exact by construction.
///
/// ```swift
/// let clock = VirtualClock()
/// try await clock.sleep(for: .milliseconds(250))
/// ```
package struct VirtualClock: Clock {
  /// A point on the virtual timeline: the time since the simulation started.
  package struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// Time since the simulation started.
    package var offset: Duration

    /// The instant `offset` after the simulation started.
    package init(offset: Duration) { self.offset = offset }

    package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    package func duration(to other: Instant) -> Duration { other.offset - offset }
    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    package var description: String { "\(offset)" }
  }

  private let simulation: Simulation

  /// A clock on `simulation`'s timeline.
  package init(simulation: Simulation = .shared) { self.simulation = simulation }

  package var now: Instant { Instant(offset: simulation.now) }
  package var minimumResolution: Duration { .nanoseconds(1) }

  package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await simulation.core.sleepVirtual(until: deadline.offset.wholeNanoseconds)
  }
}
