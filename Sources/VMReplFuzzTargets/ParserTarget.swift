import Scenario
import VMReplCLI

/// The lexer and parser on one command line (the input up to its first newline): its tokens are
/// words of the line, and it parses to a command or an error that names a column inside it.
enum ParserTarget {
  /// Action names as a model offers them, so `send` and `await send` parse past the action.
  static let actions = ["refresh", "search", "add", "tap", "load"]

  static func run(_ text: String) {
    let line = String(text.prefix { $0 != "\n" })
    tokens(line)
    parse(line, actions: actions)
    parse(line, actions: [])
  }

  /// Tokens start at increasing columns, and each is the text at its column.
  static func tokens(_ line: String) {
    let characters = Array(line)
    do {
      var last = 0
      for token in try Lexer.tokenize(line) {
        invariant(token.column > last, "token `\(token.text)` at column \(token.column) after column \(last) in \(literal(line))")
        invariant(
          token.column >= 1 && token.column - 1 + token.text.count <= characters.count,
          "token `\(token.text)` at column \(token.column) runs past the end of \(literal(line))")
        let typed = String(characters[(token.column - 1)..<(token.column - 1 + token.text.count)])
        invariant(typed == token.text, "token `\(token.text)` at column \(token.column) is `\(typed)` in \(literal(line))")
        last = token.column
      }
    } catch {
      located(error, in: line)
    }
  }

  static func parse(_ line: String, actions: [String]) {
    do {
      _ = try CommandParser.parse(line, actions: actions)
    } catch {
      located(error, in: line)
    }
  }

  /// An error of one line: a message, no line number of its own, and a column inside the line
  /// or just past its end.
  static func located(_ error: ScenarioError, in line: String) {
    invariant(!error.message.isEmpty, "an empty error message for \(literal(line))")
    invariant(error.line == nil, "a parse error names line \(error.line ?? 0) for \(literal(line))")
    if let column = error.column {
      invariant(column >= 1 && column <= line.count + 1, "column \(column) outside \(literal(line)) (\(line.count) characters): \(error)")
    }
  }
}
