/// What a `fails ["TEXT"] COMMAND` line expects of its command: that it fails, with an error
/// whose message contains TEXT when TEXT is given.
///
/// A scenario that checks an error on purpose (a typo's message, a deadlock report, a request
/// the scenario leaves unanswered) says so on the line, so that every other error, and every
/// failed `expect`, fails `run`, `replay` and `explore` whatever a golden file says.
///
/// ```
/// fails "unknown action" send refesh
/// fails await
/// ```
package struct ErrorExpectation: Equatable, Sendable {
  /// Text the error's message must contain; nil when any error will do.
  package var text: Located<String>?
  /// The column of the word `fails`.
  package var column: Int

  package init(text: Located<String>?, column: Int) {
    self.text = text
    self.column = column
  }

  /// The failure of a line whose command ended with `error` (nil: it succeeded), judged against
  /// this expectation: nil when the command failed as expected.
  package func judge(_ error: ScenarioError?, line: Int?) -> ScenarioError? {
    guard let error else {
      let what = text.map { " with an error containing \(CommandValue.quote($0.value))" } ?? ""
      return ScenarioError(.expectedErrorMissing(what), column: column, line: line)
    }
    if let text, !error.message.contains(text.value) {
      return ScenarioError(
        .expectedErrorDiffers(expected: text.value, got: String(error.message.prefix { $0 != "\n" })),
        column: text.column, line: line)
    }
    return nil
  }
}
