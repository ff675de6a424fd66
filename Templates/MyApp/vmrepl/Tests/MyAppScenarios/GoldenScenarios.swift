import Testing
import VMReplTesting

@Test func goldenScenarios() async throws {
  try await ScenarioReplay.check("scenarios", executable: "myapp-repl")
}

/// The same bytes in another time zone and locale: the app's `Date()`, `DateFormatter` and
/// `Logger` lines read vmrepl's fixed world, not the machine's.
@Test func goldenScenariosElsewhere() async throws {
  try await ScenarioReplay.check("scenarios", executable: "myapp-repl", environment: ["TZ": "Asia/Tokyo", "LANG": "de_DE.UTF-8"])
}
