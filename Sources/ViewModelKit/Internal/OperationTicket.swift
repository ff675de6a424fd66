import Synchronization

/// Resumes the task that waits for an operation exactly once: when the operation has run, or
/// when the operation is thrown away unrun.
///
/// An `AsyncStream` drops what it still buffers when its consumer is cancelled, and `yield` to a
/// finished stream drops the element. Without this, an action added just before a disconnect
/// would leave its `Effect` waiting forever (and the runtime would report a leaked
/// continuation). The ticket is captured by the operation closure, so dropping the closure
/// releases the ticket, and `deinit` resumes the waiter.
final class OperationTicket: Sendable {
  private let waiter: Mutex<CheckedContinuation<Void, Never>?>

  init(_ waiter: CheckedContinuation<Void, Never>) {
    self.waiter = Mutex(waiter)
  }

  /// Resumes the waiter if nothing has yet.
  func finish() {
    waiter.withLock { waiter in
      waiter?.resume()
      waiter = nil
    }
  }

  deinit { finish() }
}
