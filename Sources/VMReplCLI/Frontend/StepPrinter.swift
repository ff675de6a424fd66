import Scenario
import Simulation

/// Writes what each step did, in the chosen format, to the session's real output: the one
/// render-and-write path of every front end.
struct StepPrinter {
  var format: OutputFormat
  var renderer: TranscriptRenderer
  /// Where transcript text goes.
  var writeOutput: (String) -> Void
  /// Where errors go when they are not kept in the transcript.
  var writeErrors: (String) -> Void

  func print(_ result: StepResult) {
    switch format {
    case .human:
      let (output, errors) = renderer.render(result)
      if !output.isEmpty { writeOutput(output) }
      if !errors.isEmpty { writeErrors(errors) }
    case .jsonl:
      let text = JSONLinesRenderer.render(result)
      if !text.isEmpty { writeOutput(text) }
    }
  }
}

/// The process's standard output and error while a session captures what view-models print.
struct SessionOutput: Sendable {
  /// The capture of file descriptor 1, when it could be set up.
  let capture: OutputCapture?

  /// Starts capturing what view-models print.
  init() { capture = OutputCapture() }

  /// Writes to the real standard output, past the capture.
  func write(_ text: String) {
    if let capture { capture.write(text) } else { writeAll(1, text) }
  }

  /// Writes to standard error.
  func writeError(_ text: String) { writeAll(2, text) }

  /// The descriptor of the real standard output (the terminal).
  var descriptor: Int32 { capture?.realOutput ?? 1 }
}
