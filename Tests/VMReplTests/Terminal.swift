import Foundation

/// A real terminal for the REPL: a tmux session of its own, keys sent and the screen read back.
struct Terminal {
  let name: String
  let historyFile: String

  /// Starts `vmrepl arguments` in a new 120x40 terminal; after it exits the pane shows `EXIT=N`.
  init(arguments: String = "", environment: String = "", historyFile: String? = nil) throws {
    name = "vmrepl-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    self.historyFile = historyFile ?? NSTemporaryDirectory() + name + ".history"
    let command = "cd '\(VMReplProcess.packageRoot.path)' && env VMREPL_HISTORY='\(self.historyFile)' \(environment) "
      + "'\(VMReplProcess.executable.path)' \(arguments); echo EXIT=$?; sleep 60"
    try Terminal.tmux(["new-session", "-d", "-s", name, "-x", "120", "-y", "40", command])
  }

  /// Sends keys as tmux names them ("Enter", "Tab", "C-c", "Up") or literal text.
  func send(_ keys: String...) throws {
    try Terminal.tmux(["send-keys", "-t", name] + keys)
  }

  /// The visible screen, with escape sequences when `escapes` is set.
  func screen(escapes: Bool = false) throws -> String {
    try Terminal.tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))
  }

  /// Waits (up to 10 s of wall time) until the screen contains `text`; returns the screen.
  @discardableResult
  func waitFor(_ text: String, escapes: Bool = false) throws -> String {
    var screen = ""
    for _ in 0..<200 {
      screen = try self.screen(escapes: escapes)
      if screen.contains(text) { return screen }
      usleep(50_000)
    }
    return screen
  }

  func close() {
    _ = try? Terminal.tmux(["kill-session", "-t", name])
  }

  @discardableResult
  static func tmux(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
