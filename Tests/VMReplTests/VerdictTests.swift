import Foundation
import TestSupport
import Testing
import VMReplTesting

/// Verdicts a user can trust (issue 37): a failing line fails every command whatever a golden
/// file says, `fails` checks an error on purpose, `await` on an unanswered request is no
/// deadlock, `explore` fails only on what first in, first out does not have, and every line a
/// step prints carries the time it happened.
@Suite("Verdicts")
struct VerdictTests {
  static let wrong = "use flag\nsend toggle\nexpect on == false\n"

  @Test("a failed expect fails `replay` when recording, and no golden file is written")
  func recordingRefusesAFailure() async throws {
    let folder = try VMReplProcess.folder("verdict-record", files: ["toggle.scenario": Self.wrong])
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("toggle.scenario").path
    let result = try await VMReplProcess.run(["replay", scenario], executable: "VMReplFixtures")
    #expect(result.status == 1)
    #expect(result.output.hasSuffix("0 passed, 1 failed\n"))
    #expect(
      result.errors
        == """
        FAIL \(scenario): a line failed (no golden file is recorded; a line that checks an error on purpose says `fails`)
            \(scenario):3:8: error: expectation failed: on == false, but it is true (`expect on == false`)

        """)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("toggle.golden").path))
    let run = try await VMReplProcess.run(["run", scenario], executable: "VMReplFixtures")
    #expect(run.status == 1)
  }

  @Test("a golden file that holds a failure passes nothing: the failure fails, and --update does not record it")
  func goldenHoldingAFailureFails() async throws {
    let golden = """
      > use flag
      model flag (NotificationSettingsViewModel)
      state:
        NotificationSettingsViewModel(
          on: false
        )
      > send toggle
      state:
        NotificationSettingsViewModel(
      -   on: false
      +   on: true
        )
      > expect on == false
      error: line 3, column 8: expectation failed: on == false, but it is true

      """
    let folder = try VMReplProcess.folder("verdict-golden", files: ["toggle.scenario": Self.wrong, "toggle.golden": golden])
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("toggle.scenario").path
    let checked = try await VMReplProcess.run(["replay", scenario], executable: "VMReplFixtures")
    #expect(checked.status == 1)
    #expect(checked.errors.contains("a line failed (whatever the golden file says;"))
    let updated = try await VMReplProcess.run(["replay", "--update", scenario], executable: "VMReplFixtures")
    #expect(updated.status == 1)
    #expect(updated.errors.contains("a line failed (the golden file is not updated;"))
    #expect(try String(contentsOfFile: folder.appendingPathComponent("toggle.golden").path, encoding: .utf8) == golden)
  }

  @Test("`fails` passes only on the error it names, and fails when the command succeeds")
  func failsLines() async throws {
    let input = """
      use flag
      fails "unknown action" send toggel
      fails "something else" send toggel
      fails send toggle
      fails "but it is true" expect on == false
      """
    let result = try await VMReplProcess.run(["--batch"], input: input + "\n", executable: "VMReplFixtures")
    #expect(result.status == 1)
    #expect(result.output.contains("failed as expected: line 2, column 29: unknown action `toggel`; did you mean `toggle`? (actions: toggle)"))
    #expect(result.output.contains("failed as expected: line 5, column 31: expectation failed: on == false, but it is true"))
    #expect(
      result.errors
        == """
        error: line 3, column 7: `fails` expected an error containing "something else", but the error was: unknown action `toggel`; did you mean `toggle`? (actions: toggle)
        error: line 4, column 1: `fails` expected the command to fail, but it succeeded

        """)
  }

  @Test("`await` on a request the scenario has not answered is no deadlock: its own words and exit status 3")
  func waitingOnTheScenario() async throws {
    let folder = try VMReplProcess.folder("verdict-unanswered", files: ["load.scenario": "use weather\nsend load\nawait\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("load.scenario").path
    let result = try await VMReplProcess.run(["run", file], executable: "VMReplFixtures")
    #expect(result.status == 3)
    #expect(
      result.errors.hasPrefix(
        "\(file):3: error: await cannot finish: the work waits on requests the scenario has not answered yet (not a deadlock: a `respond` line lets it go on):\n"
          + "  #1 send load"))
    #expect(result.errors.contains("answer it with `respond http #r1 ...`"))
    #expect(!result.errors.contains("error: deadlock"))
  }

  @Test("--format jsonl carries what a report says as data: the stuck work of an await and what it waits on")
  func stuckWorkAsData() async throws {
    let result = try await VMReplProcess.run(["--format", "jsonl"], input: "use weather\nsend load\nawait\n", executable: "VMReplFixtures")
    let awaitLine = try #require(result.output.split(separator: "\n").last.map(String.init))
    #expect(awaitLine.contains(#""stuck":[{"effect":1,"action":"send load","#))
    #expect(awaitLine.contains(#""waits":[{"kind":"request","dependency":"http","request":"r1","#))
  }

  @Test("each reproduction says what really happened, at the time it happened (golden files)")
  func reproductions() async throws {
    let result = try await VMReplProcess.run(
      ["replay", "Tests/VMReplTests/Scenarios/verdicts"], environment: ["CI": "true"], executable: "VMReplFixtures")
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.hasSuffix("6 passed, 0 failed\n"))
  }

  @Test("explore: only the race fails the cart, armed work is a note, every other example has no failure")
  func exploreVerdicts() async throws {
    let result = try await VMReplProcess.run(
      ["explore", "scenarios/effects/reconnect.scenario", "scenarios/legacy/debounced-search.scenario", "scenarios/journal/bad-date.scenario",
       "scenarios/cart/lost-update.scenario", "scenarios/cart/lost-update-race.scenario", "--schedules", "100"])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(!result.output.contains("FAILED"))
    #expect(result.output.contains("scenarios/effects/reconnect.scenario: pct depth 2 seed 0; 12 choice points in first-in-first-out order\n  outcome 1: 100 schedules, first in, first out\n"))
    #expect(result.output.contains("note: work still armed at the end: from `send type text=\"Swi\"` (information, not a failure)"))
    #expect(result.output.contains("  line 6 `race \"count == 2\"`: the scenario demonstrates a race, which a schedule must find\n"))
    #expect(result.output.contains(", the race\n    line 11 `expect count == 2`: expect failed: expectation failed: count == 2, but it is 1\n"))
    #expect(result.output.contains("scenarios/cart/lost-update-race.scenario: not explored: line 6 `schedule 4:2` pins the schedule"))
    #expect(result.output.hasSuffix(", 0 failed, 1 of 1 race found\n"))
  }

  @Test("explore fails a race scenario whose race no schedule finds")
  func raceNotFound() async throws {
    let text = "race \"count == 2\"\nuse cart\nconnect\nawait\nexpect count == 2\n"
    let folder = try VMReplProcess.folder("verdict-race", files: ["fixed.scenario": text.replacingOccurrences(of: "use cart", with: "use cart fixed=true")])
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("fixed.scenario").path
    let result = try await VMReplProcess.run(["explore", scenario, "--schedules", "50"])
    #expect(result.status == 1, "\(result.output)\(result.errors)")
    #expect(result.output.contains("  FAILED: line 1 `race \"count == 2\"` says a schedule finds a race, but none of the 50 did"))
    #expect(result.output.hasSuffix("50 schedules, 1 outcome, 0 failed, race not found\n"))
  }

  @Test("explore finds `body=@FILE` beside the scenario, wherever it is started")
  func explorePathsBesideTheScenario() async throws {
    let result = try await ChildProcess.run(
      VMReplProcess.executable.path,
      ["explore", VMReplProcess.packageRoot.appendingPathComponent("scenarios/search/urlsession-cancel.scenario").path, "--schedules", "20"],
      input: nil, environment: ["CI": nil], directory: FileManager.default.temporaryDirectory.path, limit: .seconds(120))
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(!result.output.contains("no file at"))
  }
}

/// A view-model that traps in `init`: `run` and the REPL name the line, as `replay` does.
@Suite("Traps named by their line")
struct TrapLineTests {
  @Test("`run` of a model whose init traps says which line started it")
  func runNamesTheLine() async throws {
    let folder = try VMReplProcess.folder("verdict-trap", files: ["launch.scenario": "models\nuse broken-launch\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["run", folder.appendingPathComponent("launch.scenario").path], environment: ["SWIFT_BACKTRACE": "enable=no"],
      executable: "VMReplFixtures")
    #expect(result.status != 0)
    #expect(result.errors.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
    #expect(result.errors.contains("VMReplFixtures: the view-model crashed during line 2 `use broken-launch`\n"), "\(result.errors)")
  }

  @Test("the REPL reading a pipe names the line too")
  func replNamesTheLine() async throws {
    let result = try await VMReplProcess.run(
      [], input: "use broken-launch\n", environment: ["SWIFT_BACKTRACE": "enable=no"], executable: "VMReplFixtures")
    #expect(result.status != 0)
    #expect(result.errors.contains("VMReplFixtures: the view-model crashed during line 1 `use broken-launch`\n"), "\(result.errors)")
  }
}

/// `VMReplTesting`'s test per scenario: a failure is an issue at the scenario's own line.
@Suite("A test per scenario")
struct ScenarioCaseTests {
  @Test("a failed expect is an issue at the scenario file's line and column")
  func issueAtTheScenarioLine() async throws {
    let folder = try VMReplProcess.folder("verdict-issue", files: ["toggle.scenario": VerdictTests.wrong])
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = ScenarioCase(path: "toggle.scenario", packageRoot: folder.path)
    try await withKnownIssue {
      try await scenario.check(executable: "VMReplFixtures")
    } matching: { issue in
      issue.sourceLocation?.fileName == "toggle.scenario" && issue.sourceLocation?.line == 3 && issue.sourceLocation?.column == 8
        && issue.comments.contains { $0.rawValue.hasPrefix("expectation failed: on == false, but it is true") }
    }
  }

  @Test("a golden mismatch is an issue at the step that first printed something else, with the diff")
  func mismatchAtItsStep() async throws {
    let folder = try VMReplProcess.folder("verdict-mismatch", files: ["toggle.scenario": "use flag\n# flip it\nsend toggle\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = ScenarioCase(path: "toggle.scenario", packageRoot: folder.path)
    // Recorded first; under CI (as `.ci/run` runs) a missing golden file would fail instead.
    try await scenario.check(executable: "VMReplFixtures", environment: ["CI": nil])
    let golden = folder.appendingPathComponent("toggle.golden")
    let recorded = try String(contentsOf: golden, encoding: .utf8)
    try recorded.replacingOccurrences(of: "+   on: true", with: "+   on: maybe").write(to: golden, atomically: true, encoding: .utf8)
    try await withKnownIssue {
      try await scenario.check(executable: "VMReplFixtures")
    } matching: { issue in
      issue.sourceLocation?.line == 3 && issue.comments.contains { $0.rawValue.contains("-+   on: maybe") }
    }
  }

  @Test("the cases of a folder are its scenario files, by path")
  func cases() throws {
    let cases = try ScenarioCase.all(in: "scenarios/cart")
    #expect(cases.map(\.path) == [
      "scenarios/cart/fixed.scenario", "scenarios/cart/lost-update-race.scenario", "scenarios/cart/lost-update.scenario",
      "scenarios/cart/step-lost-update.scenario",
    ])
  }
}

/// The editors' grammar of `.scenario` files follows the command table.
@Suite("Scenario grammar")
struct ScenarioGrammarTests {
  @Test("Editors/vscode holds the grammar `vmrepl grammar` prints, which names every command")
  func noDrift() async throws {
    let committed = try await committedOutput(of: "grammar", in: "Editors/vscode/syntaxes/vmrepl-scenario.tmLanguage.json")
    let grammar = try #require(try JSONSerialization.jsonObject(with: Data(committed.utf8)) as? [String: Any])
    let repository = try #require(grammar["repository"] as? [String: Any])
    let command = try #require((repository["command"] as? [String: Any])?["match"] as? String)
    for name in ["use", "send", "await", "expect", "respond", "explore", "race", "step"] {
      #expect(command.contains("|\(name)|") || command.contains("(\(name)|") || command.contains("|\(name))"), "\(name)")
    }
  }
}

/// The language reference in docs/ follows the command table.
@Suite("Language reference")
struct LanguageReferenceTests {
  @Test("docs/reference/language.md is what `vmrepl reference` prints, with an entry per command")
  func noDrift() async throws {
    let committed = try await committedOutput(of: "reference", in: "docs/reference/language.md")
    for name in ["use", "send", "await", "expect", "respond", "explore", "race", "step", "fails", "save"] {
      #expect(committed.contains("### `\(name)`"), "\(name)")
    }
    #expect(committed.contains("send ACTION [ARGS ...]"))
  }
}

/// What the committed file at `path` holds, having checked that it is what `vmrepl SUBCOMMAND`
/// prints now (a file made from the command table).
private func committedOutput(of subcommand: String, in path: String) async throws -> String {
  let printed = try await VMReplProcess.run([subcommand])
  #expect(printed.status == 0)
  let committed = try String(contentsOf: VMReplProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
  #expect(committed == printed.output, "re-make it: vmrepl \(subcommand) > \(path)")
  return committed
}
