/// How a failed line is named in verdicts: where it is, as compilers write it (`9:8`, or `9` when
/// the error points at no word), the error's first line (a deadlock report's details stay in
/// the transcript), and the line as written.
package enum StepFailure {
  /// `9:8: expectation failed: count == 2, but it is 1 (`expect count == 2`)`.
  package static func text(_ failure: ScenarioError, source: String) -> String {
    let message = String(failure.message.prefix { $0 != "\n" })
    guard let line = failure.line else { return "\(message) (`\(source)`)" }
    let place = failure.column.map { "\(line):\($0)" } ?? "\(line)"
    return "\(place): \(message) (`\(source)`)"
  }

  /// The failure as editors and CI logs read it: `FILE:LINE:COLUMN: error: MESSAGE`.
  package static func located(_ failure: String, file: String) -> String {
    guard let first = failure.first, first.isNumber else { return "\(file): error: \(failure)" }
    let colon = failure.firstIndex(of: ":").map { failure[..<$0] } ?? ""
    // `9:8: message` or `9: message`: the place, then the message.
    var rest = failure[failure.index(failure.startIndex, offsetBy: colon.count + 1)...]
    var place = String(colon)
    if let column = rest.prefix(while: \.isNumber).nonEmpty, rest.dropFirst(column.count).first == ":" {
      place += ":" + column
      rest = rest.dropFirst(column.count + 1)
    }
    return "\(file):\(place): error:\(rest)"
  }
}

extension Substring {
  fileprivate var nonEmpty: Substring? { isEmpty ? nil : self }
}
