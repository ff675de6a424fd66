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
    let text = renderer.render(result)
    if !text.output.isEmpty { writeOutput(text.output) }
    if !text.errors.isEmpty { writeErrors(text.errors) }
  }
}
