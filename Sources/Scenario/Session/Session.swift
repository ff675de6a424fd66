import Foundation
import Synchronization
import Simulation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A REPL session: the model in use, its effects, the event log; it carries out the session's
/// commands a `Timeline` hands it, which is where a line is parsed and routed.
///
/// Create it on the simulation's driving thread, handed the simulation `Simulation.install()`
/// returns; every command runs the view-model's jobs on that thread until they are idle.
///
/// ```swift
/// let timeline = Timeline(models: Examples.all)
/// let result = timeline.execute("use refresh", line: 1)  // carried out by timeline.session
/// ```
@MainActor
package final class Session {
  /// The models `use` can start.
  package let models: [ModelDefinition]

  let simulation: Simulation
  let sink: EventSink
  let tracker: EffectTracker
  /// Warns when a job off the main lane changes the view state.
  let mainThreadChecker: MainThreadChecker
  /// The state paths `watch` follows.
  let watches: WatchList
  let random = RandomSource()
  let world: World

  /// The model the last `use` started, until the next `use` or the session's end.
  var model: ModelInUse?
  /// Its `objectWillChange`, followed for the main-thread check, until it is left.
  var publishing: PublishingWatch?
  var definition: ModelDefinition? { model?.definition }
  var context: ModelContext? { model?.context }
  /// The model's object while the screen shows it: nil after `leave`.
  var instance: ModelInstance? { model?.instance }
  /// The log: each step's events and error, as `log` lists them.
  let log = SessionLog()
  var logLines: [String] { log.lines }
  /// The warnings of the session since its `use`, as the log says them.
  var warningTexts: [String] { log.warnings + sink.peekWarnings() }
  /// The state the last step ended with, and where the program stood when it was read (nil
  /// when the reading cannot be matched: read outside the simulation's sight).
  var lastReading: (state: StateValue, mark: ActivityMark?)?
  var lastState: StateValue? { lastReading?.state }
  /// The last reading of the view state, and where the program stood when it was taken.
  private var reading: Reading<StateValue>?
  /// Set while a query runs, the only command that may reuse `reading`: every other command may
  /// call view-model code outside any job or `watched` (a `respond`'s completion handler, a
  /// task's cancellation handler, a `defaults` write a computed property reads).
  private var readingsReusable = false
  /// The type of the model the last `leave` let go of (`expect freed`).
  var leftScreenType: String?
  /// The model the last `leave` let go of, while something still holds it: a `use` that makes
  /// this same object again makes an instance the app keeps (a shared one), not a leak.
  weak var keptAfterLeaving: AnyObject?
  /// Whether the last `use` made the object the last `leave` let go of.
  package internal(set) var reusedKeptModel = false
  /// How many of the pinned schedule's unmet departures the transcript has reported.
  var reportedUnmet = 0
  /// Where `body=@FILE` and cassettes are found, and how they are read (`SessionEnvironment`).
  package let baseDirectory: String
  package let files: any FileAccess
  /// `defaults` lines since the last `use`, applied once the next `use` has emptied the sandbox,
  /// before the model's `init` (a model in use gets them at once too).
  var pendingDefaults: [(key: String, value: CommandValue, suite: String?)] = []
  /// `stub` lines before `use`, applied by the next `use` before the model's `init`.
  var pendingStubs: [(dependency: Located<String>, route: RequestSelector?, outcome: Located<String>, arguments: [CommandArgument], endColumn: Int)] = []
  /// This session's number in the process, for `ModelContext.session`.
  let number: Int

  @MainActor private static var count = 0

  /// A session made whole from `environment` (its models, prints, front-end commands, timer
  /// limit and files) on `simulation`, the process's executor.
  init(_ environment: SessionEnvironment, simulation: Simulation) {
    self.models = environment.models
    self.baseDirectory = environment.baseDirectory
    self.files = environment.files
    self.simulation = simulation
    self.world = World(simulation: simulation)
    self.sink = EventSink(prints: environment.prints, sandbox: Storage.root, now: { [simulation] in simulation.now })
    self.tracker = EffectTracker(simulation: simulation, sink: sink)
    tracker.timerLimit = environment.timerLimit
    Self.count += 1
    self.number = Self.count
    // The state now, for the checker and the watches: nil while no model is in use. They are
    // made before `self` is whole, so they read the session through a handle set just after.
    let handle = SessionHandle()
    let reading: @MainActor @Sendable () -> StateValue? = { [handle] in
      guard let session = handle.session, session.instance?.object != nil else { return nil }
      return session.snapshot()
    }
    self.mainThreadChecker = MainThreadChecker(
      sink: sink,
      snapshot: reading,
      kinds: { [handle] in
        guard let object = handle.session?.instance?.object else { return [:] }
        return PropertyObservation.kinds(of: object)
      })
    self.watches = WatchList(
      sink: sink,
      snapshot: reading,
      describe: { [handle] job in handle.session?.describe(job) ?? job.kind.text })
    handle.session = self
    // What was printed, and hidden work that ended, before time moves carry the time they
    // happened at. Time moves on the driving thread, which is the main thread.
    let drivingIsMain = DrivingThreadCheck()
    simulation.observeTime { [sink, tracker] in
      sink.collectPrints()
      // Time moves at every timer's firing, always on the driving thread: whether that is the
      // main thread is asked once (`Thread.isMainThread` makes two system calls).
      var isMain = drivingIsMain.answer.load(ordering: .relaxed)
      if isMain < 0 {
        isMain = Thread.isMainThread ? 1 : 0
        drivingIsMain.answer.store(isMain, ordering: .relaxed)
      }
      // The main actor's check costs as much as the rest of a firing's bookkeeping: asked only
      // when there may be an end to report.
      if isMain == 1 && tracker.mayHaveBackgroundEnds { MainActor.assumeIsolated { tracker.noteBackgroundEnds() } }
    }
  }

  /// How many timers `settle` and `await` may fire before they report a runaway.
  package var timerLimit: Int { tracker.timerLimit }

  /// How long `await` waits in wall time for work outside the executor (a real request).
  package var externalWaitLimit: Duration {
    get { tracker.externalWaitLimit }
    set { tracker.externalWaitLimit = newValue }
  }

  /// Session virtual time.
  package var now: Duration { tracker.now }

  /// The model in use, if any.
  package var modelName: String? { definition?.name }

  /// Whether the last step stopped between two jobs with jobs still ready (`step`, `until`): the
  /// prompt says so, and queries look without running them.
  package internal(set) var hasJobsReady = false

  /// Names for completion: actions, properties, dependencies, effect ids of the model in use.
  package var actionNames: [String] { instance?.actions.map(\.name) ?? [] }
  package var propertyNames: [String] { instance?.properties.map(\.name) ?? [] }
  package var dependencyNames: [String] { context?.dependencies.map(\.name) ?? [] }
  package var effectIDs: [Int] { tracker.effects.map(\.id) }
  package var statePaths: [String] {
    guard case .record(_, let fields)? = lastState else { return [] }
    return fields.map(\.name)
  }

  /// Applies `command`, runs every ready job, and reports what happened.
  package func execute(_ command: SessionCommand, source: String, line number: Int?) -> StepResult {
    perform(.session(command), source: source, line: number) { (result) throws(ScenarioError) in
      try apply(command, to: &result)
    }
  }

  /// The step of a front-end command, which the front end carries out after it (the model is
  /// as it was); an error when no front end `claimed` it.
  package func execute(_ command: FrontEndCommand, claimed: Bool, source: String, line number: Int?) -> StepResult {
    perform(.frontEnd(command), source: source, line: number) { (_) throws(ScenarioError) in
      guard claimed else {
        guard let file = command.file else { throw ScenarioError(.cannotExploreHere, column: 1) }
        throw ScenarioError(.interactiveOnly(command.name, file: file.value), column: 1)
      }
    }
  }

  /// Carries a command out with `body`, runs every ready job, and reports what happened.
  private func perform(
    _ routed: Command, source: String, line number: Int?, _ body: (inout StepResult) throws(ScenarioError) -> Void
  ) -> StepResult {
    var result = StepResult(line: number, source: source)
    result.command = routed
    let command: SessionCommand? = if case .session(let command) = routed { command } else { nil }
    simulation.beginStep(number.map { "line \($0): \(source)" } ?? source)
    // The step's life, begun and ended here: the progress line's watchdog reports only inside it.
    defer { simulation.endStep() }
    var collector = StepCollector(sink: sink, tracker: tracker, simulation: simulation)
    result.previousState = lastState
    readingsReusable = routed.name.isQuery
    defer { readingsReusable = false }
    tracker.beginStep(reusing: readingsReusable ? simulation.activityMark : nil)
    mainThreadChecker.beginStep(source)
    do {
      try body(&result)
    } catch {
      var error = error
      if error.line == nil { error.line = number }
      result.error = error
    }
    // What the command changed itself, outside any job (a synchronous action, `set`).
    if instance != nil, !watches.isEmpty { watches.check(by: "`\(source)` itself") }
    if routed.name.life == .begins, result.error == nil {
      // A new session: its time starts at zero and its state is not a change from the last one.
      collector.restart()
      result.previousState = nil
    }
    // How the step ends is the command's (the command table's `StepEnding`).
    let stopsBetweenJobs = switch routed.ending {
    case .betweenJobs: true
    case .asItWas: hasJobsReady
    case .runsReadyJobs: false
    }
    if stopsBetweenJobs {
      hasJobsReady = simulation.hasWaitingJobs
    } else {
      // What a purge of spent timers released (a stale sleeper's wake-up) runs before the step ends.
      var settled = tracker.settleAfterStep()
      if settled == nil, simulation.purgeStaleTimers() { settled = tracker.settleAfterStep() }
      if let error = settled, result.error == nil {
        var error = error
        error.line = number
        result.error = error
      }
      hasJobsReady = false
    }
    // A stand-in's call nobody answered fails the step, after what it made happen is shown.
    if let failure = sink.takeFailures().first, result.error == nil {
      result.error = ScenarioError(failure, line: number)
    }
    collector.gatherEvents(into: &result, departures: scheduleEvents(), reportsPending: routed.showsState)
    // A command may have called view-model code outside the simulation's sight: readings taken
    // before now (the handles a query's step began with) are not to be reused after it. The
    // state read below is read afresh, since a command is no query.
    if !readingsReusable { simulation.noteActivity() }
    if instance != nil {
      let state = snapshot()
      // The reading the last step ended with, reused: nothing changed.
      let lastMark = lastReading?.mark
      collector.gatherState(state, unchanged: readingsReusable && lastMark != nil && lastMark == reading?.mark, into: &result)
      lastReading = (state, reading?.mark)
    }
    collector.noteIfNothingChanged(by: command?.sentAction, in: &result)
    result.showsState = routed.showsState && instance != nil && result.error == nil
      || (routed.showsState && instance != nil && !result.changes.isEmpty)
    result.isQuit = routed.name.life == .ends
    result.interrupted = tracker.interrupted
    log.record(result)
    return result
  }

  /// The view state now, when a model is in use.
  package var currentState: StateValue? { instance == nil ? nil : snapshot() }

  /// Ends the session: cancels its effects and runs what that makes ready. Returns whether
  /// everything the session started has ended (no effect runs, no hidden work is alive).
  package func finish() -> Bool {
    tracker.cancel(tracker.effects.filter(\.isRunning))
    tracker.settleAfterStep()
    if simulation.purgeStaleTimers() { tracker.settleAfterStep() }
    _ = sink.take()
    model = nil
    simulation.observeLanes(nil)
    simulation.observeJobs(nil)
    simulation.observeTime(nil)
    simulation.setForeignWorkHook(nil)
    simulation.onURLSessionTaskResume(nil)
    HTTPRouter.shared.install(nil)
    Storage.removeScratch(session: number)
    // The next session of the process (a replay worker's next scenario) starts with empty
    // storage even before its first `use` (a bare `defaults` reads it).
    Storage.reset()
    return !tracker.hasLiveWork
  }

  /// The view state now. A query reuses the last reading when nothing ran since it was taken
  /// (a step of `expect` lines reads the state twice each, the same state).
  func snapshot() -> StateValue {
    // The object and the reader only: a copy of the whole instance (its actions, properties and
    // closures) cost a fifth of a reading, and the main-thread checker reads around off-main jobs.
    guard let model = instance?.object, let read = instance?.state else { return .null }
    let object = ObjectIdentifier(model)
    if readingsReusable, let reading, reading.holds(at: simulation.activityMark, for: object) {
      return reading.value
    }
    // Strings and URLs naming the sandbox's folder come out spelled `/sandbox` (StateValue).
    let state = simulation.watched { read() }
    // Taken after the reading: `watched` moves the mark on, before and after the code it runs.
    reading = simulation.activityMark.map { Reading(mark: $0, object: object, value: state) }
    return state
  }

  func requireModel() throws(ScenarioError) -> ModelInstance {
    guard let instance else {
      throw ScenarioError(.noModelInUse)
    }
    return instance
  }
}

/// Whether the driving thread is the main thread, once asked (-1 before).
private final class DrivingThreadCheck: Sendable {
  let answer = Atomic<Int8>(-1)
}

/// The session as the closures it hands its checker and watches reach it: they are made in the
/// session's `init`, before the session is whole, and the handle is set once it is. Weak: the
/// checker and the watches belong to the session.
@MainActor
private final class SessionHandle {
  weak var session: Session?
}
