import Testing

@testable import Scenario
@testable import ScenarioExploration
@testable import VMReplCLI

/// The output formats through the one renderer seam, from values: no process, no golden file.
@Suite("Output formats")
struct OutputFormatTests {
  static let passed = Verdict(scenario: "scenarios/a.scenario", golden: "scenarios/a.golden", kind: .pass)
  static let failed = Verdict(
    scenario: "scenarios/b.scenario", golden: "scenarios/b.golden", kind: .fail, diff: "-x\n+y",
    message: "the transcript differs from scenarios/b.golden")
  static let crashed = Verdict(
    scenario: "scenarios/c.scenario", golden: "scenarios/c.golden", kind: .crash, message: "the process ended with signal 4",
    details: ["Fatal error: <boom> & \"bust\""])

  @Test("human: a passed scenario on standard output, a failure with its diff on standard error, a count")
  func human() {
    let human = OutputFormat.human.renderer()
    #expect(human.render(Self.passed) == RenderedText(output: "ok   scenarios/a.scenario\n"))
    #expect(
      human.render(Self.failed)
        == RenderedText(
          errors:
            "FAIL scenarios/b.scenario: the transcript differs from scenarios/b.golden\n-x\n+y\nre-record after reading the diff: \(ToolName.current) replay --update scenarios/b.scenario\n"
        ))
    #expect(
      human.render(Self.crashed)
        == RenderedText(errors: "CRASH scenarios/c.scenario: the process ended with signal 4\n    Fatal error: <boom> & \"bust\"\n"))
    #expect(human.summary(of: [Self.passed, Self.failed, Self.crashed], name: "run") == RenderedText(output: "1 passed, 2 failed\n"))
  }

  @Test("JSON lines: an object per verdict on standard output, no summary")
  func jsonLines() {
    let jsonl = OutputFormat.jsonl.renderer()
    #expect(
      jsonl.render(Self.failed).output
        == #"{"scenario":"scenarios/b.scenario","verdict":"fail","golden":"scenarios/b.golden","message":"the transcript differs from scenarios/b.golden","diff":"-x\n+y"}"# + "\n")
    #expect(jsonl.render(Self.failed).errors.isEmpty)
    #expect(jsonl.summary(of: [Self.passed, Self.failed], name: "run") == RenderedText())
    #expect(jsonl.summary(of: [CancelExploration(), CancelExploration()]) == RenderedText())
  }

  @Test("JUnit: nothing per verdict, one escaped report at the end")
  func junit() {
    let junit = JUnitOutput()
    #expect(junit.render(Self.failed) == RenderedText())
    let xml = junit.summary(of: [Self.passed, Self.failed, Self.crashed], name: "vmrepl replay").output
    #expect(xml.contains(#"<testsuites name="vmrepl replay" tests="3" failures="1" errors="1">"#))
    #expect(xml.contains(#"<testcase name="scenarios/a.scenario" classname="scenarios" file="scenarios/a.scenario"/>"#))
    #expect(xml.contains(#"<error message="the process ended with signal 4" type="crash">Fatal error: &lt;boom&gt; &amp; &quot;bust&quot;</error>"#))
  }

  @Test("a cancel-anywhere exploration: the human report with a total, and a JSON object in JSON lines")
  func cancelAnywhere() {
    var cancels = CancelExploration()
    cancels.jobs = 4
    cancels.runs = 3
    cancels.boundaries = 2
    cancels.outcomes = [CancelOutcome(failures: [], count: 3, points: [], notes: [])]
    #expect(
      OutputFormat.human.renderer().summary(of: [cancels, cancels]) == RenderedText(output: "total: 6 cancellations, 0 failed\n"))
    #expect(
      OutputFormat.jsonl.renderer().render(cancels, name: "a.scenario").output
        == #"{"scenario":"a.scenario","jobs":4,"cancellations":3,"boundaries":2,"failed":0,"fifoFailures":[],"outcomes":[{"cancellations":3,"failures":[],"points":[],"notes":[]}]}"#
        + "\n")
  }
}
