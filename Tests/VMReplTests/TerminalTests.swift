import Foundation
import TestSupport
import Testing

/// The REPL at a real terminal (tmux), as a person uses it.
@Suite("Interactive REPL")
struct TerminalTests {
  @Test("banner, a prompt with model and virtual time, Tab completion of a command and an action")
  func promptAndCompletion() async throws {
    try await Terminal.with(arguments: "--use refresh") { terminal in
      var screen = try await terminal.waitFor("refresh 0.000s>")
      #expect(screen.contains("vmrepl 0.1.0: exercise view-model scenarios."))
      // tmux drops blanks at the end of a screen line, so the space a completion adds is
      // shown by what typing after it makes.
      try await terminal.send("adv", "Tab", "X")
      screen = try await terminal.waitFor("> advance X")
      #expect(screen.contains("refresh 0.000s> advance X"))
      try await terminal.send("C-u", "send refreshF", "Tab", "X")
      screen = try await terminal.waitFor("send refreshFireAndForget X")
      #expect(screen.contains("refresh 0.000s> send refreshFireAndForget X"))
      try await terminal.send("C-u", "send re", "Tab", "Tab")
      screen = try await terminal.waitFor("refresh  refreshFireAndForget")
      #expect(screen.contains("refresh  refreshFireAndForget"))
      try await terminal.send("C-u", "adv", "Tab", "2s", "Enter")
      screen = try await terminal.waitFor("refresh 2.000s>")
      #expect(screen.contains("> advance 2s\ntime 0.000s -> 2.000s"))
    }
  }

  @Test("stepping at the prompt: ready, step, undo and timeline; the prompt says when jobs wait")
  func stepping() async throws {
    try await Terminal.with(arguments: "--use cart") { terminal in
      try await terminal.waitFor("cart 0.000s>")
      try await terminal.send("step connect", "Enter")
      var screen = try await terminal.waitFor("cart 0.000s (jobs ready)>")
      #expect(screen.contains("  1  a task on the main actor — task of #1 `connect`"))
      try await terminal.send("step", "Enter")
      screen = try await terminal.waitFor("  2  implicit closure #2 in CartViewModel.onAppear() at Sources/Examples/Cart/CartViewModel.swift:28")
      try await terminal.send("ready", "Enter")
      screen = try await terminal.waitFor("> ready\nready: 2 jobs, 2 may run next")
      try await terminal.send("step 2", "Enter")
      screen = try await terminal.waitFor("ran: implicit closure #2 in CartViewModel.onAppear() at Sources/Examples/Cart/CartViewModel.swift:28")
      try await terminal.send("undo", "Enter")
      screen = try await terminal.waitFor("at step 3 of 4: `step`")
      try await terminal.send("timeline", "Enter")
      screen = try await terminal.waitFor("#1 connect")
      #expect(screen.contains("timeline: steps 1 to 3, 0s to 0s"))
      try await terminal.send("step until #1 finished", "Enter")
      screen = try await terminal.waitFor("`#1 finished` holds at 0.000s")
      try await terminal.waitFor("cart 0.000s>")
    }
  }

  @Test("Ctrl-C clears the line and re-prompts; Ctrl-D on an empty line exits 0")
  func controlKeys() async throws {
    try await Terminal.with { terminal in
      try await terminal.waitFor("vmrepl>")
      try await terminal.send("bogus command", "C-c")
      try await terminal.waitFor("^C")
      try await terminal.send("models", "Enter")
      var screen = try await terminal.waitFor("refresh      refreshable:")
      #expect(screen.contains("refresh      refreshable:"))
      #expect(!screen.contains("unknown command `bogus`"))
      try await terminal.send("C-d")
      screen = try await terminal.waitFor("EXIT=")
      #expect(screen.contains("EXIT=0"))
    }
  }

  @Test("Ctrl-C during a step stops it between two jobs; the session stays usable")
  func controlCDuringAStep() async throws {
    try await Terminal.with(executable: "VMReplFixtures", arguments: "--use spinner --max-jobs 2000000000") { terminal in
      try await terminal.waitFor("spinner 0.000s>")
      try await terminal.send("send spin", "Enter")
      try await terminal.waitFor("spinner 0.000s> send spin")
      // The step never becomes idle: without Ctrl-C it would run 2 billion jobs. After 3 s a
      // line says it still runs and how to stop it; what it did is printed when it stops, over it.
      let running = try await terminal.waitFor("` still running: ")
      // Its seconds depend on the machine's load (3 at the first report): the words do not.
      let line = running.split(separator: "\n").first { $0.hasPrefix("… `send spin` still running: ") } ?? ""
      #expect(line.contains(" s, virtual time 0.000s, ") && line.hasSuffix(" jobs (Ctrl-C stops it)"), "\(running)")
      try await terminal.send("C-c")
      let screen = try await terminal.waitFor("+   spins: ")
      #expect(screen.contains("effect #1 started: send spin\nwarning: interrupted; the step stopped between two jobs\n"))
      #expect(!screen.contains("still running"), "\(screen)")
      try await terminal.send("cancel #1", "Enter")
      #expect(try await terminal.waitFor("effect #1 cancelled: send spin").contains("effect #1 cancelled: send spin"))
      try await terminal.send("expect #1 cancelled", "Enter")
      #expect(try await terminal.waitFor("ok: #1 cancelled").contains("ok: #1 cancelled"))
    }
  }

  @Test("Ctrl-C during `run FILE` stops the file, not only its current line")
  func controlCDuringRun() async throws {
    let file = NSTemporaryDirectory() + "vmrepl-spin-\(getpid()).scenario"
    try "use spinner\nsend spin\nexpect spins == 0\n".write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    try await Terminal.with(executable: "VMReplFixtures", arguments: "--max-jobs 2000000000") { terminal in
      // A REPL built with `VMReplCommandLine.main` calls itself by its own name.
      let banner = try await terminal.waitFor("VMReplFixtures>")
      #expect(banner.contains("VMReplFixtures (vmrepl 0.1.0): exercise view-model scenarios."))
      try await terminal.send("run \(file)", "Enter")
      try await terminal.waitFor("model spinner (Spinner)")
      try await Task.sleep(for: .milliseconds(500))
      try await terminal.send("C-c")
      let screen = try await terminal.waitFor("stopped by Ctrl-C")
      #expect(screen.contains("error: `run \(file)` stopped by Ctrl-C at line 2"))
      #expect(!screen.contains("expect spins == 0"))
    }
  }

  @Test("history is recalled with the up arrow in the next run, from a file of mode 0600")
  func historyAcrossRuns() async throws {
    let historyFile = try await Terminal.with { first in
      try await first.waitFor("vmrepl>")
      try await first.send("time", "Enter")
      try await first.waitFor("time: 0.000s")
      try await first.send("C-d")
      #expect(try await first.waitFor("EXIT=").contains("EXIT=0"))
      return first.historyFile
    }
    defer { try? FileManager.default.removeItem(atPath: historyFile) }
    let attributes = try FileManager.default.attributesOfItem(atPath: historyFile)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)

    try await Terminal.with(historyFile: historyFile) { second in
      try await second.waitFor("vmrepl>")
      try await second.send("Up")
      let screen = try await second.waitFor("vmrepl> time")
      #expect(screen.contains("vmrepl> time"))
    }
  }

  @Test("errors and changed state are coloured on a terminal, and not with NO_COLOR")
  func color() async throws {
    try await Terminal.with(arguments: "--use refresh") { colored in
      try await colored.waitFor("refresh 0.000s>")
      try await colored.send("bogus", "Enter")
      let screen = try await colored.waitFor("\u{1B}[31merror: ", escapes: true)
      #expect(screen.contains("\u{1B}[31merror: "), "\(screen.debugDescription)")
    }
    try await Terminal.with(arguments: "--use refresh", environment: "NO_COLOR=1") { plain in
      try await plain.waitFor("refresh 0.000s>")
      try await plain.send("bogus", "Enter")
      let screen = try await plain.waitFor("error: ", escapes: true)
      #expect(screen.contains("error: "))
      #expect(!screen.contains("\u{1B}[31m"))
    }
  }

  @Test("save writes what was typed as a scenario whose golden file replays green")
  func saveMakesARegressionTest() async throws {
    let folder = NSTemporaryDirectory() + "vmrepl-save-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/explored.scenario"
    try await Terminal.with { terminal in
      try await terminal.waitFor("vmrepl>")
      for (line, answer) in [
        ("use refresh", "refresh 0.000s>"), ("send refresh", "effect #1 started: send refresh"),
        ("bogus", "unknown command"), ("advance 2s", "refresh 2.000s>"),
        ("expect uiState.isLoading == false", "ok: "),
      ] {
        try await terminal.send(line, "Enter")
        #expect(try await terminal.waitFor(answer).contains(answer), "after `\(line)`")
      }
      try await terminal.send("save \(file)", "Enter")
      let screen = try await terminal.waitFor("saved 4 commands")
      #expect(screen.contains("saved 4 commands to \(file) and recorded \(folder)/explored.golden"))
      try await terminal.send("save \(file)", "Enter")
      #expect(try await terminal.waitFor("--force` overwrites it").contains("exists; `save \(file) --force` overwrites it"))
    }
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    #expect(saved.hasSuffix("use refresh\nsend refresh\nadvance 2s\nexpect uiState.isLoading == false\n"))
    let replay = try await VMReplProcess.run(["replay", file], environment: ["CI": "true"])
    #expect(replay.status == 0)
    #expect(replay.output.hasSuffix("1 passed, 0 failed\n"))
  }

  @Test("a replay on a terminal shows one updating progress line and clears it; under CI or on a pipe it shows none")
  func replayProgress() async throws {
    let source = VMReplProcess.packageRoot.appendingPathComponent("scenarios/effects/awaited-tap")
    let scenario = try String(contentsOf: source.appendingPathExtension("scenario"), encoding: .utf8)
    let golden = try String(contentsOf: source.appendingPathExtension("golden"), encoding: .utf8)
    var files: [String: String] = [:]
    for index in 0..<40 {
      files["tap-\(index).scenario"] = scenario
      files["tap-\(index).golden"] = golden
    }
    let folder = try VMReplProcess.folder("vmrepl-progress", files: files)
    defer { try? FileManager.default.removeItem(at: folder) }
    // `script` gives the replay a terminal and records every byte written to it, escapes included.
    func onTerminal(_ environment: [String: String]) async throws -> String {
      let typescript = folder.appendingPathComponent("typescript").path
      let command = "'\(VMReplProcess.executable.path)' replay '\(folder.path)' > /dev/null"
      var overrides: [String: String?] = ["CI": nil, "TERM": "xterm"]
      for (key, value) in environment { overrides[key] = value }
      let result = try await ChildProcess.run(
        "/usr/bin/script", ["-q", "-e", "-c", command, typescript], environment: overrides, directory: VMReplProcess.packageRoot.path)
      #expect(result.status == 0)
      return try String(contentsOfFile: typescript, encoding: .utf8)
    }
    // The line shows after `VMREPL_PROGRESS_AFTER` seconds (a second by default); 0 shows it at once.
    let shown = try await onTerminal(["VMREPL_PROGRESS_AFTER": "0"])
    #expect(shown.contains("\r\u{1B}[2K1/40 scenarios, 0 failed"))
    #expect(shown.contains("\r\u{1B}[2K40/40 scenarios, 0 failed\r\u{1B}[2K"), "the last count is cleared at the end")
    #expect(!shown.contains("scenarios, 0 failed\n"), "the line is redrawn in place, never a line of its own")
    let quiet = try await onTerminal(["VMREPL_PROGRESS_AFTER": "0", "CI": "1"])
    #expect(!quiet.contains("scenarios,"))
    let piped = try await VMReplProcess.run(["replay", folder.path], environment: ["VMREPL_PROGRESS_AFTER": "0"])
    #expect(!piped.errors.contains("scenarios,"))
    #expect(piped.output.hasSuffix("40 passed, 0 failed\n"))
  }
}
