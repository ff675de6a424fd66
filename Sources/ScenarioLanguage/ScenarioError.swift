/// An error a command gets: where (line, column), which word, and what was expected.
///
/// Its description is the exact text users see:
/// `line 3, column 6: unknown action `refesh`; did you mean `refresh`?`
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
  /// 1-based line in the scenario or input; nil for interactive input.
  public var line: Int?
  /// 1-based column of the offending word.
  public var column: Int?
  /// What went wrong, by kind; `message` is its text.
  package var reason: Reason
  /// What went wrong, what was expected, and the nearest valid choice.
  public var message: String { reason.text }
  /// What the message says, as data for `--format jsonl` (an object whose fields join the
  /// error's): a deadlock report's stuck work, for instance. Nil for most errors.
  package var report: JSON.Node?

  /// An error at `column` of the current line, with a message of its own: for a view-model's or a
  /// registration's own code. vmrepl's errors are each a kind of `Reason` (a test checks that no
  /// source file of vmrepl words one here).
  public init(_ message: String, column: Int? = nil, line: Int? = nil) {
    self.init(.message(message), column: column, line: line)
  }

  /// An error of a kind that `Reason.text` words.
  package init(_ reason: Reason, column: Int? = nil, line: Int? = nil) {
    self.reason = reason
    self.column = column
    self.line = line
  }

  public var description: String {
    var place: [String] = []
    if let line { place.append("line \(line)") }
    if let column { place.append("column \(column)") }
    return place.isEmpty ? message : place.joined(separator: ", ") + ": " + message
  }
}

extension ScenarioError {
  /// Runs `body`; an error it throws that points at no word points at `column`.
  package static func pointing<Result>(at column: Int?, _ body: () throws(ScenarioError) -> Result) throws(ScenarioError) -> Result {
    do {
      return try body()
    } catch {
      var error = error
      error.column = error.column ?? column
      throw error
    }
  }
}
