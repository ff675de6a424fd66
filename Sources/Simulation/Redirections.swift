internal import CSimulationRuntime

/// The parts of the runtime that run on the simulation, as found when it was installed.
package struct Redirections: OptionSet, Sendable {
  package let rawValue: Int
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// `ContinuousClock` and `SuspendingClock` read virtual time, so every sleep is exact.
  package static let concurrencyClock = Redirections(rawValue: Int(VMREPL_CONCURRENCY_CLOCK))
  /// Dispatch queues and `asyncAfter` run as simulation jobs.
  package static let dispatch = Redirections(rawValue: Int(VMREPL_DISPATCH))
  /// Foundation and Dispatch read the virtual clocks and the virtual wall clock.
  package static let foundationClock = Redirections(rawValue: Int(VMREPL_FOUNDATION_CLOCK))
  /// `SystemRandomNumberGenerator`, `UUID()` and getrandom draw from the seeded source.
  package static let randomness = Redirections(rawValue: Int(VMREPL_RANDOM))
  /// Foundation run loop timers fire on virtual time.
  package static let runLoop = Redirections(rawValue: Int(VMREPL_RUNLOOP))
  /// URLSession transfers are known as work outside the simulation.
  package static let network = Redirections(rawValue: Int(VMREPL_NETWORK))
  /// Every URLSessionConfiguration lists the simulation's URLProtocol first while one is set.
  package static let urlSession = Redirections(rawValue: Int(VMREPL_URLSESSION))
}
