import Simulation

/// Gathers what a step did once its command was carried out and its jobs ran: the events (the
/// sink's, the schedule's departures, a source vmrepl cannot control, a blocked main thread,
/// hidden work), the virtual time it moved, the state it left with what changed, and the note
/// that a sent action changed nothing. The session decides what runs; this only collects.
@MainActor
struct StepCollector {
  private let sink: EventSink
  private let tracker: EffectTracker
  private let simulation: Simulation
  /// Virtual time when the step began (or when a `use` began a new model's session).
  private var start: Duration
  /// Jobs the simulation had run when the step began.
  private let jobsBefore: Int

  init(sink: EventSink, tracker: EffectTracker, simulation: Simulation) {
    self.sink = sink
    self.tracker = tracker
    self.simulation = simulation
    self.start = tracker.now
    self.jobsBefore = simulation.jobsRun
  }

  /// A new model's session began in the step: its time is counted from now.
  mutating func restart() { start = tracker.now }

  /// The step's events into `result`, in the order they happened, then the time it moved;
  /// `reportsPending`: whether hidden work still running is reported (by steps that can change
  /// things, not by every query).
  func gatherEvents(into result: inout StepResult, departures: [Event], reportsPending: Bool) {
    for event in departures { sink.emit(event) }
    for source in simulation.takeUnsupportedSources() {
      sink.emit(.warning(Self.unsupportedMessage(source), about: .unsupportedSource(source: source)))
    }
    for block in simulation.takeMainThreadBlocks() {
      sink.emit(.mainThreadBlocked(waitingOn: block.waitingOn, from: block.from - tracker.origin, to: block.to - tracker.origin))
    }
    let now = tracker.now
    let hidden = tracker.backgroundEvents(reportPending: reportsPending)
    result.events = sink.take() + hidden.map { TimedEvent(time: now, event: $0) }
    if now != start { result.events.append(TimedEvent(time: now, event: .timeMoved(from: start, to: now))) }
    result.startTime = start
    result.time = now
  }

  /// The state the step left, and what changed since the state it began with (nothing, when
  /// `unchanged`: the reading the last step ended with was reused).
  func gatherState(_ state: StateValue, unchanged: Bool, into result: inout StepResult) {
    result.state = state
    if let previous = result.previousState, !unchanged { result.changes = StatePath.changes(from: previous, to: state) }
  }

  /// Notes that `action` changed nothing when the step did nothing at all: no error, no change,
  /// no job run, nothing of its own left running, no event that shows activity. A guard that
  /// ignored the action (`guard !isProcessing else { return }`) looks like this.
  func noteIfNothingChanged(by action: Located<String>?, in result: inout StepResult) {
    // A job that ran in the step did something, whoever's work it was (a signal that woke a
    // worker thread `use` started, a block another step queued). "Changed nothing" speaks of
    // this step's own work only: an earlier step's work (the first tap's, which a guard
    // protects) may still run beside it, and the same step says so.
    guard let action, result.error == nil, result.changes.isEmpty, tracker.stepLeftNothingRunning,
      simulation.jobsRun == jobsBefore,
      !result.events.contains(where: { $0.event.showsActivity || $0.event.isBackgroundEnd })
    else { return }
    result.events.append(
      TimedEvent(time: tracker.now, event: .note("`\(action.value)` changed nothing: the state is as it was, and it left no work of its own running")))
  }

  /// What a user is told when the view-model uses a source the simulation cannot control.
  static func unsupportedMessage(_ source: String) -> String {
    "the view-model used \(source), which vmrepl does not run on virtual time"
  }
}
