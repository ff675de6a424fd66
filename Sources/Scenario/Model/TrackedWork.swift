/// Work a synchronous action hands back so the REPL can track it as an effect.
///
/// `Task` conforms; so does the `Effect` of a `TaskEffectHandler`.
public protocol TrackedWork: Sendable {
  /// Waits until the work has ended, rethrowing what it threw.
  func waitForEnd() async throws
  /// Requests cancellation.
  func cancel()
  /// Whether cancellation was requested, by anyone.
  var isCancelled: Bool { get }
  /// Whether the action finished before returning (an `Effect.none`): the REPL then reports it
  /// as done instead of starting an effect.
  var completedSynchronously: Bool { get }
}

extension TrackedWork {
  public var completedSynchronously: Bool { false }
}

extension Task: TrackedWork {
  public func waitForEnd() async throws { _ = try await value }
}
