import Examples
import Scenario

/// Timers inside a scenario: the legacy example's countdown, a repeating run-loop `Timer`, firing
/// `firings` times in one `advance` (each firing a job of the main run loop, its view state
/// written each time).
@MainActor
func timerFigures(firings: Int) -> [String] {
  var environment = SessionEnvironment(models: Examples.all)
  environment.timerLimit = firings * 2
  let timeline = Timeline(environment)
  _ = timeline.execute("use legacy")
  _ = timeline.execute("send startCountdown seconds=\(firings)")
  var result: StepResult?
  let seconds = measure { result = timeline.execute("advance \(firings)s") }
  let check = timeline.execute("expect secondsLeft == 0")
  _ = timeline.session.finish()
  let failed = result?.error?.message ?? check.error?.message
  return [
    "timer firings inside a scenario (a repeating run-loop Timer): \(Int(Double(firings) / seconds)) per second (\(firings) in \(rounded(seconds)) s)"
      + (failed.map { "; FAILED: \($0.prefix { $0 != "\n" })" } ?? "")
  ]
}
