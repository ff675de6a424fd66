import Testing
import VMReplTesting

@Test func goldenScenarios() async throws {
  try await ScenarioReplay.check("scenarios", executable: "myapp-repl")
}
