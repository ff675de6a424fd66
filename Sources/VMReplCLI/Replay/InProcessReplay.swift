package import Scenario

/// One scenario replayed in this process, then the process made ready for the next: what a
/// replay worker does per scenario, and what the session fuzz target does per input.
@MainActor
package struct InProcessReplay {
  var options: SessionOptions
  var output: SessionOutput
  /// How many timers `settle` and `await` may fire in one step, when not the session's default.
  var timerLimit: Int?

  package init(options: SessionOptions, output: SessionOutput, timerLimit: Int? = nil) {
    self.options = options
    self.output = output
    self.timerLimit = timerLimit
  }

  /// The golden transcript of `lines`, whether the process is clean for another scenario, and
  /// each line that failed (`line 9 `expect count == 2`: expectation failed: ...`).
  ///
  /// Afterwards the session is ended and the simulation restarted (virtual time 0, the default
  /// wall clock and random source), so the next transcript is the one a process of its own would
  /// print. `fresh` is false when something the scenario started could still act (a live timer,
  /// a thread, hidden work, a quarantined task): the next scenario needs a new process. A Dispatch
  /// block still waiting for its deadline is released unrun (`Simulation.releaseDelayedBlocks`).
  /// `observe` sees each step's line number and result.
  package func run(
    _ lines: [String], file: String?, observe: (_ line: Int?, _ result: StepResult) -> Void = { _, _ in }
  ) -> (transcript: String, fresh: Bool, failures: [String]) {
    var iterator = lines.makeIterator()
    let runner = ScriptRunner(options: options, transcript: true, output: output, file: file, timerLimit: timerLimit)
    let transcript = TextBuffer()
    let printer = StepPrinter(
      renderer: OutputFormat.human.renderer(),
      writeOutput: transcript.append, writeErrors: transcript.append)
    var failures: [String] = []
    _ = runner.run({ iterator.next() }, printer: printer) { line, result in
      if let failure = result.failure { failures.append(StepFailure.text(failure, source: result.source)) }
      observe(line, result)
    }
    let fresh = runner.timeline.end()
    output.capture?.discard()
    return (transcript.text, fresh, failures)
  }
}
