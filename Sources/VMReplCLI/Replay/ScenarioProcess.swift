import Foundation

/// Replays one scenario in a child `vmrepl run --transcript` process.
///
/// The executor is process-wide and a view-model that traps ends its process, so each scenario
/// gets a process of its own: a crash is reported for that scenario, and no task left running by
/// one scenario can run into the next.
struct ScenarioProcess {
  struct Outcome {
    var transcript: String
    var errors: String
    var status: Int32
    /// Set when the child died from a signal (a trap in the view-model).
    var signal: Int32?
  }

  static var executable: String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
  }

  static func run(_ scenario: String, options: [String] = []) -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["run", scenario, "--transcript"] + options
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    // A trap should say what it was, not spend time on a backtrace nobody reads.
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    do {
      try process.run()
    } catch {
      return Outcome(transcript: "", errors: "cannot start \(executable): \(error)", status: 127, signal: nil)
    }
    // Read both pipes while the child runs, so a large transcript cannot fill a pipe and stall it.
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    group.enter()
    DispatchQueue.global().async {
      errorData = errors.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
    return Outcome(
      transcript: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self),
      status: process.terminationStatus,
      signal: signal)
  }
}

/// The line a `run --transcript` child writes to standard error before each step, so that a
/// crash can be pinned on the step that was running.
enum StepMarker {
  static let prefix = "vmrepl-step: "

  /// The last step begun, and what else the child wrote to standard error.
  static func split(_ errors: String) -> (step: String?, rest: [Substring]) {
    var step: String?
    var rest: [Substring] = []
    for line in errors.split(separator: "\n") {
      if line.hasPrefix(prefix) { step = String(line.dropFirst(prefix.count)) } else { rest.append(line) }
    }
    return (step, rest)
  }
}
