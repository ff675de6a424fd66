import Foundation
import TestSupport

/// Runs the built `vmrepl` executable as a person or a program would.
enum VMReplProcess {
  static var executable: URL {
    CurrentExecutable.directory.appendingPathComponent("vmrepl")
  }

  /// The package root, where `scenarios/` is.
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// Runs `vmrepl arguments` (or another REPL binary built beside it) in the package root with `input` on its standard input; `CI` is
  /// unset unless `environment` sets it, so the runner's own CI setting cannot change a result.
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:], executable: String = "vmrepl"
  ) async throws -> ChildProcess.Result {
    var overrides: [String: String?] = ["CI": nil]
    for (key, value) in environment { overrides[key] = value }
    return try await ChildProcess.run(
      Self.executable.deletingLastPathComponent().appendingPathComponent(executable).path, arguments, input: input, environment: overrides, directory: packageRoot.path)
  }
}
