import Scenario
import ScenarioExploration

/// The human format: transcripts as golden files hold them, a line per verdict, and the
/// exploration report.
struct HumanOutput: OutputRenderer {
  var transcript: TranscriptRenderer

  func render(_ result: StepResult) -> RenderedText {
    let (output, errors) = transcript.render(result)
    return RenderedText(output: output, errors: errors)
  }

  /// A note as it is; an error painted as a step's error is, where the step's errors go.
  func render(_ message: FrontEndMessage) -> RenderedText {
    switch message {
    case .note(let text): return RenderedText(output: text + "\n")
    case .error(let text):
      let line = transcript.paint("error: " + text) + "\n"
      return transcript.errorsInline ? RenderedText(output: line) : RenderedText(errors: line)
    }
  }

  /// A passed scenario on standard output; a failure, with its diff, on standard error.
  func render(_ verdict: Verdict) -> RenderedText {
    verdict.passed ? RenderedText(output: Self.text(of: verdict)) : RenderedText(errors: Self.text(of: verdict))
  }

  func summary(of verdicts: [Verdict], name: String) -> RenderedText {
    let passed = verdicts.filter(\.passed).count
    return RenderedText(output: "\(passed) passed, \(verdicts.count - passed) failed\n")
  }

  func render(_ exploration: Exploration, name: String) -> RenderedText {
    RenderedText(output: ExplorationReport.lines(exploration, name: name).joined(separator: "\n") + "\n")
  }

  /// A total, when there was more than one scenario.
  func summary(of explorations: [Exploration]) -> RenderedText {
    explorations.count > 1 ? RenderedText(output: "total: " + ExplorationReport.total(explorations) + "\n") : RenderedText()
  }

  func render(_ cancels: CancelExploration, name: String) -> RenderedText {
    RenderedText(output: ExplorationReport.lines(cancels, name: name).joined(separator: "\n") + "\n")
  }

  /// A total, when there was more than one scenario.
  func summary(of cancels: [CancelExploration]) -> RenderedText {
    guard cancels.count > 1 else { return RenderedText() }
    let runs = cancels.reduce(0) { $0 + $1.runs }
    return RenderedText(output: "total: \(runs) cancellation\(runs == 1 ? "" : "s"), \(cancels.reduce(0) { $0 + $1.failed }) failed\n")
  }

  /// The human report: a line per scenario, then the diff or the crash's reasons.
  static func text(of verdict: Verdict) -> String {
    switch verdict.kind {
    case .pass: return "ok   \(verdict.scenario)\n"
    case .recorded: return "new  \(verdict.scenario): recorded \(verdict.golden)\n"
    case .updated: return "upd  \(verdict.scenario): recorded \(verdict.golden)\n"
    case .crash:
      return "CRASH \(verdict.scenario): \(verdict.message ?? "")\n" + verdict.details.map { "    " + $0 + "\n" }.joined()
    case .fail:
      let head = "FAIL \(verdict.scenario): \(verdict.message ?? "")\n" + verdict.details.map { "    " + $0 + "\n" }.joined()
      guard let diff = verdict.diff else { return head }
      // Failed lines are mended in the scenario or the view-model: re-recording cannot pass them.
      let advice = verdict.details.isEmpty ? "re-record after reading the diff: \(ToolName.current) replay --update \(verdict.scenario)\n" : ""
      return head + "\(diff)\n" + advice
    }
  }
}
