import Foundation

/// Runs the `SimulationProbe` executable built beside the test bundle and captures its output.
///
/// The simulation replaces the process's executors, so it cannot be installed inside the test
/// runner; every program runs in a child process of its own.
struct Probe {
  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  static var executable: URL {
    let productsDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let beside = productsDirectory.appendingPathComponent("SimulationProbe")
    if FileManager.default.fileExists(atPath: beside.path) { return beside }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/SimulationProbe")
  }

  static func run(_ arguments: String...) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self))
  }
}
