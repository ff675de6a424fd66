import ScenarioScripting
import Simulation

extension Session {
  func modelList() -> [String] {
    let width = models.map(\.name.count).max() ?? 0
    return models.map { $0.name.padding(to: width) + "  " + $0.summary }
  }

  func describe() throws(ScenarioError) -> [String] {
    let instance = try requireModel()
    guard let definition else { return [] }
    var lines = ["model \(definition.name) (\(instance.typeName)): \(definition.summary)"]
    func section(_ title: String, _ items: [String]) {
      lines.append(title + (items.isEmpty ? " none" : ""))
      lines.append(contentsOf: items.map { "  " + $0 })
    }
    section("options:", definition.options.map { $0.signature + ($0.summary.isEmpty ? "" : "  " + $0.summary) })
    section("lifecycle:", instance.connect == nil ? [] : ["connect" + (instance.connectSummary.isEmpty ? "" : "  " + instance.connectSummary)])
    let width = instance.actions.map { actionSignature($0).count }.max() ?? 0
    section("actions:", instance.actions.map { action in
      let kind: String
      switch action.kind {
      case .sync: kind = "sync "
      case .async: kind = "async"
      }
      return actionSignature(action).padding(to: width) + "  " + kind + "  " + action.summary
    })
    section("properties:", instance.properties.map { "\($0.name): \($0.type.name)" + ($0.summary.isEmpty ? "" : "  " + $0.summary) })
    let dependencies = context?.dependencies ?? []
    section("dependencies:", dependencies.filter { !($0 is StandInDependency) }.map { dependency in
      dependency.name + ": outcomes " + dependency.outcomes.map { outcome in
        ([outcome.name] + outcome.parameters.map(\.signature)).joined(separator: " ")
      }.joined(separator: " | ")
    })
    // Code adopt could not build on Linux, answered by `respond`/`stub NAME value=|json=|error=|none`.
    // The stand-ins this model's code can reach (adopt says which): a big app has hundreds.
    let standIns = dependencies.compactMap { $0 as? StandInDependency }.filter { standIn in
      standIn.declaration.models.isEmpty || standIn.declaration.models.contains(definition.name)
    }
    if !standIns.isEmpty {
      section("stand-ins (answer with `respond` or `stub NAME value=V`, `json=TEXT`, `error=TEXT` or `none`):", standIns.map { standIn in
        let fallback = standIn.declaration.hasDefault ? "; unanswered, it returns its default" : ""
        return "\(standIn.name): `\(standIn.declaration.signature)`: \(standIn.declaration.why)\(fallback)"
      })
    }
    return lines
  }

  private func actionSignature(_ action: BoundAction) -> String {
    ([action.name] + action.parameters.map(\.signature)).joined(separator: " ")
  }

  func showState(_ path: Located<String>?) throws(ScenarioError) -> [String] {
    _ = try requireModel()
    let state = snapshot()
    guard let path else { return StateRenderer.render(state).split(separator: "\n").map(String.init) }
    let value = try StatePath.resolve(path.value, in: state, column: path.column)
    let text = StateRenderer.render(value).split(separator: "\n").map(String.init)
    if text.count == 1 { return ["\(path.value) = \(text[0])"] }
    return ["\(path.value) ="] + text.map { "  " + $0 }
  }

  func expectState(_ path: Located<String>, _ comparison: Comparison, _ value: Located<CommandValue>) throws(ScenarioError) -> [String] {
    _ = try requireModel()
    let actual = try StatePath.resolve(path.value, in: snapshot(), column: path.column)
    let claim = "\(path.value) \(comparison.rawValue) \(value.value)"
    guard try StateComparison.holds(actual, comparison, value.value, column: value.column) else {
      let shown = StateRenderer.inline(actual) ?? StateRenderer.render(actual)
      throw ScenarioError(.expectationFailed(claim: claim, actual: shown), column: path.column)
    }
    return ["ok: \(claim)"]
  }

  func expectEffect(_ id: Located<Int>, _ status: Located<EffectStatus>) throws(ScenarioError) -> [String] {
    let effect = try tracker.effect(id)
    guard effect.status == status.value else {
      throw ScenarioError(
        .expectationFailed(claim: "#\(id.value) \(status.value.rawValue)", actual: "\(effect.status.rawValue) (\(effect.action))"),
        column: status.column)
    }
    return ["ok: #\(id.value) \(status.value.rawValue)"]
  }

  func expectTime(_ comparison: Comparison, _ value: Duration) throws(ScenarioError) -> [String] {
    let time = now
    let holds = comparison.holds(order: time < value ? -1 : time == value ? 0 : 1)
    let claim = "time \(comparison.rawValue) \(value.commandText)"
    guard holds else { throw ScenarioError(.expectationFailed(claim: claim, actual: time.secondsText)) }
    return ["ok: \(claim)"]
  }

  func expectLog(_ text: String) throws(ScenarioError) -> [String] {
    let pendingLines = sink.peekLines()
    guard (logLines + pendingLines).contains(where: { $0.contains(text) }) else {
      throw ScenarioError(.logLacks(text))
    }
    return ["ok: log contains \(CommandValue.quote(text))"]
  }

  func help(_ topic: Located<String>?) throws(ScenarioError) -> [String] {
    guard let topic else {
      let width = CommandName.allCases.map(\.rawValue.count).max() ?? 0
      return CommandName.allCases.map { $0.rawValue.padding(to: width) + "  " + $0.summary }
        + ["", "Commands may be shortened to a unique prefix (`adv 2s`). `help COMMAND` shows usage and an example."]
    }
    let command = try CommandName.resolve(topic.value, column: topic.column)
    return ["usage: \(command.usage)", command.summary, "example: \(command.example)"]
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

extension Session {
  /// `requests`: every request waiting for an answer, oldest first within each dependency, with
  /// the `respond` line that answers it with the dependency's first outcome, and the others.
  func requestListing() -> [String] {
    let pending = pendingRequestList
    guard !pending.isEmpty else { return ["no request is waiting for an answer"] }
    return pending.map { request in
      let outcomes = context?.dependencies.first { $0.name == request.dependency }?.outcomes.map(\.name) ?? []
      let others = outcomes.dropFirst().isEmpty ? "" : " (or \(outcomes.dropFirst().joined(separator: ", ")))"
      return "\(request.dependency) #\(request.id): \(request.description); answer with `respond \(request.dependency) #\(request.id) \(outcomes.first ?? "ok")`\(others)"
    }
  }
}
