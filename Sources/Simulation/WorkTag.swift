internal import CSimulationRuntime
import Synchronization

/// The current task's value for a task-local key (the `TaskLocal` object), or nil.
@_silgen_name("swift_task_localValueGet")
private func taskLocalValueGet(_ key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

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
package final class WorkTag: Sendable {
  /// The name reports use for this work. Two steps may share it (`send tap` twice); `id` tells
  /// their work apart.
  package let label: String
  /// Unique in the process: timers, requests and reports know work by it, never by its label.
  package let id: UInt64

  private static let nextID = Atomic<UInt64>(1)
  private static let ended = Atomic<UInt64>(0)

  /// How many tags of the process have ended (gone with the last task that held them). Who
  /// watches tags through weak references asks this first and looks at them only when it moved:
  /// a weak reference's load costs more than a timer's firing's own bookkeeping.
  package static var endedCount: UInt64 { ended.load(ordering: .acquiring) }

  deinit { Self.ended.add(1, ordering: .releasing) }

  /// Creates a tag named `label`.
  package init(_ label: String) {
    self.label = label
    self.id = Self.nextID.add(1, ordering: .relaxed).oldValue
  }

  /// The tag of the running task, inherited from whoever started it.
  @TaskLocal package static var current: WorkTag?

  /// The current task's tag or, on a thread outside the simulation (URLSession's, an operation
  /// queue's), the tag of the step whose work handed that thread the block it is running.
  package static var inherited: WorkTag? {
    if let current { return current }
    guard let pointer = vmrepl_thread_tag() else { return nil }
    return Unmanaged<WorkTag>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The id of the current task's tag, read straight from the runtime's task-local storage: the
  /// executor asks on every enqueue, and `current`'s generic accessor costs more than the job.
  @inline(__always)
  static var currentID: UInt64? {
    let key = Unmanaged.passUnretained($current).toOpaque()
    guard let slot = taskLocalValueGet(key) else { return nil }
    guard let object = slot.load(as: UnsafeRawPointer?.self) else { return nil }
    return Unmanaged<WorkTag>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.id }
  }

  /// Runs `body` with `tag` as the current tag (as it is), so what `body` starts inherits it.
  static func running(_ tag: WorkTag?, _ body: () -> Void) {
    if let tag { $current.withValue(tag, operation: body) } else { body() }
  }
}
