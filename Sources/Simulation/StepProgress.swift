/// Where a step that is still running stands, for a progress line at a terminal: wall time is
/// for the person waiting only, never for a transcript.
package struct StepProgress: Sendable, Equatable {
  /// The step, as `beginStep` named it (`line 3: advance 1h`, or the command typed).
  package var step: String
  /// Wall time since the step began, in whole seconds.
  package var wallSeconds: Int
  /// Where virtual time stands.
  package var now: Duration
  /// Jobs the step has run so far.
  package var jobs: Int
}

extension Simulation {
  /// Calls `report` from the watchdog's thread about once a second while a step runs longer
  /// than `after`; nil stops the reports. `endStep` tells it the step ended.
  package func reportProgress(after: Duration, _ report: (@Sendable (StepProgress) -> Void)?) {
    core.progressAfter.store(after.wholeNanoseconds, ordering: .relaxed)
    core.progressReporter.guarded { $0 = report.map(Callback.init) }
  }

  /// The step `beginStep` started has ended: no progress is reported until the next begins.
  package func endStep() {
    core.stepStartedAt.store(0, ordering: .relaxed)
  }
}

extension SimulationCore {
  /// From the watchdog's loop: reports the running step's progress once a second past the
  /// threshold. Returns the wall time of this report, or `last` when none was due.
  func reportProgressIfDue(now wall: Int64, last: Int64) -> Int64 {
    let started = stepStartedAt.load(ordering: .relaxed)
    let after = progressAfter.load(ordering: .relaxed)
    guard started != 0, after > 0, wall - started >= after, wall - last >= 1_000_000_000,
      let reporter = progressReporter.guarded({ $0 })
    else { return last }
    let progress = StepProgress(
      step: stepName.guarded { $0 }, wallSeconds: Int((wall - started) / 1_000_000_000),
      now: .nanoseconds(state.guarded { $0.now }), jobs: jobsThisStep.load(ordering: .relaxed))
    reporter.body(progress)
    return wall
  }
}
