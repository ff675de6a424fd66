import Scenario
import ScenarioExploration

/// The JSON lines format, for programs: one object per step, per verdict, per exploration.
struct JSONLinesOutput: OutputRenderer {
  func render(_ result: StepResult) -> RenderedText {
    RenderedText(output: JSONLinesRenderer.render(result))
  }

  /// `{"note": TEXT}` or `{"error": TEXT}`.
  func render(_ message: FrontEndMessage) -> RenderedText {
    switch message {
    case .note(let text): RenderedText(output: JSON.write(.object([("note", .string(text))])) + "\n")
    case .error(let text): RenderedText(output: JSON.write(.object([("error", .string(text))])) + "\n")
    }
  }

  func render(_ verdict: Verdict) -> RenderedText {
    RenderedText(output: Self.line(of: verdict))
  }

  /// Nothing: every verdict was an object of its own.
  func summary(of verdicts: [Verdict], name: String) -> RenderedText { RenderedText() }

  func render(_ exploration: Exploration, name: String) -> RenderedText {
    RenderedText(output: ExplorationReport.jsonLine(exploration, name: name))
  }

  func summary(of explorations: [Exploration]) -> RenderedText { RenderedText() }

  func render(_ cancels: CancelExploration, name: String) -> RenderedText {
    RenderedText(output: ExplorationReport.jsonLine(cancels, name: name))
  }

  func summary(of cancels: [CancelExploration]) -> RenderedText { RenderedText() }

  /// One JSON object: the path, the verdict, and the diff or the crash.
  static func line(of verdict: Verdict) -> String {
    var fields: [(String, JSON.Node)] = [("scenario", .string(verdict.scenario)), ("verdict", .string(verdict.kind.rawValue)), ("golden", .string(verdict.golden))]
    if let message = verdict.message { fields.append(("message", .string(message))) }
    if let diff = verdict.diff { fields.append(("diff", .string(diff))) }
    if verdict.kind == .crash { fields.append(("crash", .array(verdict.details.map { .string($0) }))) }
    if verdict.kind == .fail, !verdict.details.isEmpty { fields.append(("failures", .array(verdict.details.map { .string($0) }))) }
    if !verdict.locations.isEmpty {
      fields.append(("locations", .array(verdict.locations.map { location in
        .object([
          ("line", .number(String(location.line))), ("column", location.column.map { .number(String($0)) } ?? .null),
          ("message", .string(location.message)),
        ])
      })))
    }
    return JSON.write(.object(fields)) + "\n"
  }
}
