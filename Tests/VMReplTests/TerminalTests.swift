import Foundation
import Testing

/// The REPL at a real terminal (tmux), as a person uses it.
@Suite("Interactive REPL", .serialized)
struct TerminalTests {
  @Test(
    "banner, a prompt with model and virtual time, Tab completion of a command and an action",
    .disabled("fails under tmux: the screen after `adv` + Tab does not match yet; investigate (issue 4 open)"))
  func promptAndCompletion() throws {
    let terminal = try Terminal(arguments: "--use refresh")
    defer { terminal.close() }
    var screen = try terminal.waitFor("refresh 0.000s> ")
    #expect(screen.contains("vmrepl 0.1.0: exercise view-model scenarios."))
    try terminal.send("adv", "Tab")
    screen = try terminal.waitFor("> advance ")
    #expect(screen.contains("refresh 0.000s> advance "))
    try terminal.send("C-u", "send refreshF", "Tab")
    screen = try terminal.waitFor("send refreshFireAndForget ")
    try terminal.send("C-u", "send re", "Tab", "Tab")
    screen = try terminal.waitFor("refresh  refreshFireAndForget")
    try terminal.send("C-u", "adv 2s", "Enter")
    screen = try terminal.waitFor("refresh 2.000s> ")
    #expect(screen.contains("time 0.000s -> 2.000s"))
  }

  @Test("Ctrl-C clears the line and re-prompts; Ctrl-D on an empty line exits 0")
  func controlKeys() throws {
    let terminal = try Terminal()
    defer { terminal.close() }
    try terminal.waitFor("vmrepl> ")
    try terminal.send("bogus command", "C-c")
    try terminal.waitFor("^C")
    try terminal.send("models", "Enter")
    var screen = try terminal.waitFor("refresh  refreshable")
    #expect(!screen.contains("unknown command `bogus`"))
    try terminal.send("C-d")
    screen = try terminal.waitFor("EXIT=")
    #expect(screen.contains("EXIT=0"))
  }

  @Test("history is recalled with the up arrow in the next run, from a file of mode 0600")
  func historyAcrossRuns() throws {
    let first = try Terminal()
    try first.waitFor("vmrepl> ")
    try first.send("time", "Enter")
    try first.waitFor("no model")
    try first.send("C-d")
    try first.waitFor("EXIT=0")
    first.close()
    let attributes = try FileManager.default.attributesOfItem(atPath: first.historyFile)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)

    let second = try Terminal(historyFile: first.historyFile)
    defer { second.close() }
    try second.waitFor("vmrepl> ")
    try second.send("Up")
    let screen = try second.waitFor("vmrepl> time")
    #expect(screen.contains("vmrepl> time"))
  }

  @Test(
    "errors and changed state are coloured on a terminal, and not with NO_COLOR",
    .disabled("no SGR red seen in tmux capture-pane -e yet; investigate colour detection (issue 4 open)"))
  func color() throws {
    let colored = try Terminal(arguments: "--use refresh")
    defer { colored.close() }
    try colored.waitFor("refresh 0.000s> ")
    try colored.send("bogus", "Enter")
    #expect(try colored.waitFor("\u{1B}[31merror: ", escapes: true).contains("\u{1B}[31merror: "))

    let plain = try Terminal(arguments: "--use refresh", environment: "NO_COLOR=1")
    defer { plain.close() }
    try plain.waitFor("refresh 0.000s> ")
    try plain.send("bogus", "Enter")
    let screen = try plain.waitFor("error: ", escapes: true)
    #expect(!screen.contains("\u{1B}[31m"))
  }

  @Test("save writes what was typed as a scenario whose golden file replays green")
  func saveMakesARegressionTest() throws {
    let folder = NSTemporaryDirectory() + "vmrepl-save-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/explored.scenario"
    let terminal = try Terminal()
    defer { terminal.close() }
    try terminal.waitFor("vmrepl> ")
    for line in ["use refresh", "send refresh", "bogus", "advance 2s", "expect uiState.isLoading == false"] {
      try terminal.send(line, "Enter")
      usleep(200_000)
    }
    try terminal.send("save \(file)", "Enter")
    let screen = try terminal.waitFor("saved 4 commands")
    #expect(screen.contains("saved 4 commands to \(file) and recorded \(folder)/explored.golden"))
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    #expect(saved.hasSuffix("use refresh\nsend refresh\nadvance 2s\nexpect uiState.isLoading == false\n"))
    try terminal.send("save \(file)", "Enter")
    try terminal.waitFor("exists; `save \(file) --force` overwrites it")

    let replay = try VMReplProcess.run(["replay", file], environment: ["CI": "true"])
    #expect(replay.status == 0)
    #expect(replay.output.hasSuffix("1 passed, 0 failed\n"))
  }
}
