import Foundation
import ScenarioAudit

/// Writes each finding's scenario, `DIR/MODEL/KIND.scenario` (`KIND-2` for a second of a kind):
/// a header that says what it shows, then the lines; its `run` fails while the bug is there.
enum AuditScenarios {
  /// Writes the files and sets each finding's `scenario`; returns the paths written.
  @discardableResult
  static func write(_ findings: inout [Finding], to folder: String) throws -> [String] {
    var taken: [String: Int] = [:]
    var written: [String] = []
    for index in findings.indices {
      let finding = findings[index]
      let base = "\(folder)/\(finding.model)/\(finding.kind.rawValue)"
      taken[base, default: 0] += 1
      let path = base + (taken[base]! > 1 ? "-\(taken[base]!)" : "") + ".scenario"
      findings[index].scenario = path
      try FileManager.default.createDirectory(atPath: "\(folder)/\(finding.model)", withIntermediateDirectories: true)
      try text(of: finding).write(toFile: path, atomically: true, encoding: .utf8)
      written.append(path)
    }
    return written
  }

  /// The scenario file of `finding`.
  static func text(of finding: Finding) -> String {
    var header = [
      "# vmrepl audit found: \(finding.kind.title) in \(finding.type.isEmpty ? "`\(finding.model)`" : finding.type)",
      "# \(finding.summary)",
      "# evidence: \(finding.evidence)",
    ]
    if let source = finding.source { header.append("# code: \(source)") }
    if let onPurpose = finding.onPurpose { header.append("# not a bug \(onPurpose)") }
    header.append("# Its last line fails while the bug is there and passes once it is fixed: keep it as the regression test.")
    return (header + finding.lines).map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n") + "\n"
  }
}
