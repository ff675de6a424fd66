import Simulation
import Synchronization

/// Where the lines a view-model prints come from: the front end captures standard output and
/// hands the session what was printed, so that prints and events keep their order.
package protocol PrintSource: Sendable {
  /// Complete lines printed since the last call.
  func collect() -> [String]
}

/// Collects events from wherever they happen: effect tasks, cancellation handlers, dependencies.
///
/// Cancellation handlers run in whichever context cancels, so the sink is a lock-owning type
/// rather than main-actor state. Before an event is added, lines the view-model printed are
/// collected, so prints and events keep their order.
package final class EventSink: Sendable {
  private let events = Mutex<[TimedEvent]>([])
  /// Failures reported during the step, which end it with an error (`fail`).
  private let failures = Mutex<[ScenarioError.Reason]>([])
  /// Simulation time at which the session's time is 0.
  private let origin = Mutex<Duration>(.zero)
  private let prints: (any PrintSource)?

  /// The sandbox's real folder, which what the view-model prints and logs shows as `/sandbox`.
  private let sandbox: String?
  /// Simulation time now.
  private let now: @Sendable () -> Duration

  init(
    prints: (any PrintSource)?, sandbox: String?, now: @escaping @Sendable () -> Duration
  ) {
    self.prints = prints
    self.sandbox = sandbox
    self.now = now
  }

  func setOrigin(_ time: Duration) { origin.guarded { $0 = time } }

  /// Fails the step with `reason` when it ends.
  package func fail(_ reason: ScenarioError.Reason) { failures.guarded { $0.append(reason) } }

  /// The failures reported since the last call.
  func takeFailures() -> [ScenarioError.Reason] { failures.guarded { taken in defer { taken = [] }; return taken } }

  /// Adds `event` after anything printed so far, stamped with the current virtual time.
  package func emit(_ event: Event) {
    withEvents(adding: event) { _ in }
  }

  /// Takes what was printed so far, stamped with the current virtual time: called before time
  /// moves, so that a line printed at 1 s reads 1 s, not the time the step ended at.
  func collectPrints() {
    // Called whenever time moves (every timer's firing): with nothing printed, nothing to stamp.
    guard let printed = prints?.collect(), !printed.isEmpty else { return }
    withEvents(printed: printed) { _ in }
  }

  /// Takes what was printed so far and returns where the next event will go: `insert(_:at:)`
  /// can then put an event before what a job about to run emits.
  func mark() -> Int {
    withEvents { $0.count }
  }

  /// Puts `event`, stamped now, at `index` (a `mark()`), before what was emitted since.
  func insert(_ event: Event, at index: Int) {
    let time = now() - origin.guarded { $0 }
    withEvents { events in
      events.insert(TimedEvent(time: time, event: event.shown(sandbox: sandbox)), at: min(index, events.count))
    }
  }

  /// Lines of the events emitted so far in this step, without taking them.
  /// The warnings emitted since the last `take`, as lines.
  func peekWarnings() -> [String] {
    withEvents { events in events.filter(\.event.isWarning).map { EventText.line(for: $0.event) } }
  }

  func peekLines() -> [String] {
    withEvents { events in events.map { EventText.line(for: $0.event) } }
  }

  /// Everything emitted since the last call, prints included.
  func take() -> [TimedEvent] {
    withEvents { events in
      defer { events.removeAll() }
      return events
    }
  }

  /// Appends what was printed (`printed`, when the caller collected it already, and `event`),
  /// stamped with the current virtual time, then gives
  /// `body` the events under the lock.
  private func withEvents<Result>(
    adding event: Event? = nil, printed collected: [String]? = nil, _ body: (inout [TimedEvent]) -> Result
  ) -> Result {
    let printed = collected ?? prints?.collect() ?? []
    let time = now() - origin.guarded { $0 }
    return events.guarded { events in
      // Shown as every event is: the sandbox's folder `/sandbox`, an address `0x…`.
      events.append(contentsOf: printed.map { TimedEvent(time: time, event: LogLine.event(forPrinted: $0).shown(sandbox: sandbox)) })
      if let event { events.append(TimedEvent(time: time, event: event.shown(sandbox: sandbox))) }
      return body(&events)
    }
  }
}
