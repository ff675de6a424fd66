import Scenario

/// Where in a scenario a verdict's failure is: a failed line (with the column of the word the
/// error points at), or the line whose step first printed something else than the golden file.
/// Editors, CI annotations, JUnit and Swift Testing issues point at it.
struct VerdictLocation: Sendable, Equatable, Codable {
  var line: Int
  var column: Int?
  var message: String

  /// The location a worker's failure text names (`9:8: message (`source`)`), if it names one.
  init?(failure: String) {
    let parts = failure.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, let line = Int(parts[0]) else { return nil }
    self.line = line
    if parts.count == 3, let column = Int(parts[1]) {
      self.column = column
      message = parts[2].trimmingCharacters(in: .whitespaces)
    } else {
      column = nil
      message = parts.dropFirst().joined(separator: ":").trimmingCharacters(in: .whitespaces)
    }
  }

  init(line: Int, column: Int? = nil, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// The scenario line whose step first printed something else than `expected` (the golden
  /// file): the command echoed last before the first differing line of the transcript.
  static func firstDifference(expected: String, actual: String, scenario text: String) -> VerdictLocation? {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let common = min(old.count, new.count)
    guard let index = (0..<common).first(where: { old[$0] != new[$0] }) ?? (old.count == new.count ? nil : common) else {
      return nil
    }
    // The echoed commands up to the difference (the differing line itself, when it is one).
    let echoes = new.prefix(min(index + 1, new.count)).filter { $0.hasPrefix("> ") }.count
    guard echoes > 0 else { return nil }
    // Echoes are the scenario's lines that hold a command, in order.
    var seen = 0
    for (offset, line) in ScenarioText.lines(text).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
      seen += 1
      if seen == echoes {
        return VerdictLocation(line: offset + 1, message: "this step printed something else than the golden file (the diff shows what)")
      }
    }
    return nil
  }
}
