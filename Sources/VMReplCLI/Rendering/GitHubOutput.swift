import Scenario
import ScenarioExploration

/// The human format, with each failure of a replay also written as a GitHub Actions workflow
/// command (`::error file=...,line=...,col=...::message`), which the Actions log turns into an
/// annotation on the scenario's line in the pull request.
struct GitHubOutput: OutputRenderer {
  var human: HumanOutput

  func render(_ result: StepResult) -> RenderedText { human.render(result) }
  func render(_ message: FrontEndMessage) -> RenderedText { human.render(message) }

  func render(_ verdict: Verdict) -> RenderedText {
    var text = human.render(verdict)
    text.output += Self.annotations(verdict).joined()
    return text
  }

  func summary(of verdicts: [Verdict], name: String) -> RenderedText { human.summary(of: verdicts, name: name) }
  func render(_ exploration: Exploration, name: String) -> RenderedText { human.render(exploration, name: name) }
  func summary(of explorations: [Exploration]) -> RenderedText { human.summary(of: explorations) }
  func render(_ cancels: CancelExploration, name: String) -> RenderedText { human.render(cancels, name: name) }
  func summary(of cancels: [CancelExploration]) -> RenderedText { human.summary(of: cancels) }

  /// One workflow command per failure of `verdict`: at its line when it has one, else on the file.
  static func annotations(_ verdict: Verdict) -> [String] {
    switch verdict.kind {
    case .pass, .recorded, .updated: return []
    case .crash:
      let line = verdict.locations.first.map { ",line=\($0.line)" } ?? ""
      return ["::error file=\(property(verdict.scenario))\(line),title=\(property("crash"))::\(data(verdict.message ?? "crashed"))\n"]
    case .fail:
      guard !verdict.locations.isEmpty else {
        return ["::error file=\(property(verdict.scenario))::\(data(verdict.message ?? "failed"))\n"]
      }
      return verdict.locations.map { location in
        let column = location.column.map { ",col=\($0)" } ?? ""
        return "::error file=\(property(verdict.scenario)),line=\(location.line)\(column)::\(data(location.message))\n"
      }
    }
  }

  /// A message as a workflow command's data: `%`, carriage returns and newlines escaped.
  static func data(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A value of a workflow command's property: also `:` and `,` escaped.
  static func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
