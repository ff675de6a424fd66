import Simulation
import Synchronization

/// Collects events from wherever they happen: effect tasks, cancellation handlers, dependencies.
///
/// Cancellation handlers run in whichever context cancels, so the sink is a lock-owning type
/// rather than main-actor state. Before an event is added, lines the view-model printed are
/// collected, so prints and events keep their order.
package final class EventSink: Sendable {
  private let events = Mutex<[TimedEvent]>([])
  /// Simulation time at which the session's time is 0.
  private let origin = Mutex<Duration>(.zero)
  private let capture: OutputCapture?

  init(capture: OutputCapture?) { self.capture = capture }

  func setOrigin(_ time: Duration) { origin.withLock { $0 = time } }

  /// Adds `event` after anything printed so far, stamped with the current virtual time.
  package func emit(_ event: Event) {
    let printed = capture?.collect() ?? []
    let time = Simulation.shared.now - origin.withLock { $0 }
    events.withLock { events in
      events.append(contentsOf: printed.map { TimedEvent(time: time, event: .printed($0)) })
      events.append(TimedEvent(time: time, event: event))
    }
  }

  /// Lines of the events emitted so far in this step, without taking them.
  func peekLines() -> [String] {
    let printed = capture?.collect() ?? []
    let time = Simulation.shared.now - origin.withLock { $0 }
    return events.withLock { events in
      events.append(contentsOf: printed.map { TimedEvent(time: time, event: .printed($0)) })
      return events.map { EventText.line(for: $0.event) }
    }
  }

  /// Everything emitted since the last call, prints included.
  func take() -> [TimedEvent] {
    let printed = capture?.collect() ?? []
    let time = Simulation.shared.now - origin.withLock { $0 }
    return events.withLock { events in
      events.append(contentsOf: printed.map { TimedEvent(time: time, event: .printed($0)) })
      defer { events.removeAll() }
      return events
    }
  }
}
