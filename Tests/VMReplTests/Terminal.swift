import Foundation
import TestSupport
import Testing

/// A real terminal for the REPL: a tmux server of its own, keys sent and the screen read back.
///
/// The server's environment is the test runner's without `NO_COLOR` (which `swift test` sets),
/// so the REPL sees what it would in a person's terminal.
///
/// Each terminal talks to its own tmux server (`tmux -L name`), so tests neither see nor disturb
/// a tmux the person running them uses, and closing the terminal ends its server.
struct Terminal {
  let name: String
  let historyFile: String

  /// Starts `vmrepl arguments` (or another REPL binary built beside it) in a new 120x40
  /// terminal; after it exits the pane shows `EXIT=N`.
  init(
    executable: String = "vmrepl", arguments: String = "", environment: String = "", historyFile: String? = nil
  ) async throws {
    name = "vmrepl-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    self.historyFile = historyFile ?? NSTemporaryDirectory() + name + ".history"
    let command = "cd '\(VMReplProcess.packageRoot.path)' && env VMREPL_HISTORY='\(self.historyFile)' \(environment) "
      + "'\(VMReplProcess.executable.deletingLastPathComponent().appendingPathComponent(executable).path)' "
      + "\(arguments); echo EXIT=$?; sleep 60"
    do {
      try await tmux(["new-session", "-d", "-s", name, "-x", "120", "-y", "40", command])
    } catch {
      // Stopped at its time limit on a loaded machine, the server may have started all the
      // same: no terminal is returned to close it, so it is ended here.
      await close()
      throw error
    }
  }

  /// Runs `body` with a new terminal and ends the terminal afterwards, also when `body` throws.
  static func with<T>(
    executable: String = "vmrepl", arguments: String = "", environment: String = "", historyFile: String? = nil,
    _ body: (Terminal) async throws -> T
  ) async throws -> T {
    let terminal = try await Terminal(
      executable: executable, arguments: arguments, environment: environment, historyFile: historyFile)
    do {
      let result = try await body(terminal)
      await terminal.close()
      return result
    } catch {
      await terminal.close()
      throw error
    }
  }

  /// Sends keys as tmux names them ("Enter", "Tab", "C-c", "Up") or literal text.
  func send(_ keys: String...) async throws {
    try await tmux(["send-keys", "-t", name] + keys)
  }

  /// The visible screen, wrapped lines joined and blanks at line ends dropped, with escape
  /// sequences when `escapes` is set.
  func screen(escapes: Bool = false) async throws -> String {
    let screen = try await tmux(["capture-pane", "-p", "-J", "-t", name] + (escapes ? ["-e"] : []))
    return screen.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
      .joined(separator: "\n")
  }

  /// Waits (up to `within` of wall time, 10 s unless told) until the screen contains `text` and
  /// returns the screen; on a miss it records an issue that shows the screen, and returns it.
  @discardableResult
  func waitFor(
    _ text: String, escapes: Bool = false, within limit: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    var screen = ""
    for _ in 0..<Int(limit / .milliseconds(50)) {
      screen = try await self.screen(escapes: escapes)
      if screen.contains(text) { return screen }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("the screen never showed \(text.debugDescription); it shows:\n\(screen)", sourceLocation: sourceLocation)
    return screen
  }

  /// Ends the terminal's tmux server and everything running in it.
  func close() async {
    _ = try? await tmux(["kill-server"])
  }

  @discardableResult
  private func tmux(_ arguments: [String]) async throws -> String {
    let result = try await ChildProcess.run(
      "/usr/bin/env", ["tmux", "-L", name] + arguments, environment: ["TMUX": nil, "NO_COLOR": nil, "TERM": "xterm-256color"],
      limit: .seconds(30))
    return result.output
  }
}
