internal import CSimulationRuntime

/// A strong reference to the task that called `Task.sleep`, kept by its timer.
///
/// The runtime wakes a sleeper through a separate wake-up job that it hands to the executor with
/// the deadline; when the sleeper is cancelled, that job stays queued and only cleans up when it
/// runs. To know that such a timer no longer matters (and must not make time jump), the timer asks
/// the sleeping task whether it was cancelled.
///
/// `UnsafeCurrentTask` is a single reference to the runtime's task object, which is a native,
/// reference-counted Swift heap object (it is what `Task` handles retain). Retaining it through
/// `Unmanaged` keeps it alive after the sleeper resumes, so `isCancelled` (an atomic read of the
/// task's status) is always made on a live object.
struct SleeperReference: @unchecked Sendable {
  // Sendable: the pointee is a thread-safe, reference-counted runtime object; the only operations
  // made through this pointer are retain, release and an atomic status read.
  private let pointer: UnsafeMutableRawPointer

  /// Retains the task running the caller, or returns nil outside a task and in an `async let`
  /// child: its parent's allocator frees it when the `async let` is done with, retained or not,
  /// and a later look at it (is it cancelled?) or release read freed memory (a crash
  /// `vmrepl-shapes` found: `let(clock(1), bump)` cancelled mid-sleep). Its wake-up then stays
  /// live until its deadline, where the runtime's own wake-up job runs and finds it done.
  static func current() -> SleeperReference? {
    withUnsafeCurrentTask { task -> SleeperReference? in
      guard let task else { return nil }
      let pointer = unsafeBitCast(task, to: UnsafeMutableRawPointer.self)
      if vmrepl_task_is_async_let(pointer) != 0 { return nil }
      _ = Unmanaged<AnyObject>.fromOpaque(pointer).retain()
      return SleeperReference(pointer: pointer)
    }
  }

  /// Whether the sleeping task has been cancelled, which ends its sleep at once.
  var isCancelled: Bool {
    unsafeBitCast(pointer, to: UnsafeCurrentTask.self).isCancelled
  }

  /// The task's address, to tell tasks apart (never printed).
  var address: UInt { UInt(bitPattern: pointer) }

  /// Asks the task to cancel, as `Task.cancel()` would.
  func cancel() {
    unsafeBitCast(pointer, to: UnsafeCurrentTask.self).cancel()
  }

  /// Balances the retain taken by `current()`; call exactly once.
  func release() {
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
  }
}
