import Synchronization

/// Turns step results into the human transcript: the echoed command, its events and output, and
/// the view state with the lines that changed marked `-` (before) and `+` (after).
package struct TranscriptRenderer: Sendable {
  /// Whether to echo each command as `> command` (scenario files, pipes, golden files).
  package var echo: Bool
  /// Whether errors stay in the transcript (golden files) instead of going to standard error.
  package var errorsInline: Bool
  /// Whether to colour changed lines and errors (only on a terminal).
  package var color: Bool
  /// The file the lines come from (`run FILE`): an error on standard error is then located as
  /// compilers write it, `FILE:3:6: error: ...`, which editors and terminals turn into a link.
  /// Golden transcripts and the REPL, which reads no file, keep `error: line 3, column 6: ...`.
  package var file: String?

  /// The states this renderer rendered last, with their lines: each step's state is the next
  /// step's previous, so it is rendered once. One per renderer (copies share it), not per process.
  private let recent = RecentStates()

  package init(echo: Bool, errorsInline: Bool, color: Bool = false, file: String? = nil) {
    self.echo = echo
    self.errorsInline = errorsInline
    self.color = color
    self.file = file
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
    if color, result.outputIsChart {
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
      if errorsInline {
        out.append(paint("error: \(failure)", "31"))
      } else {
        errors = paint(located(failure), "31") + "\n"
      }
    }
    return (out.isEmpty ? "" : out.joined(separator: "\n") + "\n", errors)
  }

  /// `error: MESSAGE`, after `FILE:LINE:COLUMN: ` when the lines come from a file.
  private func located(_ failure: ScenarioError) -> String {
    guard let file, let line = failure.line else { return "error: \(failure)" }
    let place = failure.column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    return "\(place): error: \(failure.message)"
  }

  /// The state's lines, indented, with what differs from `previous` marked `-` and `+`.
  package func stateLines(_ state: StateValue, previous: StateValue?) -> [String] {
    // The previous state is the one the step before rendered: look it up before rendering this one.
    let old = previous.map(recent.lines(of:))
    let new = recent.lines(of: state)
    guard let previous, let old, !previous.isIdentical(to: state) else { return new.map { "  " + $0 } }
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

/// The last two states a renderer rendered, with their lines.
private final class RecentStates: Sendable {
  private let states = Mutex<[(state: StateValue, lines: [String])]>([])

  /// The lines `StateRenderer` renders for `state`.
  func lines(of state: StateValue) -> [String] {
    if let known = states.guarded({ $0.first { $0.state.isIdentical(to: state) }?.lines }) { return known }
    let lines = StateRenderer.render(state).newlineSeparatedLines
    states.guarded { states in
      states.append((state, lines))
      if states.count > 2 { states.removeFirst() }
    }
    return lines
  }
}
