#if os(Linux)
  import Foundation

  extension NotificationCenter {
    /// Apple's `notifications(named:object:)`: the notifications posted with `name` (and, when
    /// given, by `object`), as an async sequence, which modern view-models iterate in a task
    /// (`for await _ in NotificationCenter.default.notifications(named: ...)`).
    ///
    /// The observer is added when iteration starts and removed when the iterating task ends or
    /// is cancelled; notifications posted meanwhile are buffered, as on Apple platforms.
    public func notifications(named name: Notification.Name, object: AnyObject? = nil) -> Notifications {
      Notifications(center: self, name: name, object: object)
    }

    /// The notifications of one name, as `notifications(named:object:)` gives them.
    public struct Notifications: AsyncSequence, @unchecked Sendable {
      // Unchecked: `center` and `object` are only handed to `addObserver`, which any thread may
      // call; the sequence keeps no state of its own.
      public typealias Element = Notification
      let center: NotificationCenter
      let name: Notification.Name
      let object: AnyObject?

      public func makeAsyncIterator() -> AsyncIterator {
        let (stream, continuation) = AsyncStream<PostedNotification>.makeStream()
        let token = ObserverToken(
          center.addObserver(forName: name, object: object, queue: nil) { notification in
            continuation.yield(PostedNotification(value: notification))
          })
        let center = CenterReference(center)
        continuation.onTermination = { _ in center.value.removeObserver(token.value) }
        return AsyncIterator(base: stream.makeAsyncIterator())
      }

      /// Waits for the next notification; nil once the iterating task is cancelled.
      public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<PostedNotification>.AsyncIterator
        public mutating func next() async -> Notification? { await base.next()?.value }
      }
    }
  }

  /// A notification on its way from the poster to the iterating task.
  struct PostedNotification: @unchecked Sendable {
    // Unchecked: Linux's `Notification` is not Sendable; each one is handed over once, from the
    // posting code to the one task that iterates, and never touched by the poster again here.
    var value: Notification
  }

  /// The observer `addObserver` returned, for the stream's termination handler.
  private final class ObserverToken: @unchecked Sendable {
    // Unchecked: set once here and only passed to `removeObserver`, which is thread-safe.
    let value: any NSObjectProtocol
    init(_ value: any NSObjectProtocol) { self.value = value }
  }

  /// The center, for the stream's termination handler.
  private final class CenterReference: @unchecked Sendable {
    // Unchecked: NotificationCenter is thread-safe; the reference never changes.
    let value: NotificationCenter
    init(_ value: NotificationCenter) { self.value = value }
  }
#endif
