/// What handling an action produced: nothing left to do, or a task that is still running.
///
/// A view-model's single entry point returns one, so the view does not need to know whether an
/// action is synchronous; it can ignore the effect, await it, or ask to be told when it ends.
///
/// ```swift
/// viewModel.handle(.buttonTap)                                  // fire and forget
/// await viewModel.handle(.buttonTap).completion                 // wait; cancelling the waiter cancels the action
/// viewModel.handle(.buttonTap).onCompletion { print("done") }   // be told
/// ```
public enum Effect: Sendable {
  /// The action completed synchronously.
  case none
  /// The action started this task.
  case task(Task<Void, Never>)

  /// Waits until the action has finished. Cancelling the task that waits cancels the action.
  public var completion: Void {
    get async {
      switch self {
      case .none:
        return
      case .task(let task):
        await withTaskCancellationHandler {
          _ = await task.value
        } onCancel: {
          task.cancel()
        }
      }
    }
  }

  /// Calls `completion` once the action has finished: at once for `.none`, otherwise from a new
  /// task on the caller's actor (the main actor, in a view-model), so the closure may touch
  /// that actor's state.
  public func onCompletion(
    isolation: isolated (any Actor)? = #isolation,
    _ completion: @escaping () -> Void
  ) {
    switch self {
    case .none:
      completion()
    case .task(let task):
      Task {
        _ = isolation
        _ = await task.value
        completion()
      }
    }
  }

  /// Cancels the action's task; does nothing for `.none`.
  public func cancel() {
    if case .task(let task) = self { task.cancel() }
  }

  /// Whether the action's task was cancelled; `false` for `.none`.
  public var isCancelled: Bool {
    if case .task(let task) = self { return task.isCancelled }
    return false
  }
}
