import Synchronization

/// Runs a view-model's action tasks for as long as the view is connected, and cancels them when
/// it goes away, while each action stays cancellable on its own.
///
/// The view connects from its lifetime (SwiftUI's `.task`); the view-model turns actions into
/// `Effect`s with `add`:
///
/// ```swift
/// @MainActor final class ViewModel {
///   private let tasks = TaskEffectHandler()
///   func connect() async { await tasks.connect() }
///
///   @discardableResult
///   func handle(_ action: Action) -> Effect {
///     switch action {
///     case .buttonTap: return tasks.add { try? await Task.sleep(for: .seconds(2)) }
///     case .reset: count = 0; return .none
///     }
///   }
/// }
/// ```
///
/// Each operation runs as a child of the `withDiscardingTaskGroup` inside `connect()`, so
/// cancelling the connecting task cancels every operation in flight. The `Effect` that `add`
/// returns is a second task that waits for the first and forwards its own cancellation, which is
/// what makes `cancel()` on one effect (or cancelling whoever awaits `completion`) stop just that
/// operation.
public final class TaskEffectHandler: Sendable {
  private typealias Operation = @Sendable () async -> Void
  private typealias OperationStream = AsyncStream<Operation>

  private struct Connection {
    var operations: OperationStream.Continuation
    var generation: Int
  }

  private let connection = Mutex<Connection?>(nil)
  private let generations = Atomic<Int>(0)
  private let warn: @Sendable (String) -> Void

  /// Creates a handler; `warning` receives the message for an action added while nothing is
  /// connected (by default it is printed, as the article does).
  public init(warning: @escaping @Sendable (String) -> Void = { print("⚠️ Warning: \($0)") }) {
    self.warn = warning
  }

  /// Whether a `connect()` is running.
  public var isConnected: Bool { connection.withLock { $0 != nil } }

  /// Runs the operations that `add` sends until the calling task is cancelled, then cancels the
  /// ones still running and returns once they have ended.
  ///
  /// A second `connect()` finishes the first one's stream: the first stops taking operations,
  /// lets its running ones end, and returns, while new operations go to the second.
  public func connect() async {
    let (stream, operations) = OperationStream.makeStream()
    let generation = generations.add(1, ordering: .relaxed).newValue
    let previous = connection.withLock { connection in
      defer { connection = Connection(operations: operations, generation: generation) }
      return connection?.operations
    }
    previous?.finish()
    await withDiscardingTaskGroup { group in
      for await operation in stream {
        group.addTask { await operation() }
      }
    }
    // Only forget the connection if a newer `connect()` has not replaced it.
    connection.withLock { connection in
      if connection?.generation == generation { connection = nil }
    }
    operations.finish()
  }

  /// Sends `operation` to the connected `connect()` and returns its `Effect`; with nothing
  /// connected, warns "adding tasks before connecting" and runs it as a plain task.
  ///
  /// The effect's `isCancelled` is true once the operation was cancelled, through the effect
  /// itself, through whoever awaited its `completion`, or by the view going away.
  public func add(_ operation: @escaping @Sendable () async -> Void) -> Effect {
    guard let operations = connection.withLock({ $0?.operations }) else {
      return runUnconnected(operation)
    }
    let (cancellations, cancel) = AsyncStream<Void>.makeStream()
    return .task(
      Task {
        let cancelled = await withTaskCancellationHandler {
          await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
            let ticket = OperationTicket(waiter)
            let result = operations.yield {
              // Runs inside connect()'s task group: cancelled when connect() is.
              let operationTask = Task {
                await operation()
                cancel.finish()
              }
              // Ends when the operation ends, or at once when connect() is cancelled.
              for await _ in cancellations {
                operationTask.cancel()
              }
              if Task.isCancelled {
                operationTask.cancel()
              }
              // Wait for the operation to end, cancelled or not, so that `completion` means ended.
              _ = await operationTask.value
              ticket.finish(cancelled: operationTask.isCancelled)
            }
            if case .terminated = result {
              // connect() ended between `add` and this task starting: nothing will run it.
              self.warn("the connection ended before the action could start; it did not run")
              ticket.finish(cancelled: true)
            }
          }
        } onCancel: {
          cancel.yield()
        }
        // An operation cancelled by a disconnect marks its effect cancelled too, so that
        // `isCancelled` tells how the action ended, whoever cancelled it.
        if cancelled { withUnsafeCurrentTask { $0?.cancel() } }
      })
  }

  private func runUnconnected(_ operation: @escaping @Sendable () async -> Void) -> Effect {
    warn("adding tasks before connecting")
    return .task(Task { await operation() })
  }
}
