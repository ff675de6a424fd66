import Synchronization

/// Resumes the task that waits for an operation exactly once, telling it whether the operation
/// was cancelled: when the operation has run, or when it is thrown away unrun (which counts as
/// cancelled: the connection it was meant for went away).
///
/// An `AsyncStream` drops what it still buffers when its consumer is cancelled, and `yield` to a
/// finished stream drops the element. Without this, an action added just before a disconnect
/// would leave its `Effect` waiting forever (and the runtime would report a leaked
/// continuation). The ticket is captured by the operation closure, so dropping the closure
/// releases the ticket, and `deinit` resumes the waiter.
final class OperationTicket: Sendable {
  private let waiter: Mutex<CheckedContinuation<Bool, Never>?>

  init(_ waiter: CheckedContinuation<Bool, Never>) {
    self.waiter = Mutex(waiter)
  }

  /// Resumes the waiter, if nothing has yet, with whether the operation was cancelled.
  func finish(cancelled: Bool) {
    waiter.withLock { waiter in
      waiter?.resume(returning: cancelled)
      waiter = nil
    }
  }

  deinit { finish(cancelled: true) }
}
