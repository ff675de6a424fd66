import Foundation
import Processes
import Scenario

/// Writes what was typed in a session as a `.scenario` and records its golden file.
enum ScenarioSaver {
  /// Writes `lines` (which start with `use`) to `path` and records the golden file.
  static func save(_ lines: [String], to path: String, force: Bool) -> Result<String, ReplayError> {
    guard path.hasSuffix(".scenario") else {
      return .failure(ReplayError("`\(path)` must end in .scenario, so `replay` finds it"))
    }
    if FileManager.default.fileExists(atPath: path) && !force {
      return .failure(ReplayError("`\(path)` exists; `save \(path) --force` overwrites it"))
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    let header = [
      "# Saved from an interactive \(ToolName.current) session.",
      "# Replay it against its golden file: \(ToolName.current) replay \(path)",
    ]
    do {
      try Data((header + lines).joined(separator: "\n").appending("\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      return .failure(ReplayError("cannot write `\(path)`: \(error.localizedDescription)"))
    }
    // A worker process replays it, as `replay` would: the golden file is what a replay prints.
    // Started without Swift concurrency: in this process the simulation owns the executor.
    let child = ChildProcess.runBlocking(
      CurrentExecutable.path, ["replay-worker"], input: path + "\n", environment: ["SWIFT_BACKTRACE": "enable=no"])
    let run: ScenarioRun = WorkerJSON.decode(ReplayWorkAnswer.self, from: child.output.split(separator: "\n").first.map(String.init) ?? "").map(ScenarioRun.init)
      ?? .crash(exitStatus: child.status, signal: child.signal, errors: child.errors.split(separator: "\n").map(String.init))
    let verdict = GoldenCheck(update: true, inCI: false).verdict(for: path, run)
    guard verdict.passed else { return .failure(ReplayError(HumanOutput.text(of: verdict).trimmingCharacters(in: .newlines))) }
    return .success("saved \(lines.count) commands to \(path) and recorded \(ScenarioFiles.golden(for: path))")
  }
}
