import Foundation
import TestSupport
import Testing

@Suite("The vmrepl command line")
struct CommandLineTests {
  @Test("`audit MODEL`: the cart example's lost update, found under a schedule, written as a scenario that fails")
  func auditFindsTheCartRace() async throws {
    let folder = try VMReplProcess.folder("audit-cart", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "cart"], directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1)
    #expect(
      result.output == """
        cart (CartViewModel): 1 finding
          lost update: `send add item="swift"`, `send add item="swiftui"` sent quickly: under another order of their jobs the runtime allows (`schedule 4:2`), `count` ends elsewhere than one after another
            evidence: expectation failed: count == 4, but it is 3
            code: CartViewModel.await add(item): reserve stock, then count it
            not a bug unless the view is meant to drop or merge quick taps this way
            scenario: audit/cart/lost-update.scenario
        1 finding in 1 of 1 model; 3 sequences, 5 probes, seed 0

        """)
    let run = try await VMReplProcess.run(["run", "audit/cart/lost-update.scenario"], directory: folder)
    #expect(run.status == 1)
    #expect(run.errors == "audit/cart/lost-update.scenario:12:8: error: expectation failed: count == 4, but it is 3\n")
    let typo = try await VMReplProcess.run(["audit", "crat"], directory: folder, limit: VMReplProcess.auditLimit)
    #expect(typo.status == 2)
    #expect(typo.errors.hasPrefix("Error: no model or app folder named `crat`; did you mean `cart`? (`models` lists the models)\n"))
  }

  @Test("`explore --shard K/N`: the shards' jsonl lines together are one machine's")
  func exploreShards() async throws {
    func lines(_ extra: [String]) async throws -> [String] {
      let result = try await VMReplProcess.run(["explore", "scenarios/cart", "--schedules", "5", "--format", "jsonl"] + extra)
      return result.output.split(separator: "\n").map(String.init)
    }
    let all = try await lines([])
    let shards = try await lines(["--shard", "1/2"]) + lines(["--shard", "2/2"])
    #expect(all.count == 4)
    #expect(shards.sorted() == all.sorted())
  }

  @Test("commands from a pipe: transcript on stdout, errors on stderr, status 1 after an error")
  func pipedInput() async throws {
    let result = try await VMReplProcess.run([], input: "use refresh\nsend refesh\nexpect uiState.isLoading == false\n")
    #expect(result.status == 1)
    #expect(result.errors == "error: line 2, column 6: unknown action `refesh`; did you mean `refresh`? (actions: refresh, refreshFireAndForget)\n")
    #expect(result.output.contains("> expect uiState.isLoading == false\nok: uiState.isLoading == false\n"))
    #expect(!result.output.contains("\u{1B}["))
  }

  @Test("`run FILE` locates an error as replay and compilers do, FILE:LINE:COLUMN, which editors link")
  func runLocatesErrors() async throws {
    let folder = try VMReplProcess.folder("run-errors", files: ["typo.scenario": "use refresh\n\nsend refesh\nawait\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["run", "typo.scenario"], directory: folder)
    #expect(result.status == 1)
    #expect(
      result.errors
        == "typo.scenario:3:6: error: unknown action `refesh`; did you mean `refresh`? (actions: refresh, refreshFireAndForget)\n")
    #expect(result.output.contains("> send refesh\n> await\n"))
  }

  @Test("a script cannot run a front-end command; it says where it works, and help lists it")
  func frontEndCommandInScript() async throws {
    let result = try await VMReplProcess.run([], input: "save a.scenario\nhelp run\n")
    #expect(result.status == 1)
    #expect(result.errors == "error: line 1, column 1: `save` works in the interactive REPL only; in a script, put the lines of `a.scenario` here instead\n")
    #expect(result.output.contains("usage: run FILE\n"))
  }

  @Test("vmrepl --help shows the REPL's own options")
  func helpShowsReplOptions() async throws {
    let result = try await VMReplProcess.run(["--help"])
    #expect(result.status == 0)
    for option in ["--use <MODEL>", "--format <format>", "--bail", "--watchdog", "--interactive"] {
      #expect(result.output.contains(option), "\(option) missing from vmrepl --help")
    }
  }

  @Test("--bail stops at the first error")
  func bail() async throws {
    let result = try await VMReplProcess.run(["--bail"], input: "use refresh\nbogus\nmodels\n")
    #expect(result.status == 1)
    #expect(!result.output.contains("> models"))
  }

  @Test("a clean run exits 0; a usage error exits 2")
  func exitStatuses() async throws {
    #expect(try await VMReplProcess.run([], input: "models\n").status == 0)
    let usage = try await VMReplProcess.run(["--format", "xml"], input: "")
    #expect(usage.status == 2)
    #expect(usage.errors.contains("--format"))
    #expect(try await VMReplProcess.run(["replay", "--jobs", "0"]).status == 2)
  }

  @Test("`vmrepl models` and `echo models | vmrepl` list the examples")
  func models() async throws {
    let listed = try await VMReplProcess.run(["models"])
    #expect(listed.status == 0)
    #expect(listed.output.hasPrefix("refresh  "))
    #expect(try await VMReplProcess.run([], input: "models\n").output.hasPrefix("> models\nrefresh  "))
  }

  @Test("--format jsonl prints one object per command with events, time, state and error")
  func jsonLines() async throws {
    let result = try await VMReplProcess.run(["--format", "jsonl"], input: "use refresh\nsend refresh\nadvance 2s\nbogus\n")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["command"] != nil && object?["time"] != nil && object?["events"] != nil)
    }
    #expect(lines[1].contains(#""events":[{"kind":"effectStarted","time":"0.000s","effect":1,"action":"send refresh"}]"#))
    #expect(lines[2].contains(#""changed":["uiState.randomNumbers","uiState.isLoading"]"#))
    #expect(lines[2].contains(#""state":{"uiState":{"randomNumbers":[8,4,0,9,1,3,1,7,2,9],"isLoading":false}}"#))
    #expect(lines[3].contains(#""error":{"line":4,"column":1,"message":"unknown command `bogus` (`help` lists commands)"}"#))
  }

  @Test("replay reports a missing golden file in CI, records one otherwise, and shows a mismatch as a unified diff")
  func replayFailures() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-replay-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("a.scenario")
    try "use refresh\nexpect uiState.isLoading == false\n".write(to: scenario, atomically: true, encoding: .utf8)

    let missingInCI = try await VMReplProcess.run(["replay", folder.path], environment: ["CI": "true"])
    #expect(missingInCI.status == 1)
    #expect(missingInCI.errors.contains("no golden file"))

    let recorded = try await VMReplProcess.run(["replay", folder.path])
    #expect(recorded.status == 0)
    #expect(recorded.output.hasSuffix("1 passed, 0 failed\n"))

    let golden = folder.appendingPathComponent("a.golden")
    let text = try String(contentsOf: golden, encoding: .utf8)
    try text.replacingOccurrences(of: "isLoading: false", with: "isLoading: maybe").write(to: golden, atomically: true, encoding: .utf8)
    let mismatch = try await VMReplProcess.run(["replay", folder.path])
    #expect(mismatch.status == 1)
    #expect(mismatch.errors.contains("-      isLoading: maybe\n+      isLoading: false"))
    #expect(mismatch.errors.contains("vmrepl replay --update \(scenario.path)"))
    #expect(mismatch.output.hasSuffix("0 passed, 1 failed\n"))
  }

  @Test("`use search base=URL http=live` searches over real HTTP; `await` waits for the network")
  func searchOverHTTP() async throws {
    let server = try LoopbackHTTPServer.searchServer()
    defer { server.stop() }
    let input = """
      use search base=http://127.0.0.1:\(server.port) http=live
      set word "swift"
      await send search
      expect status == completed
      expect items[0].name == "swift"
      set word "limited"
      await send search
      expect errorMessage == "API rate limit exceeded."

      """
    let result = try await VMReplProcess.run([], input: input)
    #expect(result.errors == "")
    #expect(result.status == 0)
    #expect(server.log.filter { $0.hasPrefix("request") } == [
      "request /search/repositories?q=swift", "request /search/repositories?q=limited",
    ])
  }

  @Test("a view-model that traps fails its own scenario, at its step, and the others still replay")
  func replayCrash() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-crash-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in [("a-traps", "use spinner\nsend trap\nstate\n"), ("b-fine", "use spinner\nstate spins\n")] {
      try text.write(to: folder.appendingPathComponent(name + ".scenario"), atomically: true, encoding: .utf8)
    }
    try "> use spinner\nmodel spinner (Spinner)\nstate:\n  Spinner(\n    spins: 0\n  )\n> state spins\nspins = 0\n"
      .write(to: folder.appendingPathComponent("b-fine.golden"), atomically: true, encoding: .utf8)

    let result = try await VMReplProcess.run(["replay", folder.path], executable: "VMReplFixtures")
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("CRASH \(folder.path)/a-traps.scenario: the process ended with signal 4 at line 2: `send trap`\n"))
    #expect(result.errors.contains("Fatal error: the spinner trapped on purpose"))
    #expect(!result.errors.contains("Backtrace"))
    #expect(result.output == "ok   \(folder.path)/b-fine.scenario\n1 passed, 1 failed\n")
  }
}

/// `vmrepl adopt` is parsed by vmrepl and done by vmrepl-adopt beside it, which alone links
/// swift-syntax.
@Suite("vmrepl adopt through vmrepl-adopt")
struct AdoptLauncherTests {
  @Test("vmrepl adopt hands its options to vmrepl-adopt: a path after `--`, its report and status")
  func handsOn() async throws {
    let result = try await VMReplProcess.run(["adopt", "--dry-run", "Templates/MyApp"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("MyApp: 17 Swift files in Templates/MyApp\n"))
    let missing = try await VMReplProcess.run(["adopt", "Templates/NoSuchApp"])
    #expect(missing.status == 1)
    #expect(missing.errors == "adopt: no folder at Templates/NoSuchApp: give the app's folder, its Xcode project's folder or a package\n")
  }

  @Test("without vmrepl-adopt beside it, vmrepl adopt says how to build it")
  func missingHelper() async throws {
    let (folder, lonely) = try Self.lonelyVMRepl("adopt-launcher")
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await ChildProcess.run(
      lonely.path, ["adopt", "Templates/MyApp"], environment: ["CI": nil, "VMREPL_ADOPT": nil], directory: VMReplProcess.packageRoot.path)
    #expect(result.status == 1)
    #expect(
      result.errors
        == "adopt: \(folder.path)/vmrepl-adopt is not built; `swift build --product vmrepl-adopt` builds it (scripts/vmrepl adopt does)\n")
  }

  @Test("VMREPL_ADOPT names the vmrepl-adopt to run (scripts/vmrepl's optimized one), not the one beside vmrepl")
  func chosenHelper() async throws {
    let (folder, lonely) = try Self.lonelyVMRepl("adopt-chosen")
    defer { try? FileManager.default.removeItem(at: folder) }
    let helper = VMReplProcess.executable.deletingLastPathComponent().appendingPathComponent("vmrepl-adopt").path
    let chosen = try await ChildProcess.run(
      lonely.path, ["adopt", "--dry-run", "Templates/MyApp"], environment: ["CI": nil, "VMREPL_ADOPT": helper],
      directory: VMReplProcess.packageRoot.path)
    #expect(chosen.status == 0, "\(chosen.errors)")
    #expect(chosen.output.hasPrefix("MyApp: 17 Swift files in Templates/MyApp\n"))
    let gone = try await ChildProcess.run(
      lonely.path, ["adopt", "Templates/MyApp"], environment: ["CI": nil, "VMREPL_ADOPT": folder.path + "/nowhere/vmrepl-adopt"],
      directory: VMReplProcess.packageRoot.path)
    #expect(gone.status == 1)
    #expect(
      gone.errors
        == "adopt: VMREPL_ADOPT names \(folder.path)/nowhere/vmrepl-adopt, which is no executable; unset it to run the vmrepl-adopt beside vmrepl\n")
  }

  /// A copy of vmrepl alone in a new folder (no vmrepl-adopt beside it), and the folder.
  private static func lonelyVMRepl(_ name: String) throws -> (folder: URL, vmrepl: URL) {
    let folder = try VMReplProcess.folder(name, files: [:])
    let lonely = folder.appendingPathComponent("vmrepl")
    try FileManager.default.copyItem(at: VMReplProcess.executable, to: lonely)
    return (folder, lonely)
  }
}
