public import ViewModelKit

/// An action built on `TaskEffectHandler` hands its `Effect` straight to `action(tracking:)`.
extension Effect: TrackedWork {
  public func waitForEnd() async throws { await completion }

  public var completedSynchronously: Bool {
    if case .none = self { return true }
    return false
  }
}
