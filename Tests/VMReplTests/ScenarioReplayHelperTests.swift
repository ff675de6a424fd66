import Testing
import VMReplTesting

/// `ScenarioReplay.check`, the helper users call from their own test targets.
@Suite("ScenarioReplay.check")
struct ScenarioReplayHelperTests {
  @Test("a folder of green scenarios passes and reports its count")
  func greenFolder() async throws {
    let report = try await ScenarioReplay.check("scenarios/refresh", executable: "vmrepl")
    #expect(report.passed == 10)
    #expect(report.failed == 0)
  }

  @Test("a stale golden file is a recorded issue carrying the diff")
  func staleGolden() async throws {
    var report: ScenarioReplay.Report?
    try await withKnownIssue {
      report = try await ScenarioReplay.check("Tests/VMReplTests/Scenarios/stale", executable: "vmrepl")
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("-      isLoading: true\n+      isLoading: false") }
    }
    #expect(report?.failed == 1)
  }

  @Test("a crash is an issue at the line its message names, not at the file's first line")
  func crashAtItsLine() async throws {
    let cases = try ScenarioCase.all(in: "Tests/VMReplTests/Scenarios/threads-crash")
    let handshake = try #require(cases.first { $0.path.hasSuffix("/handshake.scenario") })
    try await withKnownIssue {
      try await handshake.check(executable: "VMReplFixtures", environment: ["SWIFT_BACKTRACE": "enable=no"])
    } matching: { issue in
      issue.sourceLocation?.line == 3 && issue.sourceLocation?.column == 1
        && issue.comments.contains { $0.rawValue.hasPrefix("the process ended with exit status 1 at line 3: `send deadlock`") }
    }
  }

  @Test("a missing binary is a set-up error that says what to add")
  func missingBinary() async throws {
    await #expect(throws: ScenarioReplay.SetupError.self) {
      try await ScenarioReplay.check("scenarios/refresh", executable: "no-such-repl")
    }
  }
}
