import Foundation
import Scenario

/// Writes what was typed in a session as a `.scenario` and records its golden file.
enum ScenarioSaver {
  static func save(_ lines: [String], to path: String, force: Bool) -> Result<String, ReplayError> {
    guard path.hasSuffix(".scenario") else {
      return .failure(ReplayError("`\(path)` must end in .scenario, so `replay` finds it"))
    }
    guard let first = lines.first, case .use? = try? CommandParser.parse(first) else {
      return .failure(ReplayError("nothing to save yet: start with `use MODEL`"))
    }
    if FileManager.default.fileExists(atPath: path) && !force {
      return .failure(ReplayError("`\(path)` exists; `save \(path) --force` overwrites it"))
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    let header = [
      "# Saved from an interactive vmrepl session.",
      "# Replay it against its golden file: vmrepl replay \(path)",
    ]
    do {
      try Data((header + lines).joined(separator: "\n").appending("\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      return .failure(ReplayError("cannot write `\(path)`: \(error.localizedDescription)"))
    }
    // The replay runs child processes through Foundation and Dispatch, which on the driving
    // thread would run on the simulation; a thread of its own keeps them real.
    let report = OffDriver.run { Replay.check(path, update: true, inCI: false) }
    guard report.passed else { return .failure(ReplayError(report.text.trimmingCharacters(in: .newlines))) }
    return .success("saved \(lines.count) commands to \(path) and recorded \(ScenarioFiles.golden(for: path))")
  }
}
