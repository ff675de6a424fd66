import Scenario

/// The JUnit XML report, the format GitHub Actions, GitLab and Jenkins read: one test case per
/// scenario, a `failure` with the diff for a mismatch, an `error` for a crash. A file written
/// once every verdict is known (`replay --junit FILE`), so each verdict alone writes nothing.
struct JUnitOutput: VerdictRenderer {
  func render(_ verdict: Verdict) -> RenderedText { RenderedText() }

  func summary(of verdicts: [Verdict], name: String) -> RenderedText {
    RenderedText(output: JUnitReport.xml(verdicts, name: name))
  }
}

/// A JUnit XML report, the format GitHub Actions, GitLab and Jenkins read: one test case per
/// scenario, a `failure` with the diff for a mismatch, an `error` for a crash.
package enum JUnitReport {
  package static func xml(_ verdicts: [Verdict], name: String) -> String {
    let failures = verdicts.filter { $0.kind == .fail }.count
    let errors = verdicts.filter { $0.kind == .crash }.count
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuites name="\#(escape(name))" tests="\#(verdicts.count)" failures="\#(failures)" errors="\#(errors)">"#,
      #"  <testsuite name="\#(escape(name))" tests="\#(verdicts.count)" failures="\#(failures)" errors="\#(errors)" skipped="0">"#,
    ]
    for verdict in verdicts {
      let folder = verdict.scenario.split(separator: "/").dropLast().joined(separator: "/")
      // The line of the first failure, for reports that link a failure to its source.
      let line = verdict.locations.first.map { #" line="\#($0.line)""# } ?? ""
      let open = #"    <testcase name="\#(escape(verdict.scenario))" classname="\#(escape(folder.isEmpty ? "scenarios" : folder))" file="\#(escape(verdict.scenario))"\#(line)"#
      switch verdict.kind {
      case .pass, .recorded, .updated:
        lines.append(open + "/>")
      case .fail:
        lines.append(open + ">")
        lines.append(#"      <failure message="\#(escape(verdict.message ?? ""))" type="golden mismatch">\#(escape(verdict.details.isEmpty ? verdict.diff ?? verdict.message ?? "" : (verdict.details + (verdict.diff.map { [$0] } ?? [])).joined(separator: "\n")))</failure>"#)
        lines.append("    </testcase>")
      case .crash:
        lines.append(open + ">")
        lines.append(#"      <error message="\#(escape(verdict.message ?? ""))" type="crash">\#(escape(verdict.details.joined(separator: "\n")))</error>"#)
        lines.append("    </testcase>")
      }
    }
    lines += ["  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text safe inside an XML attribute or element; characters XML 1.0 forbids are dropped.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if let entity = entities[scalar] {
        out += entity
      } else if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// What stands for each character markup or a line break in an attribute would break.
  private static let entities: [Unicode.Scalar: String] = [
    "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "\n": "&#10;", "\t": "&#9;", "\r": "&#13;",
  ]
}
