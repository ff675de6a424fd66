import ArgumentParser
import Scenario
import Simulation

/// Feeds lines to a session and writes what each step printed.
@MainActor
struct ScriptRunner {
  var options: SessionOptions
  /// Golden-transcript mode: echo every command and keep errors in the transcript.
  var transcript: Bool
  let session: Session

  init(options: SessionOptions, transcript: Bool) {
    let simulation = Simulation.install()
    simulation.maxJobsPerStep = options.maxJobs
    simulation.watchdogLimit = .milliseconds(Int64(options.watchdog * 1000))
    simulation.setWatchdogHint("change the limit with --watchdog SECONDS")
    self.options = options
    self.transcript = transcript
    self.session = Session(models: ModelCatalog.models)
  }

  /// Runs every line from `next`; returns whether any step failed.
  func run(_ next: () -> String?) -> Bool {
    let renderer = TranscriptRenderer(echo: true, errorsInline: transcript)
    var failed = false
    var number = 0
    var first = options.use.map { "use \($0)" }
    while let line = first ?? next() {
      let isOption = first != nil
      first = nil
      if !isOption { number += 1 }
      if transcript {
        // For `replay`: if the view-model traps, the last marker names the step it trapped in.
        writeAll(2, "\(StepMarker.prefix)\(isOption ? "" : "line \(number): ")\(line)\n")
      }
      let result = session.execute(line, line: isOption ? nil : number)
      switch options.format {
      case .human:
        let (output, errors) = renderer.render(result)
        if !output.isEmpty { session.writeOutput(output) }
        if !errors.isEmpty { session.writeError(errors) }
      case .jsonl:
        let text = JSONLinesRenderer.render(result)
        if !text.isEmpty { session.writeOutput(text) }
      }
      if result.error != nil {
        failed = true
        if options.bail { break }
      }
      if result.isQuit { break }
    }
    return failed
  }
}
