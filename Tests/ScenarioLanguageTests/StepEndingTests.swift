import Testing

@testable import ScenarioLanguage

/// How a step ends is the command's, as the table and its forms say; the session names no command.
@Suite("Step endings")
struct StepEndingTests {
  func ending(_ line: String) throws -> StepEnding {
    try #require(try CommandParser.parse(line, actions: ["refresh"])).ending
  }

  @Test("step and the until forms stop between jobs; plain advance and send run what is ready")
  func stops() throws {
    for line in ["step", "step 3", "step until state.isLoading == false", "advance until state.isLoading == false", "step send refresh"] {
      #expect(try ending(line) == .betweenJobs, "\(line)")
    }
    for line in ["advance 2s", "send refresh", "await", "settle", "use refresh", "save notes.scenario"] {
      #expect(try ending(line) == .runsReadyJobs, "\(line)")
    }
  }

  @Test("queries and settings that start no work leave a stopped step stopped")
  func asItWas() throws {
    for line in ["state", "effects", "time", "expect state.isLoading == false", "watch isLoading", "watch off", "schedule fifo", "stub search ok"] {
      #expect(try ending(line) == .asItWas, "\(line)")
    }
  }
}
