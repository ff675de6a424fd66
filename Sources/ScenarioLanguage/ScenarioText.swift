/// How a scenario file's text becomes the lines the session runs: one command a line, and a
/// final newline ends the last line instead of adding an empty one.
///
/// ```swift
/// ScenarioText.lines("use refresh\nsend refresh\n")  // ["use refresh", "send refresh"]
/// ```
package enum ScenarioText {
  /// The lines of `text`, as `replay`, `run FILE` and the REPL's `run` read them.
  package static func lines(_ text: String) -> [String] {
    var lines = text.newlineSeparatedLines
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
