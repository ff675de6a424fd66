import Testing
import VMReplTesting

// Each scenario under scenarios/ is a test of its own, made by the VMReplScenarioTests plugin
// (Package.swift): `swift test --filter reading-list` runs one, and a failure is an issue at the
// scenario's line. This suite adds what a whole folder needs.

/// The same bytes in another time zone and locale: the app's `Date()`, `DateFormatter` and
/// `Logger` lines read vmrepl's fixed world, not the machine's.
@Test func goldenScenariosElsewhere() async throws {
  try await ScenarioReplay.check("scenarios", executable: "myapp-repl", environment: ["TZ": "Asia/Tokyo", "LANG": "de_DE.UTF-8"])
}
