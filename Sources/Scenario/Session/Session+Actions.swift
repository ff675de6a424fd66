import Simulation

/// The commands that start and stop a model's work; the tracker keeps what they start.
extension Session {
  func connect() throws(ScenarioError) {
    let instance = try requireModel()
    guard let body = instance.connect else {
      throw ScenarioError(.nothingToConnect(model: definition?.name ?? ""))
    }
    let tag = tracker.nextTag("connect")
    let record = tracker.start("connect", lifecycle: true, tag: tag, body: body)
    tracker.follow("connect", tag: tag, effect: record)
  }

  func disconnect() throws(ScenarioError) {
    _ = try requireModel()
    let connected = tracker.effects.filter { $0.isLifecycle && $0.isRunning }
    guard !connected.isEmpty else { throw ScenarioError(.nothingConnected) }
    tracker.cancel(connected)
  }

  func send(_ name: Located<String>, arguments: [CommandArgument], awaited: Bool, source: String) throws(ScenarioError) {
    let instance = try requireModel()
    guard let action = instance.actions.first(where: { $0.name == name.value }) else {
      throw Suggestion.unknown("action", name.value, among: instance.actions.map(\.name), listedAs: "actions", column: name.column)
    }
    let bound = try Arguments.bind(arguments, to: action.parameters, owner: "action `\(action.name)`", endColumn: source.count + 1)
    do throws(ScenarioError) {
      try action.check?(bound)
    } catch {
      throw ScenarioError(.actionFailed(action: action.name, problem: error.message), column: name.column)
    }
    // A button the screen does not show now: run as asked, and said so.
    if let condition = closedGate(of: action.name) {
      let note = "the app's views offer `\(action.name)` only when \(condition); not so now"
      sink.emit(.note(note))
      // Said too if the action traps, which ends the process before the step's output.
      CrashNote.append("note: " + note)
    }
    let label = (awaited ? "await send " : "send ") + ([action.name] + (bound.text.isEmpty ? [] : [bound.text])).joined(separator: " ")
    let record: EffectRecord?
    let tag: WorkTag
    switch action.kind {
    case .async(let perform):
      tag = tracker.nextTag(label)
      record = tracker.start(label, tag: tag) { try await perform(bound) }
    case .sync(let perform):
      tag = WorkTag(label)
      let tracked: (any TrackedWork)?
      do {
        tracked = try simulation.watched { try WorkTag.$current.withValue(tag) { try perform(bound) } }
      } catch let error as ScenarioError {
        // The command line could not make the action (an argument that does not fit its type).
        throw ScenarioError(.actionFailed(action: action.name, problem: error.message), column: name.column)
      } catch {
        throw ScenarioError(.actionThrew(action: action.name, error: "\(error)"), column: name.column)
      }
      if let tracked, tracked.completedSynchronously {
        record = nil
        sink.emit(.note("`\(action.name)` completed synchronously (it handed back `.none`)"))
      } else if let tracked {
        record = tracker.start(label, tag: tag, tracked: tracked) {
          try await withTaskCancellationHandler {
            try await tracked.waitForEnd()
          } onCancel: {
            tracked.cancel()
          }
        }
      } else {
        record = nil
        if awaited {
          sink.emit(.warning("`\(action.name)` is synchronous and hands back nothing to await; it completed at once", about: .synchronousAction(action: action.name)))
        }
      }
    }
    tracker.follow(label, tag: tag, effect: record, isStepWork: true)
    if awaited, let record { try tracker.waitFor([record], includeBackground: false) }
  }

  func cancel(_ selection: EffectSelection) throws(ScenarioError) {
    _ = try requireModel()
    let targets: [EffectRecord]
    switch selection {
    case .unspecified:
      guard let latest = tracker.effects.last(where: \.isRunning) else {
        throw ScenarioError(.nothingToCancel)
      }
      targets = [latest]
    case .all:
      targets = tracker.effects.filter(\.isRunning)
      if targets.isEmpty { sink.emit(.note("no effect is running; nothing to cancel")) }
    case .ids(let ids):
      targets = try ids.map { (id) throws(ScenarioError) -> EffectRecord in
        let effect = try tracker.effect(id)
        guard effect.isRunning else {
          throw ScenarioError(.effectEnded(id.value, status: effect.status.rawValue), column: id.column)
        }
        return effect
      }
    }
    tracker.cancel(targets)
  }

  func awaitEffects(_ selection: EffectSelection) throws(ScenarioError) {
    _ = try requireModel()
    switch selection {
    case .unspecified, .all:
      try tracker.awaitEverything()
    case .ids(let ids):
      var targets: [EffectRecord] = []
      for id in ids { targets.append(try tracker.effect(id)) }
      try tracker.waitFor(targets, includeBackground: false)
    }
  }
}
