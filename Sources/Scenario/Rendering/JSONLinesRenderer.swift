/// Turns step results into JSON lines, one object per command, for programs driving the REPL.
package enum JSONLinesRenderer {
  package static func render(_ result: StepResult) -> String {
    if result.isEmpty { return "" }
    var pairs: [(String, JSON.Node)] = []
    pairs.append(("line", result.line.map { .number(String($0)) } ?? .null))
    pairs.append(("command", .string(result.source)))
    pairs.append(("events", .array(result.events.map(node))))
    pairs.append(("output", .array(result.output.map { .string($0) })))
    pairs.append(("time", .string(result.time.secondsText)))
    pairs.append(("state", result.state.map(JSON.node) ?? .null))
    pairs.append(("changed", .array(result.changes.map { .string($0) })))
    func errorNode(_ error: ScenarioError?) -> JSON.Node {
      guard let error else { return .null }
      var fields: [(String, JSON.Node)] = [
        ("line", error.line.map { .number(String($0)) } ?? .null),
        ("column", error.column.map { .number(String($0)) } ?? .null),
        ("message", .string(error.message)),
      ]
      if case .object(let report)? = error.report { fields += report }
      return .object(fields)
    }
    // `error` is what fails the line; a `fails` line's own error, which it expected, is
    // `expectedError`.
    let failure = result.failure
    pairs.append(("error", errorNode(failure)))
    if let expectation = result.errorExpectation {
      pairs.append(("expectedError", .object([
        ("text", expectation.text.map { .string($0.value) } ?? .null),
        ("got", errorNode(failure == nil ? result.error : nil)),
      ])))
    }
    pairs.append(("step", result.step.map { .number(String($0)) } ?? .null))
    return JSON.write(.object(pairs)) + "\n"
  }

  static func node(_ timed: TimedEvent) -> JSON.Node {
    let event = timed.event
    var pairs: [(String, JSON.Node)] = [("kind", .string(event.kind)), ("time", .string(timed.time.secondsText))]
    switch event {
    case .effectStarted(let id, let action):
      pairs += [("effect", .number(String(id))), ("action", .string(action))]
    case .effectEnded(let id, let action, let status, let error):
      pairs += [("effect", .number(String(id))), ("action", .string(action)), ("status", .string(status.rawValue)), ("error", error.map { .string($0) } ?? .null)]
    case .printed(let text), .note(let text):
      pairs += [("text", .string(text))]
    case .warning(let text, let about):
      pairs += [("text", .string(text)), ("about", .string(about.name))] + about.fields
    case .modelStarted, .departure:
      pairs += [("text", .string(EventText.line(for: event)))]
    case .logged(let level, let category, let message):
      pairs += [("level", .string(level)), ("category", .string(category)), ("message", .string(message))]
    case .backgroundPending(let origin, let waits, let heldBy):
      pairs += [("origin", .string(origin.command))] + (origin.which.map { [("which", .string($0))] } ?? [])
      pairs += [("waitingOn", .string(Wait.text(of: waits))), ("waits", .array(waits.map { .object($0.fields) }))]
      if !heldBy.isEmpty {
        pairs += [("heldBy", .array(heldBy.properties.map { .string($0) })), ("heldEntirely", .bool(heldBy.entirely))]
      }
      if !heldBy.unreached.isEmpty { pairs += [("notReachedBy", .array(heldBy.unreached.map { .string($0) }))] }
      if !heldBy.pipelines.isEmpty { pairs += [("maybeHeldBy", .array(heldBy.pipelines.map { .string($0) }))] }
    case .offMainWrite(let paths, let job, let step, let observation):
      pairs += [
        ("paths", .array(paths.map { .string($0) })), ("job", .string(job)), ("step", .string(step)),
        ("observedBy", .string(observation.rawValue)),
      ]
    case .watchChanged(let path, let from, let to, let job):
      pairs += [("path", .string(path)), ("from", .string(from)), ("to", .string(to)), ("job", .string(job))]
    case .mainThreadBlocked(let waitingOn, let from, let to):
      pairs += [("waitingOn", .string(waitingOn)), ("from", .string(from.secondsText)), ("to", .string(to.secondsText))]
    case .backgroundEnded(let origin):
      pairs += [("origin", .string(origin.command))] + (origin.which.map { [("which", .string($0))] } ?? [])
    case .requestPending(let dependency, let id, let request):
      pairs += [("dependency", .string(dependency)), ("request", .string(id)), ("description", .string(request))]
    case .requestAnswered(let dependency, let id, let outcome):
      pairs += [("dependency", .string(dependency)), ("request", .string(id)), ("outcome", .string(outcome))]
    case .requestCancelled(let dependency, let id):
      pairs += [("dependency", .string(dependency)), ("request", .string(id))]
    case .timeMoved(let from, let to):
      pairs += [("from", .string(from.secondsText)), ("to", .string(to.secondsText))]
    }
    return .object(pairs)
  }
}
