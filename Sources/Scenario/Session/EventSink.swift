import Synchronization

/// Collects events from wherever they happen: effect tasks, cancellation handlers, dependencies.
///
/// Cancellation handlers run in whichever context cancels, so the sink is a lock-owning type
/// rather than main-actor state. Before an event is added, lines the view-model printed are
/// collected, so prints and events keep their order.
public final class EventSink: Sendable {
  private let events = Mutex<[Event]>([])
  private let capture: OutputCapture?

  init(capture: OutputCapture?) { self.capture = capture }

  /// Adds `event` after anything printed so far.
  public func emit(_ event: Event) {
    let printed = capture?.collect() ?? []
    events.withLock { events in
      events.append(contentsOf: printed.map(Event.printed))
      events.append(event)
    }
  }

  /// Lines of the events emitted so far in this step, without taking them.
  func peekLines() -> [String] {
    let printed = capture?.collect() ?? []
    return events.withLock { events in
      events.append(contentsOf: printed.map(Event.printed))
      return events.map(EventText.line(for:))
    }
  }

  /// Everything emitted since the last call, prints included.
  func take() -> [Event] {
    let printed = capture?.collect() ?? []
    return events.withLock { events in
      events.append(contentsOf: printed.map(Event.printed))
      defer { events.removeAll() }
      return events
    }
  }
}
