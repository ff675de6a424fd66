import Foundation
import TestSupport

/// Runs the built `vmrepl` executable as a person or a program would.
enum VMReplProcess {
  static var executable: URL {
    CurrentExecutable.directory.appendingPathComponent("vmrepl")
  }

  /// How long an `audit` may take before a test calls it a hang: each of its probes is a worker
  /// process of a debug build, and beside the rest of the suite on two cores the fixtures' audit
  /// of 14 models (22 s alone) passed 120 s (a fresh clone's run with two adoptions beside it).
  /// A limit against hangs, not a speed figure (`scripts/bench` has those).
  static let auditLimit: Duration = .seconds(600)

  /// How long any other child may take before a test calls it a hang: beside the suite's audits
  /// (each a pool of worker processes) on two cores, a replay worker's 1,000 scenarios (9 s
  /// alone) and an exploration of 20 schedules passed 120 s and 60 s in a fresh clone's run on a
  /// quiet machine. A limit against hangs, not a speed figure (`scripts/bench` has those).
  static let hangLimit: Duration = .seconds(360)

  /// The package root, where `scenarios/` is.
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// Runs `vmrepl arguments` (or another REPL binary built beside it) in `directory` (the
  /// package root unless given) with `input` on its standard input; `CI` is unset unless
  /// `environment` sets it, so the runner's own CI setting cannot change a result.
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:], executable: String = "vmrepl",
    directory: URL? = nil, limit: Duration = hangLimit
  ) async throws -> ChildProcess.Result {
    var overrides: [String: String?] = ["CI": nil]
    for (key, value) in environment { overrides[key] = value }
    return try await ChildProcess.run(
      Self.executable.deletingLastPathComponent().appendingPathComponent(executable).path, arguments, input: input, environment: overrides,
      directory: (directory ?? packageRoot).path, limit: limit)
  }

  /// A new folder under the temporary directory named `name` and the process id, holding
  /// `files` (name to contents); the caller removes it.
  static func folder(_ name: String, files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (file, text) in files {
      try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }
    return folder
  }
}
