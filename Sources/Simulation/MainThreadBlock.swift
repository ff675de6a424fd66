/// A stretch of virtual time the main thread spent blocked in a call (a semaphore, a sleep).
package struct MainThreadBlock: Sendable, Equatable {
  /// The call, in words: `DispatchSemaphore.wait()`.
  package let waitingOn: String
  /// Virtual time (since the simulation started) when the wait began, and when it ended.
  package let from: Duration
  package var to: Duration
}
