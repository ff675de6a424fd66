import Simulation
import Synchronization

/// Owns what a session's commands set running: the effects, the work a view-model hid, the
/// current step's work, and every way of waiting for them, with the report when nothing can end
/// them (a deadlock) or they never stop (a runaway).
@MainActor
final class EffectTracker {
  /// How many timers `settle` and `await` may fire before they report a runaway.
  var timerLimit = EffectTracker.defaultTimerLimit
  /// The limit unless a session's environment says otherwise.
  nonisolated static let defaultTimerLimit = 10_000
  /// How long `await` waits in wall time for work outside the executor (a real request).
  var externalWaitLimit: Duration = .seconds(30)

  let simulation: any SimulationDriving
  let sink: EventSink
  private(set) var effects: [EffectRecord] = []
  private(set) var background: [BackgroundWork] = [] {
    didSet { endsLookedAt = nil }
  }
  /// `WorkTag.endedCount` when `noteBackgroundEnds` last found nothing ended; nil once the
  /// list changed since (a work reported since may have lost its tag before).
  private var endsLookedAt: UInt64? {
    didSet { endsSeen.store(endsLookedAt ?? .max, ordering: .relaxed) }
  }
  /// `endsLookedAt`, readable off the main actor (`.max` for nil), so that a timer's firing
  /// asks the runtime for the main actor only when there may be an end to report.
  private nonisolated let endsSeen = Atomic<UInt64>(.max)
  /// What the current step's `send` of a synchronous action may have left running.
  private(set) var stepWork: BackgroundWork?
  /// The command each piece of this session's work came from, by tag id, kept after it ends:
  /// `ready` names the work that made a job ready.
  private(set) var workOrigins: [UInt64: String] = [:]
  /// Simulation time at which the session's virtual time is 0.
  private(set) var origin: Duration = .zero
  /// The scripted dependencies of the model in use, whose pending requests a deadlock names.
  var dependencies: [any AnyScriptedDependency] = []
  /// The view-model in use, whose properties may hold handles to its hidden work.
  weak var model: AnyObject?
  /// The handles the view-model held when the current step began.
  private var handlesBefore: [HeldHandles.Holding] = []
  /// The last reading of `handlesBefore` a query may reuse, and where the program stood then.
  private var handlesReading: Reading<[HeldHandles.Holding]>?
  /// Set when Ctrl-C stopped work during the current step.
  private(set) var interrupted = false

  init(simulation: any SimulationDriving, sink: EventSink) {
    self.simulation = simulation
    self.sink = sink
  }

  /// Session virtual time.
  var now: Duration { simulation.now - origin }

  /// A new step: no work of its own yet, no interrupt seen. With `mark`, the handles read at
  /// the last step's start are reused if the program stood there then too (nothing ran since).
  func beginStep(reusing mark: ActivityMark? = nil) {
    stepWork = nil
    interrupted = false
    guard let model else {
      handlesBefore = []
      return
    }
    let object = ObjectIdentifier(model)
    if let mark, let reading = handlesReading, reading.holds(at: mark, for: object) {
      handlesBefore = reading.value
      return
    }
    handlesBefore = HeldHandles.scanWithNested(model)
    handlesReading = mark.map { Reading(mark: $0, object: object, value: handlesBefore) }
  }

  /// Ends every effect of the session and starts a new one whose time 0 is now.
  func reset() {
    cancel(effects.filter(\.isRunning))
    settleAfterStep()
    _ = sink.take()
    effects = []
    background = []
    workOrigins = [:]
    dependencies = []
    origin = simulation.now
    sink.setOrigin(origin)
    simulation.renumberThreads()
    _ = simulation.takeMainThreadBlocks()
  }

  // MARK: Starting and ending work

  /// The tag the next effect's tasks carry.
  func nextTag(_ action: String) -> WorkTag { WorkTag("#\(effects.count + 1) \(action)") }

  /// Starts `body` as effect `#N`, labelled `action`, in a main-actor task carrying `tag`.
  @discardableResult
  func start(
    _ action: String, lifecycle: Bool = false, tag: WorkTag? = nil,
    tracked: (any TrackedWork)? = nil,
    body: @escaping @MainActor () async throws -> Void
  ) -> EffectRecord {
    let id = effects.count + 1
    let tag = tag ?? nextTag(action)
    let record = EffectRecord(id: id, action: action, isLifecycle: lifecycle, start: now, tag: tag)
    effects.append(record)
    sink.emit(.effectStarted(id: id, action: action))
    let sink = self.sink
    // The task inherits the tag as a task-local instead of capturing it: task-locals are released
    // when the task ends, even while `record.task` keeps the handle, so a live tag afterwards
    // means hidden work the effect left behind.
    record.task = WorkTag.$current.withValue(tag) {
      Task { @MainActor [weak self] in
        var status = EffectStatus.finished
        var errorText: String?
        do {
          try await body()
          if Task.isCancelled || record.cancelRequested || tracked?.isCancelled == true { status = .cancelled }
        } catch is CancellationError {
          status = .cancelled
        } catch {
          status = .failed
          errorText = "\(error)"
        }
        record.status = status
        record.error = errorText
        record.end = self?.now
        sink.emit(.effectEnded(id: id, action: action, status: status, error: errorText))
      }
    }
    return record
  }

  /// Follows the tasks that inherit `tag` as hidden work of the command `origin`; with
  /// `isStepWork`, it is what the current step's "changed nothing" check looks at.
  func follow(_ origin: String, tag: WorkTag, effect: EffectRecord?, isStepWork: Bool = false) {
    let work = BackgroundWork(origin: origin, tag: tag, effect: effect)
    background.append(work)
    workOrigins[tag.id] = origin
    if isStepWork { stepWork = work }
  }

  /// Asks `targets` to stop.
  func cancel(_ targets: [EffectRecord]) {
    for effect in targets {
      effect.cancelRequested = true
      effect.task?.cancel()
    }
  }

  /// Effect `#N`, or the error that names which effects there are.
  func effect(_ id: Located<Int>) throws(ScenarioError) -> EffectRecord {
    guard id.value >= 1, id.value <= effects.count else {
      throw ScenarioError(.noSuchEffect(id.value, effects: effects.count), column: id.column)
    }
    return effects[id.value - 1]
  }

  /// Whether an effect still runs or a task still carries the tag of hidden work.
  var hasLiveWork: Bool {
    effects.contains(where: \.isRunning) || background.contains { $0.tag != nil }
  }

  /// Whether the step left no work of its own running: what a guard that ignored an action
  /// (`guard !isProcessing else { return }`) looks like.
  var stepLeftNothingRunning: Bool {
    guard let work = stepWork else { return false }
    return work.effect == nil && !work.isPending
  }

  // MARK: Waiting

  /// `await` with no effect named: every effect and every piece of hidden work.
  func awaitEverything() throws(ScenarioError) {
    let running = effects.filter(\.isRunning)
    if running.isEmpty && !background.contains(where: \.isPending) {
      try run { () throws(SimulationError) in try simulation.runUntilIdle() }
      let timers = simulation.idleState.liveTimers
      let timerText = timers == 0 ? "no timer is set" : "\(timers) timer\(timers == 1 ? " is" : "s are") still set"
      sink.emit(.note("nothing to wait for: no effect is running, no background work is pending, \(timerText)"))
      return
    }
    try waitFor(running, includeBackground: true)
  }

  /// Lets virtual time pass until `targets` (and, if asked, hidden background work) have ended,
  /// jumping to the next timer only when nothing else can run.
  func waitFor(_ targets: [EffectRecord], includeBackground: Bool) throws(ScenarioError) {
    var jumps = 0
    while true {
      try run { () throws(SimulationError) in try simulation.runUntilIdle() }
      noteBackgroundEnds()
      let running = targets.filter(\.isRunning)
      let hidden = includeBackground ? background.filter(\.isPending) : []
      if running.isEmpty && hidden.isEmpty { return }
      let idle = simulation.idleState
      if idle.hasReadyJobs { continue }
      if idle.liveTimers > 0 {
        jumps += 1
        if jumps > timerLimit {
          throw ScenarioError(.awaitTimerLimit(timerLimit))
        }
        try run { () throws(SimulationError) in _ = try simulation.advanceToNextTimer() }
        continue
      }
      if !idle.externalWork.isEmpty {
        if !simulation.waitForForeignWork(timeout: externalWaitLimit) {
          throw ScenarioError(.awaitWallLimit(externalWaitLimit.secondsText, waitingFor: idle.externalWork))
        }
        continue
      }
      throw deadlockReport(running: running, hidden: hidden)
    }
  }

  /// Says what each blocked effect waits on, when nothing can make it go on: a deadlock, or,
  /// when everything waits on a request the scenario has not answered yet, not one: nothing is
  /// stuck, the scenario has a line to write.
  func deadlockReport(running: [EffectRecord], hidden: [BackgroundWork]) -> ScenarioError {
    let requests = pendingRequests()
    let blocked = simulation.blockedThreads
    let waitingWork = running.map(\.work) + hidden.map(\.work)
    let onScenario = !waitingWork.isEmpty && waitingWork.allSatisfy { work in requests.contains { $0.request.work == work } }
      && blocked.allSatisfy { thread in waitingWork.contains(thread.work ?? 0) }
    // A request the scenario can answer is what to say first; else the threads it blocks.
    func waits(_ work: UInt64) -> [Wait] {
      let mine = requests.filter { $0.request.work == work }
      if !mine.isEmpty { return mine.map(Self.wait) }
      return blocked.filter { $0.work == work }.map { Wait.thread(name: $0.thread, blockedIn: $0.waitsOn) }
    }
    var stuck = [StuckWork]()
    for effect in running {
      let waitsOnNothing = !requests.contains { $0.request.work == effect.work }
      // Where its own task is suspended, named by its code as `ready` names jobs.
      let suspended = effect.taskAddress.flatMap(simulation.suspensionPoint(ofTask:))
      stuck.append(StuckWork(
        subject: .effect(id: effect.id, action: effect.action, suspendedIn: suspended, lifecycle: effect.isLifecycle && waitsOnNothing),
        waits: waits(effect.work)))
    }
    for work in hidden {
      stuck.append(StuckWork(subject: .background(origin: originText(work)), waits: waits(work.work)))
    }
    // Blocked threads whose work is no effect's or reported hidden work's: listed on their own.
    let named = Set(running.map(\.work) + hidden.map(\.work))
    for thread in blocked where !named.contains(thread.work ?? 0) {
      stuck.append(StuckWork(subject: .thread(name: thread.name), waits: [.thread(name: thread.thread, blockedIn: thread.waitsOn)]))
    }
    let details = stuck.map(\.line).joined(separator: "\n")
    var error = ScenarioError(onScenario ? .waitingOnScenario(details) : .deadlock(details))
    error.report = .object([("stuck", .array(stuck.map(\.node)))])
    return error
  }

  /// Advances to each next timer until none is left.
  func settle() throws(ScenarioError) {
    var fired = 0
    while true {
      var jumped = false
      try run { () throws(SimulationError) in jumped = try simulation.advanceToNextTimer() }
      noteBackgroundEnds()
      if !jumped {
        if fired == 0 { sink.emit(.note("nothing to settle: no timer is set")) }
        return
      }
      fired += 1
      if fired >= timerLimit {
        let pending = simulation.idleState.liveTimers
        sink.emit(.warning(
          "settle stopped after \(timerLimit) timers; \(pending) still pending (a timer that repeats forever?)",
          about: .settleStopped(timers: timerLimit, stillPending: pending)))
        return
      }
    }
  }

  /// Moves time forward by `duration`. While hidden work is pending, time moves one timer at a
  /// time, so that the moment it ends is the moment reported.
  func advance(by duration: Duration) throws(ScenarioError) {
    let end = simulation.now + duration
    try run { () throws(SimulationError) in try simulation.runUntilIdle() }
    noteBackgroundEnds()
    while background.contains(where: \.isPending), let next = simulation.nextTimer, next <= end {
      try run { () throws(SimulationError) in _ = try simulation.advanceToNextTimer() }
      noteBackgroundEnds()
    }
    try run { () throws(SimulationError) in try simulation.advance(to: end) }
    noteBackgroundEnds()
  }

  /// Runs what became ready before the step ends, so a command always returns idle; a runaway
  /// is the step's error, an interrupt (Ctrl-C) a warning.
  @discardableResult
  func settleAfterStep() -> ScenarioError? {
    do {
      try simulation.runUntilIdle()
      return nil
    } catch .interrupted {
      interrupted = true
      sink.emit(.warning("\(SimulationError.interrupted)", about: .interrupted))
      return nil
    } catch {
      return failure(error)
    }
  }

  /// Runs simulation work, turning its errors into command errors.
  func run(_ body: () throws(SimulationError) -> Void) throws(ScenarioError) {
    do { try body() } catch { throw failure(error) }
  }

  /// The command error for a simulation error, which it keeps as its cause. A runaway is stopped
  /// here: the work that kept the step busy is named and cancelled (and no longer run if it
  /// ignores cancellation), so the session can go on.
  func failure(_ error: SimulationError) -> ScenarioError {
    guard case .runaway(let limit, let instant) = error else {
      if error == .interrupted { interrupted = true }
      return ScenarioError(.simulationStopped("\(error)"))
    }
    let report = simulation.recoverFromRunaway()
    // A task with no work of its own (vmrepl's, or one the runtime made) is cancelled with the
    // rest, but named only when nothing else is: the loop is in the work that has a name.
    let named = report.work.contains { $0 != nil } ? report.work.filter { $0 != nil } : report.work
    let names = named.map { work -> String in
      guard let work else { return "work with no action's name" }
      if let effect = effects.first(where: { $0.work == work.id }) { return "`#\(effect.id) \(effect.action)`" }
      return "`\(work.label)`"
    }
    let who = names.isEmpty ? "something" : names.joined(separator: ", ")
    for work in report.work.compactMap({ $0 }) {
      let stuck = effects.filter { $0.isRunning && $0.work == work.id }
      cancel(stuck)
      if report.quarantined {
        for effect in stuck {
          effect.status = .cancelled
          effect.end = now
          sink.emit(.effectEnded(id: effect.id, action: effect.action, status: .cancelled, error: nil))
        }
        background.removeAll { $0.work == work.id }
      }
    }
    let busy =
      instant.map { "for \(limit) jobs at \(Duration.nanoseconds($0).secondsText) without time moving or the step becoming idle" }
      ?? "for \(limit) jobs without it becoming idle"
    var message = "runaway: \(who) kept the step busy \(busy) (a loop that keeps yielding or starting work?); vmrepl cancelled it"
    if report.quarantined {
      message += ", and because it went on regardless, vmrepl no longer runs it"
    }
    message += instant == nil ? " (`--max-jobs N` sets the limit)" : " (`--max-jobs N` sets the limit: N in a step, N/100 at one instant)"
    return ScenarioError(message)
  }

  // MARK: Hidden work

  /// Whether `noteBackgroundEnds` may find something: a work tag ended, or the list changed,
  /// since it last looked. Read on the driving thread, where the tracker's own writes happen.
  nonisolated var mayHaveBackgroundEnds: Bool { endsSeen.load(ordering: .relaxed) != WorkTag.endedCount }

  /// Reports, at the current virtual time, the end of hidden work an earlier report said was
  /// running.
  func noteBackgroundEnds() {
    // Ended: no task holds its tag any more (work beside a running effect is not pending, but not ended).
    // Asked at every timer's firing: most find nothing ended, and make no array to say so; none
    // can have ended while no tag of the process ended and the list is as it was.
    let ended = WorkTag.endedCount
    if endsLookedAt == ended { return }
    let hasEnded = { (work: BackgroundWork) in work.reported && work.tag == nil }
    guard background.contains(where: hasEnded) else {
      endsLookedAt = ended
      return
    }
    let gone = background.filter(hasEnded)
    for work in gone { sink.emit(.backgroundEnded(origin: originText(work))) }
    background.removeAll { work in gone.contains { $0 === work } }
  }

  /// Every scripted dependency's pending requests, oldest first within each dependency.
  func pendingRequests() -> [(dependency: String, request: PendingRequest)] {
    dependencies.flatMap { dependency in dependency.pendingRequests.map { (dependency.name, $0) } }
  }

  /// A request as waits name it: `a response to api #r2 (GET /trends)`.
  static func describe(_ pending: (dependency: String, request: PendingRequest)) -> String { wait(on: pending).text }

  /// What hidden work waits on: its own timers and requests, found by its identity.
  func waits(of work: BackgroundWork, timers: [PendingTimer], requests: [(dependency: String, request: PendingRequest)]) -> [Wait] {
    let mine = timers.filter { $0.work == work.work }.map { Wait.timer(clock: $0.clock, until: $0.deadline - origin) }
      + requests.filter { $0.request.work == work.work }.map(Self.wait)
      + simulation.blockedThreads.filter { $0.work == work.work && !$0.hasDeadline }.map { Wait.thread(name: $0.thread, blockedIn: $0.waitsOn) }
    guard !mine.isEmpty else {
      // Between two jobs (after `step`), work whose job is ready waits only for its turn.
      if simulation.hasWaitingJobs, simulation.readyWork().contains(work.work) { return [.turn] }
      return [.unseen]
    }
    return mine
  }

  /// A pending request as a wait.
  static func wait(on pending: (dependency: String, request: PendingRequest)) -> Wait {
    .request(dependency: pending.dependency, id: pending.request.id, description: pending.request.description)
  }

  /// How a report names hidden work: the command that started it, and, when another live piece
  /// of work came from the same command text (`send tap` twice), which of them it is.
  func originText(_ work: BackgroundWork) -> WorkOrigin {
    // Work whose tag died unreported (an action a guard ignored) is nobody's namesake.
    let namesakes = background.filter { $0.origin == work.origin && ($0.tag != nil || $0.reported || $0 === work) }
    guard namesakes.count > 1, let index = namesakes.firstIndex(where: { $0 === work }) else {
      return WorkOrigin(command: work.origin)
    }
    return WorkOrigin(command: work.origin, which: "\(Self.ordinal(index + 1)) of \(namesakes.count)")
  }

  nonisolated static func ordinal(_ number: Int) -> String {
    let suffix: String
    switch (number % 10, number % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(number)\(suffix)"
  }

  /// Events for hidden work: still pending after this step, or ended during it.
  func backgroundEvents(reportPending: Bool) -> [Event] {
    var events: [Event] = []
    var kept: [BackgroundWork] = []
    let timers = simulation.pendingTimers
    let requests = pendingRequests()
    let handlesNow = background.contains(where: \.isPending) ? model.map(HeldHandles.scanWithNested) ?? [] : []
    for work in background {
      // Work this step started is held by the properties that gained a handle in it.
      if work.holders == nil { work.holders = HeldHandles.gained(from: handlesBefore, to: handlesNow) }
      if work.isPending {
        let waiting = waits(of: work, timers: timers, requests: requests)
        if reportPending || !work.reported {
          let held = heldBy(work, now: handlesNow, timers: timers, requests: requests)
          events.append(.backgroundPending(origin: originText(work), waits: waiting, heldBy: held))
        }
        work.reported = true
        kept.append(work)
      } else if work.tag != nil {
        kept.append(work)  // its effect still runs; hidden work shows once the effect ends
      } else if work.reported {
        events.append(.backgroundEnded(origin: originText(work)))
      }
    }
    background = kept
    return events
  }

  /// The properties that still hold a handle to `work`, as reports name them ("`searchTask` (a
  /// Task the view-model keeps)"), and whether they can stop all of what it waits on. A holder
  /// counts only for what its kind can stop: a `Task` a task's sleep or request, a `Timer` a
  /// run-loop timer, a work item a Dispatch `asyncAfter`, a Dispatch source its timer, Combine
  /// subscriptions the timers of their schedulers (a task a pipeline's `sink` starts is not the
  /// subscription's to cancel).
  ///
  /// Where the task that waits is known (a sleep, an `await` of a request), the property that
  /// holds that very task holds the wait, whichever step stored it (work handed from a
  /// debounce task to a search task); an unstructured task no property holds is reached by no
  /// `cancel()`, whatever task started it. The specific holders (a `Timer`, a source, a work
  /// item, a `Task`) are matched before subscriptions, which would otherwise take every
  /// run-loop timer. A timer a Combine operator armed belongs to a pipeline subscribed earlier.
  func heldBy(
    _ work: BackgroundWork, now: [HeldHandles.Holding], timers: [PendingTimer], requests: [(dependency: String, request: PendingRequest)]
  ) -> BackgroundHolders {
    let waits: [(clock: String, task: UInt?, combine: Bool)] =
      timers.filter { $0.work == work.work }.map { ($0.clock, $0.task, $0.armedByCombine) }
      + requests.filter { $0.request.work == work.work }.map { ("request", $0.request.task, $0.request.viaCombine) }
    let holders = (work.holders ?? []).filter { holder in
      guard let current = now.first(where: { $0.property == holder.property }) else { return false }
      return !current.handles.isDisjoint(with: holder.handles)
    }
    // A request a Combine pipeline made is held by the pipeline's subscription. Where the step
    // stored subscriptions in two places (the model's `sink` on a data service's `@Published`,
    // and the service's own pipeline), either may hold it: said as such, not as certain.
    let subscribers = holders.filter { $0.kind == HeldHandles.subscriptionsKind }.map(\.property)
    let others = subscribers.count > 1 ? subscribers : []
    // Each handle stops one wait of its kind (a work item its own `asyncAfter`, not another
    // queue's); subscriptions stop every timer of their pipeline, and a task every wait of its
    // own and of its structured children (`async let`, a group's).
    var capacity = holders.map { [HeldHandles.subscriptionsKind, HeldHandles.taskKind].contains($0.kind) ? Int.max : $0.handles.count }
    let order = holders.indices.sorted { (holders[$0].kind == HeldHandles.subscriptionsKind ? 1 : 0, $0) < (holders[$1].kind == HeldHandles.subscriptionsKind ? 1 : 0, $1) }
    var stopping: Set<String> = []
    var unreached: Set<String> = []
    var covered = 0
    var byCombine = 0
    for wait in waits {
      if let task = wait.task {
        if let holder = now.first(where: { $0.kind == HeldHandles.taskKind && $0.tasks.contains(task) }) {
          stopping.insert(holder.property)
          covered += 1
          continue
        }
        if !Simulation.isStructuredChild(task: task) {
          // `Task {}` inside the held task: cancelling the outer one does not reach it.
          for holder in holders where holder.kind == HeldHandles.taskKind { unreached.insert(holder.property) }
          continue
        }
      }
      let candidates = order.filter {
        !(wait.clock == "request" && wait.combine && !others.isEmpty && holders[$0].kind == HeldHandles.subscriptionsKind)
      }
      if let index = candidates.first(where: { capacity[$0] > 0 && HeldHandles.stops(holders[$0].kind, wait.clock) }) {
        capacity[index] -= 1
        stopping.insert(holders[index].property)
        covered += 1
      } else if wait.combine {
        byCombine += 1
      }
    }
    // In the order the model declares them.
    let named = { (properties: Set<String>) in now.filter { properties.contains($0.property) } }
    // Said only for what no holder covers: a pipeline's timer or request.
    var pipelines = byCombine == 0 ? [] : now.filter { $0.kind == HeldHandles.subscriptionsKind && !$0.handles.isEmpty }.map(\.property)
    for other in others where byCombine > 0 && !pipelines.contains(other) { pipelines.append(other) }
    return BackgroundHolders(
      properties: named(stopping).map { "`\($0.property)` (\($0.kind) the view-model keeps)" },
      entirely: covered == waits.count,
      unreached: named(unreached.subtracting(stopping)).map { "`\($0.property)`" },
      pipelines: pipelines.map { "`\($0)`" })
  }

  /// The `effects` listing: one row per effect, then hidden work still running.
  func listing() -> [String] {
    if effects.isEmpty && background.isEmpty { return ["no effects"] }
    let rows = effects.map { effect -> [String] in
      let times = effect.start.secondsText + (effect.end.map { " -> " + $0.secondsText } ?? " -> ")
      return ["#\(effect.id)", effect.action, effect.status.rawValue, times]
    }
    let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines = rows.map { row in
      row.enumerated().map { $1.padding(to: widths[$0]) }.joined(separator: "  ").trimmingSpaces
    }
    for work in background where work.isPending {
      let origin = originText(work)
      lines.append("background  \(origin.command)\(origin.which.map { " (\($0))" } ?? "")  running (no handle: cannot be awaited or cancelled)")
    }
    return lines
  }
}
