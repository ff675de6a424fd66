/// How a failed line is named in verdicts: `line 9 `expect count == 2`: expectation failed: ...`,
/// the error's first line only (a deadlock report's details stay in the transcript).
package enum StepFailure {
  package static func text(_ failure: ScenarioError, source: String) -> String {
    let message = String(failure.message.prefix { $0 != "\n" })
    guard let line = failure.line else { return "`\(source)`: \(message)" }
    return "line \(line) `\(source)`: \(message)"
  }
}
