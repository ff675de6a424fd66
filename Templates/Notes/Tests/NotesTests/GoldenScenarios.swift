import Testing
import VMReplTesting

/// Every scenario under scenarios/ replays to its golden transcript.
/// Re-record after reading the diff: `VMREPL_RECORD=1 swift test`.
@Test func goldenScenarios() async throws {
  try await ScenarioReplay.check("scenarios", executable: "notes-repl")
}
