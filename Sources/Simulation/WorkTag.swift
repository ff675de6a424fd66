/// A label that tasks inherit, so the simulation can say whose work a timer belongs to.
///
/// Unstructured `Task {}` and child tasks copy task-local values, so work that a view-model
/// starts and hides still carries the tag of the action that started it. Because a task releases
/// its task-locals when it ends, a weak reference to a tag also tells whether any task that
/// inherited it is still alive.
///
/// ```swift
/// let tag = WorkTag("send refresh")
/// WorkTag.$current.withValue(tag) { viewModel.send(.refresh) }
/// ```
public final class WorkTag: Sendable {
  /// The name reports use for this work.
  public let label: String

  /// Creates a tag named `label`.
  public init(_ label: String) { self.label = label }

  /// The tag of the running task, inherited from whoever started it.
  @TaskLocal public static var current: WorkTag?

  /// Runs `body` with `tag` as the current tag (as it is), so what `body` starts inherits it.
  static func running(_ tag: WorkTag?, _ body: () -> Void) {
    if let tag { $current.withValue(tag, operation: body) } else { body() }
  }
}
