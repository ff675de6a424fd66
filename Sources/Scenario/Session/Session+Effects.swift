import Simulation

extension Session {
  /// Starts `body` as effect `#N`, labelled `action`, in a main-actor task carrying `tag`.
  @discardableResult
  func startEffect(
    _ action: String, lifecycle: Bool = false, tag: WorkTag? = nil,
    tracked: (any TrackedWork)? = nil,
    body: @escaping @MainActor () async throws -> Void
  ) -> EffectRecord {
    let id = effects.count + 1
    let tag = tag ?? WorkTag("#\(id) \(action)")
    let record = EffectRecord(id: id, action: action, isLifecycle: lifecycle, start: now, tagLabel: tag.label)
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

  func connect() throws(ScenarioError) {
    let instance = try requireModel()
    guard let body = instance.connect else {
      throw ScenarioError("model `\(definition?.name ?? "")` has no lifecycle work to connect")
    }
    let id = effects.count + 1
    let tag = WorkTag("#\(id) connect")
    let record = startEffect("connect", lifecycle: true, tag: tag, body: body)
    background.append(BackgroundWork(origin: "connect", tag: tag, effect: record))
  }

  func disconnect() throws(ScenarioError) {
    _ = try requireModel()
    let connected = effects.filter { $0.isLifecycle && $0.isRunning }
    guard !connected.isEmpty else { throw ScenarioError("nothing is connected; `connect` first") }
    for effect in connected {
      effect.cancelRequested = true
      effect.task?.cancel()
    }
  }

  func send(_ name: Located<String>, arguments: [Argument], awaited: Bool, source: String) throws(ScenarioError) {
    let instance = try requireModel()
    guard let action = instance.actions.first(where: { $0.name == name.value }) else {
      let names = instance.actions.map(\.name)
      throw ScenarioError(
        "unknown action `\(name.value)`\(Suggestion.hint(for: name.value, in: names)) (actions: \(names.joined(separator: ", ")))",
        column: name.column)
    }
    let bound = try Arguments.bind(arguments, to: action.parameters, owner: "action `\(action.name)`", endColumn: source.count + 1)
    do throws(ScenarioError) {
      try action.check?(bound)
    } catch {
      throw ScenarioError("action `\(action.name)`: \(error.message)", column: name.column)
    }
    let label = (awaited ? "await send " : "send ") + ([action.name] + (bound.text.isEmpty ? [] : [bound.text])).joined(separator: " ")
    let record: EffectRecord?
    let tag: WorkTag
    switch action.kind {
    case .async(let perform):
      tag = WorkTag("#\(effects.count + 1) \(label)")
      record = startEffect(label, tag: tag) { try await perform(bound) }
    case .sync(let perform):
      tag = WorkTag(label)
      let tracked: (any TrackedWork)?
      do {
        tracked = try simulation.watched { try WorkTag.$current.withValue(tag) { try perform(bound) } }
      } catch let error as ScenarioError {
        // The command line could not make the action (an argument that does not fit its type).
        throw ScenarioError("action `\(action.name)`: \(error.message)", column: name.column)
      } catch {
        throw ScenarioError("action `\(action.name)` threw: \(error)", column: name.column)
      }
      if let tracked, tracked.completedSynchronously {
        record = nil
        sink.emit(.note("`\(action.name)` completed synchronously (it handed back `.none`)"))
      } else if let tracked {
        record = startEffect(label, tag: tag, tracked: tracked) {
          try await withTaskCancellationHandler {
            try await tracked.waitForEnd()
          } onCancel: {
            tracked.cancel()
          }
        }
      } else {
        record = nil
        if awaited {
          sink.emit(.warning("`\(action.name)` is synchronous and hands back nothing to await; it completed at once"))
        }
      }
    }
    let work = BackgroundWork(origin: label, tag: tag, effect: record)
    background.append(work)
    stepWork = work
    if awaited, let record { try waitFor([record], includeBackground: false) }
  }

  func cancel(_ selection: EffectSelection) throws(ScenarioError) {
    _ = try requireModel()
    let targets: [EffectRecord]
    switch selection {
    case .unspecified:
      guard let latest = effects.last(where: \.isRunning) else {
        throw ScenarioError("no effect is running; nothing to cancel")
      }
      targets = [latest]
    case .all:
      targets = effects.filter(\.isRunning)
      if targets.isEmpty { sink.emit(.note("no effect is running; nothing to cancel")) }
    case .ids(let ids):
      targets = try ids.map { (id) throws(ScenarioError) -> EffectRecord in
        let effect = try effect(id)
        guard effect.isRunning else {
          throw ScenarioError("effect #\(id.value) has already \(effect.status.rawValue); nothing to cancel", column: id.column)
        }
        return effect
      }
    }
    for effect in targets {
      effect.cancelRequested = true
      effect.task?.cancel()
    }
  }

  func effect(_ id: Located<Int>) throws(ScenarioError) -> EffectRecord {
    guard id.value >= 1, id.value <= effects.count else {
      let known = effects.isEmpty ? "no effect has started" : "effects are #1 to #\(effects.count)"
      throw ScenarioError("there is no effect #\(id.value); \(known)", column: id.column)
    }
    return effects[id.value - 1]
  }

  func awaitEffects(_ selection: EffectSelection) throws(ScenarioError) {
    _ = try requireModel()
    switch selection {
    case .unspecified, .all:
      let running = effects.filter(\.isRunning)
      if running.isEmpty && !background.contains(where: \.isPending) {
        try run { () throws(SimulationError) in try simulation.runUntilIdle() }
        let timers = simulation.idleState.liveTimers
        let timerText = timers == 0 ? "no timer is set" : "\(timers) timer\(timers == 1 ? " is" : "s are") still set"
        sink.emit(.note("nothing to wait for: no effect is running, no background work is pending, \(timerText)"))
        return
      }
      try waitFor(running, includeBackground: true)
    case .ids(let ids):
      var targets: [EffectRecord] = []
      for id in ids { targets.append(try effect(id)) }
      try waitFor(targets, includeBackground: false)
    }
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
          throw ScenarioError("await gave up after \(timerLimit) timers with work still running (a timer that repeats forever?)")
        }
        try run { () throws(SimulationError) in _ = try simulation.advanceToNextTimer() }
        continue
      }
      if !idle.externalWork.isEmpty {
        if !simulation.waitForForeignWork(timeout: externalWaitLimit) {
          throw ScenarioError("await gave up after \(externalWaitLimit.secondsText) of wall time waiting for \(idle.externalWork.joined(separator: ", "))")
        }
        continue
      }
      throw ScenarioError(deadlockReport(running: running, hidden: hidden))
    }
  }

  /// Says what each blocked effect waits on, when nothing can make it go on.
  func deadlockReport(running: [EffectRecord], hidden: [BackgroundWork]) -> String {
    var lines = ["deadlock: nothing can run and no timer is left, but work is still waiting:"]
    let requests = context?.dependencies.flatMap { dependency in
      dependency.pendingRequests.map { (dependency.name, $0) }
    } ?? []
    func waits(_ label: String) -> String {
      let mine = requests.filter { $0.1.origin == label }
      if !mine.isEmpty {
        return mine.map { "a response to \($0.0) #\($0.1.id) (\($0.1.description)); answer it with `respond \($0.0) ...`" }
          .joined(separator: "; ")
      }
      return "nothing that can resume it: no timer, no pending request (a continuation nobody resumes, or a stream nobody feeds)"
    }
    for effect in running {
      let waitsOnNothing = !requests.contains { $0.1.origin == effect.tagLabel }
      let lifecycle = effect.isLifecycle && waitsOnNothing
        ? "; it is the view's lifecycle work, which ends when the view goes away (`disconnect`)" : ""
      lines.append("  #\(effect.id) \(effect.action) waits on \(waits(effect.tagLabel))\(lifecycle)")
    }
    for work in hidden {
      lines.append("  background work from `\(work.origin)` waits on \(waits(work.tag?.label ?? ""))")
    }
    let threads = simulation.liveThreads
    if threads > 0 {
      lines.append(
        "  (unless a thread the view-model started resumes it: \(threads) such thread\(threads == 1 ? " is" : "s are") still running, and vmrepl cannot see what \(threads == 1 ? "it" : "they") will do)")
    }
    return lines.joined(separator: "\n")
  }

  func settle() throws(ScenarioError) {
    _ = try requireModel()
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
        sink.emit(.warning("settle stopped after \(timerLimit) timers; \(simulation.idleState.liveTimers) still pending (a timer that repeats forever?)"))
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
    while background.contains(where: \.isPending), let next = simulation.idleState.nextTimer, next <= end {
      try run { () throws(SimulationError) in _ = try simulation.advanceToNextTimer() }
      noteBackgroundEnds()
    }
    try run { () throws(SimulationError) in try simulation.advance(to: end) }
    noteBackgroundEnds()
  }

  /// Reports, at the current virtual time, the end of hidden work an earlier report said was
  /// running.
  func noteBackgroundEnds() {
    background.removeAll { work in
      guard work.reported, work.effect == nil, !work.isPending else { return false }
      sink.emit(.backgroundEnded(origin: work.origin))
      return true
    }
  }

  /// Events for hidden work: still pending after this step, or ended during it.
  func backgroundEvents(reportPending: Bool) -> [Event] {
    var events: [Event] = []
    var kept: [BackgroundWork] = []
    let timers = simulation.pendingTimers
    for work in background {
      if work.isPending {
        let label = work.tag?.label
        let mine = timers.filter { $0.label == label }.map { $0.described(relativeTo: origin) }
        let waiting = mine.isEmpty ? "no timer (suspended on something else)" : mine.joined(separator: ", ")
        if reportPending || !work.reported {
          events.append(.backgroundPending(origin: work.origin, waitingOn: waiting))
        }
        work.reported = true
        kept.append(work)
      } else if work.tag != nil {
        kept.append(work)  // its effect still runs; hidden work shows once the effect ends
      } else if work.reported {
        events.append(.backgroundEnded(origin: work.origin))
      }
    }
    background = kept
    return events
  }
}
