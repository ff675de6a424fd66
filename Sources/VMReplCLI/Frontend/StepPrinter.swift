import Scenario
import Simulation

/// Writes what each step did, in the chosen format, to the session's real output: the one
/// render-and-write path of every front end.
struct StepPrinter {
  var renderer: any StepRenderer
  /// Where transcript text goes.
  var writeOutput: (String) -> Void
  /// Where errors go when they are not kept in the transcript.
  var writeErrors: (String) -> Void

  func print(_ result: StepResult) {
    write(renderer.render(result))
  }

  /// A line the front end says itself, through the same renderer.
  func print(_ message: FrontEndMessage) {
    write(renderer.render(message))
  }

  private func write(_ text: RenderedText) {
    if !text.output.isEmpty { writeOutput(text.output) }
    if !text.errors.isEmpty { writeErrors(text.errors) }
  }
}
