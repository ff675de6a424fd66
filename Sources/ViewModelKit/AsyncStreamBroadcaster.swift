import Synchronization

/// Hands every value to any number of `AsyncStream`s: a multicast `AsyncStream`, which the
/// standard library does not have.
///
/// Each `makeStream()` gets a stream of its own, with the broadcaster's buffering policy; `yield`
/// reaches every live stream; `finish` ends them all. A stream whose consumer went away (its task
/// was cancelled, or the stream was dropped) is removed at once, so `subscriberCount` is exact.
///
/// ```swift
/// actor Repository {
///   nonisolated let changes = AsyncStreamBroadcaster<Void>(bufferingPolicy: .bufferingNewest(1))
///   func insert(_ item: Item) throws {
///     try save(item)
///     changes.yield(())
///   }
/// }
///
/// // In a view-model's `.task`:
/// for await _ in repository.changes.makeStream() { await reload() }
/// ```
public final class AsyncStreamBroadcaster<Element: Sendable>: Sendable {
  private struct Subscribers {
    var nextID = 0
    var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
    var isFinished = false
  }

  private let bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy
  private let subscribers = Mutex(Subscribers())

  /// A broadcaster whose streams buffer by `bufferingPolicy` (`.bufferingNewest(1)` keeps only
  /// the latest value for a consumer that is busy, which suits "something changed" signals).
  public init(bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded) {
    self.bufferingPolicy = bufferingPolicy
  }

  /// A new stream that receives every value yielded from now on; already finished if the
  /// broadcaster is.
  public func makeStream() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
    let id = subscribers.withLock { subscribers -> Int? in
      guard !subscribers.isFinished else { return nil }
      defer { subscribers.nextID += 1 }
      subscribers.continuations[subscribers.nextID] = continuation
      return subscribers.nextID
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    // Runs on the thread that cancels the consumer or drops the stream, never under our lock
    // (yield and finish call the continuations outside it), so removing here cannot deadlock.
    continuation.onTermination = { [weak self] _ in
      _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  /// Sends `value` to every live stream.
  public func yield(_ value: Element) {
    for continuation in subscribers.withLock({ $0.continuations.sorted { $0.key < $1.key }.map(\.value) }) {
      continuation.yield(value)
    }
  }

  /// Ends every stream; streams made afterwards end at once.
  public func finish() {
    let continuations = subscribers.withLock { subscribers in
      subscribers.isFinished = true
      defer { subscribers.continuations.removeAll() }
      return subscribers.continuations.sorted { $0.key < $1.key }.map(\.value)
    }
    for continuation in continuations { continuation.finish() }
  }

  /// How many streams are live.
  public var subscriberCount: Int { subscribers.withLock { $0.continuations.count } }
}
