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
