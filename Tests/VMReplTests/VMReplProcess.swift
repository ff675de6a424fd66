import Foundation

/// Runs the built `vmrepl` executable as a person or a program would.
enum VMReplProcess {
  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  static var executable: URL {
    let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    return products.appendingPathComponent("vmrepl")
  }

  /// The package root, where `scenarios/` is.
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  static func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var merged = ProcessInfo.processInfo.environment
    merged.removeValue(forKey: "CI")
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    let output = Pipe()
    let errors = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = standardInput
    try process.run()
    let writer = Thread {
      if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
      try? standardInput.fileHandleForWriting.close()
    }
    writer.start()
    nonisolated(unsafe) var errorData = Data()
    let reader = Thread { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while reader.isExecuting || !reader.isFinished { usleep(1_000) }
    return Result(
      status: process.terminationStatus,
      output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self))
  }
}
