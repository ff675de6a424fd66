import Foundation
import Synchronization
import Simulation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A REPL session: the model in use, its effects, the event log; it carries out the session's
/// commands a `Timeline` hands it, which is where a line is parsed and routed.
///
/// Create it on the simulation's driving thread after `Simulation.install()`; every command runs
/// the view-model's jobs on that thread until they are idle.
///
/// ```swift
/// let timeline = Timeline(models: Examples.all)
/// let result = timeline.execute("use refresh", line: 1)  // carried out by timeline.session
/// ```
@MainActor
package final class Session {
  /// The models `use` can start.
  package let models: [ModelDefinition]
  /// Front-end commands (`save`, `run`) the front end carries out; the session rejects the others.
  package var frontEndCommands: Set<CommandName> = []

  let simulation: Simulation
  let sink: EventSink
  let tracker: EffectTracker
  /// Warns when a job off the main lane changes the view state.
  private(set) var mainThreadChecker: MainThreadChecker!
  /// The state paths `watch` follows.
  private(set) var watches: WatchList!
  let random = RandomSource()
  let world: World

  var definition: ModelDefinition?
  var instance: ModelInstance?
  var context: ModelContext?
  /// The log: each step's events and error, as `log` lists them.
  var logLines: [String] {
    // Rendered when the log is read (`log`, `expect log contains`), not at every step: a step
    // of an exploration's schedule records its events and nothing reads them.
    if renderedLog.count < logEntries.count {
      renderedLog += logEntries[renderedLog.count...].map { entry in
        switch entry {
        case .event(let event): "[\(event.time.secondsText)] " + EventText.line(for: event.event)
        case .error(let time, let error): "[\(time.secondsText)] error: \(error.message)"
        }
      }
    }
    return renderedLog
  }
  private var logEntries: [LogEntry] = []
  /// The warnings of the session since its `use`, as the log says them.
  var warningTexts: [String] {
    logEntries.compactMap { entry in
      guard case .event(let event) = entry, event.event.isWarning else { return nil }
      return EventText.line(for: event.event)
    } + sink.peekWarnings()
  }
  /// The lines of the first entries, rendered.
  private var renderedLog: [String] = []
  private enum LogEntry {
    case event(TimedEvent)
    case error(time: Duration, error: ScenarioError)
  }
  var lastState: StateValue? { didSet { lastStateMark = nil } }
  /// Where the program stood when `lastState` was read.
  private var lastStateMark: ActivityMark?
  /// The last reading of the view state, and where the program stood when it was taken.
  private var reading: Reading<StateValue>?
  /// Set while a query runs, the only command that may reuse `reading`: every other command may
  /// call view-model code outside any job or `watched` (a `respond`'s completion handler, a
  /// task's cancellation handler, a `defaults` write a computed property reads).
  private var readingsReusable = false
  /// How many of the pinned schedule's unmet departures the transcript has reported.
  var reportedUnmet = 0
  /// Where `body=@FILE` and cassettes are found: the scenario's folder (the working directory
  /// at the prompt).
  package var baseDirectory = FileManager.default.currentDirectoryPath
  /// How those files are read and written: the front end hands in its access to the disk
  /// (`DiskFileAccess`); this layer does no file I/O of its own. Without one, a scenario that
  /// names a file is told the session has no file access.
  package var files: any FileAccess = NoFileAccess()
  /// `defaults` lines since the last `use`, applied once the next `use` has emptied the sandbox,
  /// before the model's `init` (a model in use gets them at once too).
  var pendingDefaults: [(key: String, value: CommandValue, suite: String?)] = []
  /// This session's number in the process, for `ModelContext.session`.
  let number: Int

  @MainActor private static var count = 0

  /// A session offering `models`; what the view-model prints, `prints` turns into events.
  package init(models: [ModelDefinition], prints: (any PrintSource)? = nil) {
    self.models = models
    self.simulation = Simulation.install()
    self.world = World(simulation: simulation)
    self.sink = EventSink(prints: prints)
    self.tracker = EffectTracker(simulation: simulation, sink: sink)
    Self.count += 1
    self.number = Self.count
    self.mainThreadChecker = MainThreadChecker(
      sink: sink,
      snapshot: { [weak self] in
        guard let self, self.instance?.object != nil else { return nil }
        return self.snapshot()
      },
      kinds: { [weak self] in
        guard let object = self?.instance?.object else { return [:] }
        return PropertyObservation.kinds(of: object)
      })
    self.watches = WatchList(
      sink: sink,
      snapshot: { [weak self] in
        guard let self, self.instance?.object != nil else { return nil }
        return self.snapshot()
      },
      describe: { [weak self] job in self?.describe(job) ?? job.kind.text })
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
  package var timerLimit: Int {
    get { tracker.timerLimit }
    set { tracker.timerLimit = newValue }
  }

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

  /// A front-end command reaches the session after (or, in a script, instead of) the front end
  /// that claimed it: it is a step like the others, which is an error when no front end did.
  package func execute(_ command: FrontEndCommand, source: String, line number: Int?) -> StepResult {
    perform(.frontEnd(command), source: source, line: number) { [frontEndCommands] (_) throws(ScenarioError) in
      guard frontEndCommands.contains(command.name) else {
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
    var before = now
    result.previousState = lastState
    readingsReusable = routed.name.isQuery
    defer { readingsReusable = false }
    tracker.beginStep(reusing: readingsReusable ? simulation.activityMark : nil)
    mainThreadChecker.beginStep(source)
    let jobsBeforeStep = simulation.jobsRun
    do {
      try body(&result)
    } catch {
      var error = error
      if error.line == nil { error.line = number }
      result.error = error
    }
    // What the command changed itself, outside any job (a synchronous action, `set`).
    if instance != nil, !watches.isEmpty { watches.check(by: "`\(source)` itself") }
    if case .use? = command, result.error == nil {
      // A new session: its time starts at zero and its state is not a change from the last one.
      before = now
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
    for event in scheduleEvents() { sink.emit(event) }
    for source in simulation.takeUnsupportedSources() { sink.emit(.warning(Self.unsupportedMessage(source), about: .unsupportedSource(source: source))) }
    for block in simulation.takeMainThreadBlocks() {
      sink.emit(.mainThreadBlocked(waitingOn: block.waitingOn, from: block.from - tracker.origin, to: block.to - tracker.origin))
    }
    // Hidden work is reported by the steps that can change things, not by every query.
    let hidden = tracker.backgroundEvents(reportPending: routed.showsState)
    result.events = sink.take() + hidden.map { TimedEvent(time: now, event: $0) }
    let after = now
    if after != before { result.events.append(TimedEvent(time: after, event: .timeMoved(from: before, to: after))) }
    result.startTime = before
    result.time = after
    // A command may have called view-model code outside the simulation's sight: readings taken
    // before now (the handles a query's step began with) are not to be reused after it. The
    // state read below is read afresh, since a command is no query.
    if !readingsReusable { simulation.noteActivity() }
    if instance != nil {
      let state = snapshot()
      // The reading the last step ended with, reused: nothing changed.
      let unchanged = readingsReusable && lastStateMark != nil && lastStateMark == reading?.mark
      result.state = state
      if let previous = result.previousState, !unchanged { result.changes = StatePath.changes(from: previous, to: state) }
      lastState = state
      lastStateMark = reading?.mark
    }
    // A job that ran in the step did something, whoever's work it was: a signal that woke a
    // worker thread started by `use`, a block another step had queued.
    // "Changed nothing" speaks of this step's own work only: an earlier step's work (the first
    // tap's, which a guard protects) may still run beside it, and the same step says so.
    if let action = command?.sentAction, result.error == nil, result.changes.isEmpty,
      tracker.stepLeftNothingRunning, simulation.jobsRun == jobsBeforeStep,
      !result.events.contains(where: { $0.event.showsActivity || $0.event.isBackgroundEnd })
    {
      // A guard that ignored the action (`guard !isProcessing else { return }`) looks like this.
      result.events.append(
        TimedEvent(time: now, event: .note("`\(action.value)` changed nothing: the state is as it was, and it left no work of its own running")))
    }
    result.showsState = routed.showsState && instance != nil && result.error == nil
      || (routed.showsState && instance != nil && !result.changes.isEmpty)
    if case .quit? = command { result.isQuit = true }
    result.interrupted = tracker.interrupted
    record(result)
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
    instance = nil
    context = nil
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

  /// What a user is told when the view-model uses a source the simulation cannot control.
  static func unsupportedMessage(_ source: String) -> String {
    "the view-model used \(source), which vmrepl does not run on virtual time"
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

  private func record(_ result: StepResult) {
    logEntries += result.events.map(LogEntry.event)
    if let error = result.error { logEntries.append(.error(time: result.time, error: error)) }
  }

  func requireModel() throws(ScenarioError) -> ModelInstance {
    guard let instance else {
      throw ScenarioError(.noModelInUse)
    }
    return instance
  }

  // MARK: Applying commands

  func apply(_ command: SessionCommand, to result: inout StepResult) throws(ScenarioError) {
    switch command {
    case .models: result.output = modelList()
    case .use(let model, let options): try use(model, options: options, line: result.source)
    case .describe: result.output = try describe()
    case .connect: try connect()
    case .disconnect: try disconnect()
    case .leave: result.output = try leave()
    case .send(let action, let arguments, let awaited):
      try send(action, arguments: arguments, awaited: awaited, source: result.source)
    case .await(let selection): try awaitEffects(selection)
    case .cancel(let selection): try cancel(selection)
    case .advance(let duration): try tracker.advance(by: duration)
    case .advanceUntil(let condition): result.output = try runUntil(condition, showsReady: false)
    case .ready: result.output = try readyListing()
    case .watch(let path): result.output = try watch(path)
    case .watchOff:
      let paths = watches.paths
      watches.removeAll()
      simulation.observeJobs(nil)
      result.output = [paths.isEmpty ? "no path was watched" : "stopped watching " + paths.map { "`\($0)`" }.joined(separator: ", ")]
    case .step(let candidate): result.output = try step(candidate)
    case .stepUntil(let condition): result.output = try runUntil(condition, showsReady: true)
    case .stepInto(let inner):
      try apply(inner, to: &result)
      result.output += readyLines()
    case .settle:
      _ = try requireModel()
      try tracker.settle()
    case .set(let property, let value): try set(property, value)
    case .state(let path): result.output = try showState(path)
    case .expectState(let path, let comparison, let value):
      result.output = try expectState(path, comparison, value)
    case .expectEffect(let id, let status): result.output = try expectEffect(id, status)
    case .expectTime(let comparison, let value): result.output = try expectTime(comparison, value)
    case .expectLog(let text): result.output = try expectLog(text)
    case .expectWarnings(let comparison, let count): result.output = try expectWarnings(comparison, count)
    case .expectIdle: result.output = try expectIdle()
    case .respond(let dependency, let request, let outcome, let arguments):
      try scriptedDependency(dependency).respond(
        request: request, outcome: outcome, arguments: arguments, endColumn: result.source.count + 1)
    case .stub(let dependency, let route, let outcome, let arguments):
      let target = try scriptedDependency(dependency)
      if case .route(let method, let path)? = route {
        guard let http = target as? HTTPDependency else {
          throw ScenarioError(.routeForHTTPOnly(dependency: dependency.value, method: method.value, path: path.value), column: method.column)
        }
        try http.stub(route: (method, path), outcome: outcome, arguments: arguments, endColumn: result.source.count + 1)
      } else {
        try target.stub(outcome: outcome, arguments: arguments, endColumn: result.source.count + 1)
      }
    case .seed(let seed):
      random.reseed(seed)
      simulation.seedRandomness(seed)
      sink.emit(.note("random source seeded with \(seed)"))
    case .date(let date, let timeZone, let locale):
      result.output = try world.apply(date: date, timeZone: timeZone, locale: locale)
    case .schedule(let setting): result.output = schedule(setting)
    case .effects: result.output = tracker.listing()
    case .defaults(let key, let value, let suite):
      guard let key, let value else {
        result.output = Storage.listing(session: number).filter { !$0.hasPrefix("files:") && !$0.hasPrefix("  \(Storage.shownRoot)/") }
        break
      }
      // The next `use` empties the storage, then gets this, then the model's `init` runs.
      pendingDefaults.append((key.value, value.value, suite?.value))
      guard instance != nil else {
        sink.emit(.note("UserDefaults: \(key.value) = \(value.value) when the next `use` starts the model"))
        break
      }
      let note = try ScenarioError.pointing(at: value.column) { () throws(ScenarioError) in
        try Storage.setDefault(key.value, value.value, suite: suite?.value)
      }
      sink.emit(.note(note))
    case .storage: result.output = Storage.listing(session: number)
    case .time: result.output = ["time: \(now.secondsText)"]
    case .log: result.output = logLines.isEmpty ? ["(the log is empty)"] : logLines
    case .help(let topic): result.output = try help(topic)
    case .race(let text):
      // Only `explore` acts on it: one order (this one) cannot show whether a race exists.
      let failure = text.map { " whose failure contains \(CommandValue.quote($0.value))" } ?? " with a failure first in, first out does not have"
      result.output = ["race: `explore` must find a schedule\(failure)"]
    case .quit: break
    }
  }

  private func use(_ name: Located<String>, options: [CommandArgument], line: String) throws(ScenarioError) {
    guard let definition = models.first(where: { $0.name == name.value }) else {
      throw Suggestion.unknown("model", name.value, among: models.map(\.name), listedAs: "models", column: name.column)
    }
    // `http=` is every model's: how the process's URLSession traffic is answered.
    let httpOption = options.last { $0.name == "http" && !definition.options.contains(where: { $0.name == "http" }) }
    let httpMode = try httpOption.map { (option) throws(ScenarioError) -> HTTPMode in
      guard let text = option.value.text else {
        throw ScenarioError(.httpModeNotAWord, column: option.column)
      }
      return try HTTPMode.parse(text, column: option.column)
    } ?? .script
    let cassette = try cassette(for: httpMode, column: httpOption?.column)
    // `files=FOLDER` is every model's too: what its sandbox's home starts with.
    let filesOption = options.last { $0.name == "files" && !definition.options.contains(where: { $0.name == "files" }) }
    let bound = try Arguments.bind(
      options.filter { $0 != httpOption && $0 != filesOption }, to: definition.options, owner: "model `\(definition.name)`",
      endColumn: line.count + 1)
    // End the previous session's effects; hidden work it started cannot be reached.
    tracker.reset()
    logEntries = []
    renderedLog = []
    lastState = nil
    random.reseed(0)
    simulation.seedRandomness(0)
    world.beginSession()
    try prepareStorage(files: filesOption)
    let context = ModelContext(options: bound, random: random, sink: sink, session: number)
    // Made before the model, whose `init` may already send a request.
    let http = HTTPDependency(mode: httpMode, sink: sink, cassette: cassette, readFile: fileReader())
    HTTPRouter.shared.install(http)
    simulation.setForeignWorkHook(URLSessionSettling(http: http, simulation: simulation))
    simulation.onURLSessionTaskResume { [weak http] task in
      http?.resumed(Unmanaged<URLSessionTask>.fromOpaque(task).takeUnretainedValue())
    }
    let tag = WorkTag(line)
    let made: ModelInstance
    do {
      made = try simulation.watched { try WorkTag.$current.withValue(tag) { try definition.instantiate(context) } }
    } catch var error as ScenarioError {
      error.column = error.column ?? name.column
      throw error
    } catch {
      throw ScenarioError(.couldNot("make model `\(definition.name)`", because: "\(error)"), column: name.column)
    }
    self.definition = definition
    self.instance = made
    self.context = context
    context.dependencies.append(http)
    tracker.dependencies = context.dependencies
    tracker.model = instance?.object
    tracker.follow(line, tag: tag, effect: nil)
    simulation.observeLanes(mainThreadChecker)
    // A new model: what was watched belonged to the last one.
    watches.removeAll()
    simulation.observeJobs(nil)
    let shown = bound.text
    sink.emit(.modelStarted(model: definition.name, type: made.typeName, options: shown))
  }

  private func scriptedDependency(_ name: Located<String>) throws(ScenarioError) -> any AnyScriptedDependency {
    _ = try requireModel()
    let dependencies = context?.dependencies ?? []
    guard let dependency = dependencies.first(where: { $0.name == name.value }) else {
      if dependencies.isEmpty {
        throw ScenarioError(.noScriptedDependencies(model: definition?.name ?? ""), column: name.column)
      }
      throw Suggestion.unknown("dependency", name.value, among: dependencies.map(\.name), listedAs: "dependencies", column: name.column)
    }
    return dependency
  }

  private func set(_ property: Located<String>, _ value: Located<CommandValue>) throws(ScenarioError) {
    let instance = try requireModel()
    guard let bound = instance.properties.first(where: { $0.name == property.value }) else {
      let names = instance.properties.map(\.name)
      let known = names.isEmpty ? "; the model has no bindable properties" : " (properties: " + names.joined(separator: ", ") + ")"
      throw Suggestion.unknown("property", property.value, among: names, suffix: known, column: property.column)
    }
    let converted = try bound.type.convert(value.value, name: property.value, column: value.column)
    // The value is part of the name: two edits of one field are two pieces of work.
    let label = "set \(property.value) \(value.value)"
    let tag = WorkTag(label)
    simulation.watched { WorkTag.$current.withValue(tag) { bound.set(converted) } }
    tracker.follow(label, tag: tag, effect: nil)
  }
}

/// Whether the driving thread is the main thread, once asked (-1 before).
private final class DrivingThreadCheck: Sendable {
  let answer = Atomic<Int8>(-1)
}
