import Foundation
import TestSupport

/// Runs the `SimulationProbe` executable built beside the test bundle and captures its output.
///
/// The simulation replaces the process's executors, so it cannot be installed inside the test
/// runner; every program runs in a child process of its own.
enum Probe {
  static var executable: String {
    CurrentExecutable.directory.appendingPathComponent("SimulationProbe").path
  }

  static func run(_ arguments: String...) async throws -> ChildProcess.Result {
    try await ChildProcess.run(executable, arguments)
  }
}
