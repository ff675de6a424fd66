/// A stretch of virtual time the main thread spent blocked in a call (a semaphore, a sleep).
public struct MainThreadBlock: Sendable, Equatable {
  /// The call, in words: `DispatchSemaphore.wait()`.
  public let waitingOn: String
  /// Virtual time (since the simulation started) when the wait began, and when it ended.
  public let from: Duration
  public var to: Duration
}
