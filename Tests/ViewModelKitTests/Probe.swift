import Foundation
import TestSupport

/// Runs one case of the `ViewModelKitProbe` executable built beside the test bundle.
///
/// The cases run under the deterministic executor, which replaces the process's executors, so
/// each runs in a child process of its own.
enum Probe {
  static func run(_ name: String) async throws -> ChildProcess.Result {
    try await ChildProcess.run(CurrentExecutable.directory.appendingPathComponent("ViewModelKitProbe").path, [name])
  }
}
