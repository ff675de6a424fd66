import Foundation
import Scenario
import VMReplCLI

/// What `replay` does with a scenario file's text short of running it: its lines, each parsed;
/// the golden comparison; the answer a worker sends back; the JUnit report of a failure.
///
/// The input is a scenario, then optionally a NUL byte and a golden transcript to compare it with.
enum ScenarioFileTarget {
  /// Lines compared at most: the diff is quadratic in them.
  static let maxDiffLines = 200

  static func run(_ text: String) {
    let parts = text.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let scenario = parts[0]
    let golden = parts.count > 1 ? parts[1] : ""
    for line in ScenarioText.lines(scenario).prefix(64) {
      ParserTarget.parse(line, actions: ParserTarget.actions)
    }
    comparison(golden: golden, transcript: scenario)
    answer(path: golden, transcript: scenario)
    junit(scenario: golden, diff: scenario)
  }

  /// The golden diff is empty exactly when the texts are equal, and patching the golden file's
  /// lines with it gives the transcript's.
  static func comparison(golden: String, transcript: String) {
    let old = golden.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard old.count <= maxDiffLines && new.count <= maxDiffLines else { return }
    let diff = GoldenComparison.diff(expected: golden, actual: transcript, name: "x")
    invariant((diff == nil) == (golden == transcript), "the diff is \(diff == nil ? "empty" : "not empty") for \(golden == transcript ? "equal" : "different") texts")
    guard let diff else { return }
    let patched = apply(diff, to: old)
    invariant(patched == new, "patching\n\(golden)\nwith\n\(diff)\ngives\n\(patched.joined(separator: "\n"))")
  }

  /// `lines` with the hunks of a unified `diff` applied; the context and removed lines must be
  /// the ones at each hunk's place.
  static func apply(_ diff: String, to lines: [String]) -> [String] {
    var out: [String] = []
    var next = 0  // the first line of `lines` not yet copied
    for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
      if line.hasPrefix("@@ -") {
        let start = Int(line.dropFirst(4).prefix { $0.isNumber }) ?? 0
        invariant(start - 1 >= next, "hunk `\(line)` starts before line \(next + 1)")
        out += lines[next..<max(next, start - 1)]
        next = start - 1
      } else if line.hasPrefix(" ") || line.hasPrefix("-") {
        invariant(next < lines.count && lines[next] == line.dropFirst(), "`\(line)` is not line \(next + 1) of the golden text")
        if line.hasPrefix(" ") { out.append(lines[next]) }
        next += 1
      } else if line.hasPrefix("+") {
        out.append(String(line.dropFirst()))
      } else {
        // The note for texts that differ only in line endings: the lines are equal.
        invariant(line.hasPrefix("(the files differ only"), "unexpected diff line `\(line)`")
        return lines
      }
    }
    return out + lines[min(next, lines.count)...]
  }

  /// A worker's answer reads back as it was written.
  static func answer(path: String, transcript: String) {
    let written = WorkerJSON.line(ReplayWorkAnswer(path: path, transcript: transcript, fresh: true)) ?? ""
    invariant(!written.contains("\n"), "a worker answer spans lines: \(literal(written))")
    let read = WorkerJSON.decode(ReplayWorkAnswer.self, from: written)
    invariant(read?.path == path && read?.transcript == transcript, "a worker answer reads back as \(read.map { literal($0.transcript) } ?? "nothing") from \(literal(written))")
  }

  /// A failure's JUnit text has no markup of its own and no character XML 1.0 forbids.
  static func junit(scenario: String, diff: String) {
    let verdict = Verdict(scenario: scenario, golden: scenario + ".golden", kind: .fail, diff: diff, message: diff)
    let xml = JUnitReport.xml([verdict], name: "fuzz")
    for line in xml.split(separator: "\n") where line.contains("<testcase") || line.contains("<failure") {
      let inside = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
      for value in inside {
        invariant(!value.contains("<") && !value.contains(">"), "markup inside a JUnit attribute: \(literal(String(line)))")
      }
    }
    for scalar in xml.unicodeScalars {
      let allowed = scalar == "\n" || scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF
      invariant(allowed, "U+\(String(scalar.value, radix: 16)) in JUnit XML")
    }
    invariant(xml.components(separatedBy: "<failure").count == 2 && xml.contains("</failure>"), "the failure element is broken:\n\(xml)")
  }
}
