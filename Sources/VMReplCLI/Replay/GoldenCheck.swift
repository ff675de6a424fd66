import Foundation
import Scenario

/// What replaying one scenario came to, against its golden file.
package struct Verdict: Sendable, Equatable {
  package enum Kind: String, Sendable {
    /// The transcript matched the golden file.
    case pass
    /// There was no golden file, and it was recorded.
    case recorded
    /// `--update` rewrote the golden file.
    case updated
    /// The transcript differs from the golden file (or none may be recorded, or it cannot be written).
    case fail
    /// The process ended while the scenario ran.
    case crash
  }

  package var scenario: String
  package var golden: String
  package var kind: Kind
  /// The unified diff, for `fail` of a mismatch.
  package var diff: String?
  /// What went wrong in one line, for `fail` and `crash`.
  package var message: String?
  /// For `crash`: what the process wrote to standard error that says why; for `fail`, each
  /// failed line as `FILE:LINE:COLUMN: error: ...`.
  var details: [String] = []
  /// For `fail`: where in the scenario each failure is, for editors, annotations and issues.
  var locations: [VerdictLocation] = []

  var passed: Bool {
    switch kind {
    case .pass, .recorded, .updated: true
    case .fail, .crash: false
    }
  }
}

/// Compares a replayed transcript with its golden file, recording or updating the file when asked.
struct GoldenCheck: Sendable {
  /// Rewrite every golden file (`--update`).
  var update: Bool
  /// A missing golden file fails instead of being recorded (the environment sets `CI`).
  var inCI: Bool

  func verdict(for scenario: String, _ run: ScenarioRun) -> Verdict {
    let golden = ScenarioFiles.golden(for: scenario)
    var verdict = Verdict(scenario: scenario, golden: golden, kind: .pass)
    let transcript: String
    switch run {
    case .crash(let reason, let step, let errors):
      let place = step.map { "at \($0.replacingOccurrences(of: ": ", with: ": `", range: $0.range(of: ": ")))`" } ?? "before its first command"
      // The runtime's "Fatal error: ..." line says why; otherwise the last lines written.
      let why = errors.filter { $0.contains("Fatal error") || $0.contains("fatal error") || $0.hasPrefix("watchdog:") || $0.hasPrefix("cannot start") }
      verdict.kind = .crash
      verdict.message = "the process ended with \(reason) \(place)"
      verdict.details = why.isEmpty ? Array(errors.suffix(5)) : why
      // Editors, annotations and `swift test` issues put the crash at the line it names.
      if let step, step.hasPrefix("line "), let number = Int(step.dropFirst(5).prefix(while: \.isNumber)) {
        verdict.locations = [VerdictLocation(line: number, message: verdict.message ?? "")]
      }
      return verdict
    case .transcript(let text, let failures):
      transcript = text
      // A failure fails whatever the golden file says, and is never recorded as the truth.
      if !failures.isEmpty {
        let expected = try? String(contentsOfFile: golden, encoding: .utf8)
        verdict.kind = .fail
        let lines = failures.count == 1 ? "a line failed" : "\(failures.count) lines failed"
        let kept = expected == nil ? "no golden file is recorded" : update ? "the golden file is not updated" : "whatever the golden file says"
        verdict.message = "\(lines) (\(kept); a line that checks an error on purpose says `fails`)"
        verdict.details = failures.map { StepFailure.located($0, file: scenario) }
        verdict.locations = failures.compactMap(VerdictLocation.init(failure:))
        if let expected, !update { verdict.diff = GoldenComparison.diff(expected: expected, actual: transcript, name: golden) }
        return verdict
      }
    }
    let expected = try? String(contentsOfFile: golden, encoding: .utf8)
    if update || expected == nil {
      if expected == nil && inCI && !update {
        verdict.kind = .fail
        verdict.message = "no golden file \(golden); CI is set, so it is not recorded (run `\(ToolName.current) replay --update \(scenario)` and commit it)"
        return verdict
      }
      if expected == transcript { return verdict }
      do {
        try Data(transcript.utf8).write(to: URL(fileURLWithPath: golden), options: .atomic)
      } catch {
        verdict.kind = .fail
        verdict.message = "cannot write \(golden): \(error)"
        return verdict
      }
      verdict.kind = expected == nil ? .recorded : .updated
      return verdict
    }
    if let diff = GoldenComparison.diff(expected: expected ?? "", actual: transcript, name: golden) {
      verdict.kind = .fail
      verdict.message = "the transcript differs from \(golden)"
      verdict.diff = diff
      if let text = try? String(contentsOfFile: scenario, encoding: .utf8),
        let location = VerdictLocation.firstDifference(expected: expected ?? "", actual: transcript, scenario: text)
      {
        verdict.locations = [location]
      }
    }
    return verdict
  }
}

extension Verdict {
  /// A verdict with no details or locations (the JUnit fuzz target makes one); in an extension,
  /// so that the memberwise initializer stays.
  package init(scenario: String, golden: String, kind: Kind, diff: String? = nil, message: String? = nil) {
    self.init(scenario: scenario, golden: golden, kind: kind, diff: diff, message: message, details: [], locations: [])
  }
}
