/// Turns step results into the human transcript: the echoed command, its events and output, and
/// the view state with the lines that changed marked `-` (before) and `+` (after).
package struct TranscriptRenderer: Sendable {
  /// Whether to echo each command as `> command` (scenario files, pipes, golden files).
  package var echo: Bool
  /// Whether errors stay in the transcript (golden files) instead of going to standard error.
  package var errorsInline: Bool
  /// Whether to colour changed lines and errors (only on a terminal).
  package var color: Bool

  package init(echo: Bool, errorsInline: Bool, color: Bool = false) {
    self.echo = echo
    self.errorsInline = errorsInline
    self.color = color
  }

  /// The text for standard output and the text for standard error.
  package func render(_ result: StepResult) -> (output: String, errors: String) {
    if result.isEmpty { return ("", "") }
    var out: [String] = []
    if echo { out.append("> " + result.source) }
    // In a step where time moved, each event says when it happened.
    let timed = result.time != result.startTime
    for event in result.events {
      if case .timeMoved = event.event {
        out.append(EventText.line(for: event.event))
      } else {
        out.append((timed ? "[\(event.time.secondsText)] " : "") + EventText.line(for: event.event))
      }
    }
    if color, case .timeline(.timeline(svg: nil))? = result.command {
      out.append(contentsOf: result.output.map(paintTimeline))
    } else {
      out.append(contentsOf: result.output)
    }
    if result.showsState, let state = result.state {
      out.append("state:")
      out.append(contentsOf: stateLines(state, previous: result.previousState))
    }
    var errors = ""
    let failure = result.failure
    if let error = result.error, failure == nil {
      // A `fails` line's error is what it checks: output, not a failure.
      out.append("failed as expected: \(error)")
    }
    if let failure {
      let line = paint("error: \(failure)", "31")
      if errorsInline { out.append(line) } else { errors = line + "\n" }
    }
    return (out.isEmpty ? "" : out.joined(separator: "\n") + "\n", errors)
  }

  /// The state's lines, indented, with what differs from `previous` marked `-` and `+`.
  package func stateLines(_ state: StateValue, previous: StateValue?) -> [String] {
    let new = StateRenderer.render(state).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let previous else { return new.map { "  " + $0 } }
    let old = StateRenderer.render(previous).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return LineDiff.lines(old, new).map { line in
      switch line {
      case .same(let text): return "  " + text
      case .removed(let text): return paint("- " + text, "31")
      case .added(let text): return paint("+ " + text, "32")
      }
    }
  }

  /// `text` in red on a colour terminal, as errors are shown.
  package func paint(_ text: String) -> String { paint(text, "31") }

  /// A line of `timeline` on a colour terminal: bars blue, ends green, yellow or red.
  private func paintTimeline(_ line: String) -> String {
    var painted = ""
    for character in line {
      switch character {
      case "●", "━", "▶", "◆": painted += paint(String(character), "34")
      case "✔", "◇": painted += paint(String(character), "32")
      case "✖": painted += paint(String(character), "33")
      case "!", "■", "⚠": painted += paint(String(character), "31")
      default: painted.append(character)
      }
    }
    return painted
  }

  private func paint(_ text: String, _ code: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}

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
      return .object([
        ("line", error.line.map { .number(String($0)) } ?? .null),
        ("column", error.column.map { .number(String($0)) } ?? .null),
        ("message", .string(error.message)),
      ])
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
    case .printed(let text), .warning(let text), .note(let text):
      pairs += [("text", .string(text))]
    case .modelStarted, .departure:
      pairs += [("text", .string(EventText.line(for: event)))]
    case .logged(let level, let category, let message):
      pairs += [("level", .string(level)), ("category", .string(category)), ("message", .string(message))]
    case .backgroundPending(let origin, let waitingOn, let heldBy):
      pairs += [("origin", .string(origin.command))] + (origin.which.map { [("which", .string($0))] } ?? [])
      pairs += [("waitingOn", .string(waitingOn))]
      if !heldBy.isEmpty {
        pairs += [("heldBy", .array(heldBy.properties.map { .string($0) })), ("heldEntirely", .bool(heldBy.entirely))]
      }
    case .offMainWrite(let paths, let job, let step):
      pairs += [("paths", .array(paths.map { .string($0) })), ("job", .string(job)), ("step", .string(step))]
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

/// Compares a transcript with its golden file.
package enum GoldenComparison {
  /// A unified diff from `expected` (the golden file) to `actual`; nil when they are equal.
  package static func diff(expected: String, actual: String, name: String) -> String? {
    if expected == actual { return nil }
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return LineDiff.unified(old: old, new: new, oldName: "\(name) (golden)", newName: "\(name) (replayed)")
      ?? "--- \(name) (golden)\n+++ \(name) (replayed)\n(the files differ only in line endings or a final newline)"
  }
}
