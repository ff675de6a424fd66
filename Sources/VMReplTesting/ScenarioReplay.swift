public import Testing
import Foundation
import Processes

/// Checks a folder of `.scenario` files against their golden transcripts from your own test
/// target, by running your REPL binary's `replay` command in a child process (the deterministic
/// executor owns the whole process, so it cannot share one with the test runner).
///
/// ```swift
/// import Testing
/// import VMReplTesting
///
/// @Test func goldenScenarios() async throws {
///   try await ScenarioReplay.check("scenarios", executable: "notes-repl")
/// }
/// ```
///
/// Set `VMREPL_RECORD=1` to re-record the golden files (`replay --update`); read the diff in
/// version control before you commit them. With `CI` set, a missing golden file is a failure
/// instead of being recorded.
public enum ScenarioReplay {
  /// What one replay found.
  public struct Report: Sendable {
    /// Scenarios whose transcript matched their golden file (or were recorded).
    public var passed: Int
    /// Scenarios that differed, crashed or could not run.
    public var failed: Int
    /// A line per scenario, with the diff of each mismatch and the reason of each crash.
    public var output: String
  }

  /// Replays every scenario under `folder` (relative to the package root, the folder holding
  /// `Package.swift` above the calling test file) with the executable product `executable`,
  /// and records a test issue with the diffs when any scenario fails. `environment` adds to (or,
  /// with nil, removes from) the replay's environment: `["TZ": "Asia/Tokyo"]` checks that the
  /// golden files hold in another time zone.
  @discardableResult
  public static func check(
    _ folder: String,
    executable: String,
    filter: String? = nil,
    environment: [String: String?] = [:],
    limit: Duration = .seconds(600),
    filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Report {
    let root = try packageRoot(above: filePath)
    let binary = try productsDirectory().appendingPathComponent(executable)
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw SetupError(
        "no executable `\(executable)` beside the test binary in \(binary.deletingLastPathComponent().path); "
          + "add it to the test target's dependencies so `swift test` builds it")
    }
    var arguments = ["replay", folder, "--format", "jsonl"]
    if let filter { arguments += ["--filter", filter] }
    if isRecording { arguments.append("--update") }
    let result = try await ChildProcess.run(binary.path, arguments, environment: environment, directory: root.path, limit: limit)
    let report = Report(jsonLines: result.output)
    if result.status != 0 || report.failed > 0 {
      Issue.record(
        Comment(rawValue: "`\(executable) \(arguments.joined(separator: " "))` exited \(result.status)\n" + report.output + result.errors),
        sourceLocation: sourceLocation)
    } else if report.passed == 0 {
      Issue.record(Comment(rawValue: "no .scenario files under \(root.path)/\(folder)"), sourceLocation: sourceLocation)
    }
    return report
  }

  /// Whether `VMREPL_RECORD` asks to re-record golden files.
  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["VMREPL_RECORD"].map { !$0.isEmpty && $0 != "0" } ?? false
  }

  /// The folder that holds `Package.swift`, from `filePath` upward.
  static func packageRoot(above filePath: String) throws -> URL {
    var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
      folder.deleteLastPathComponent()
    }
    throw SetupError("no Package.swift above \(filePath)")
  }

  /// Where SwiftPM put the products of this build: beside the test binary on Linux, beside the
  /// `.xctest` bundle on macOS.
  static func productsDirectory() throws -> URL {
    #if os(macOS)
      if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        return bundle.bundleURL.deletingLastPathComponent()
      }
      return Bundle.main.bundleURL
    #else
      return CurrentExecutable.directory
    #endif
  }

  /// A test set-up that cannot work: no binary, no package root.
  public struct SetupError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }
}

extension ScenarioReplay.Report {
  /// One object of `replay --format jsonl`.
  struct Line: Decodable {
    var scenario: String
    var verdict: String
    var message: String?
    var diff: String?
    var crash: [String]?
    var failures: [String]?
    var locations: [Location]?

    /// Where in the scenario a failure is.
    struct Location: Decodable {
      var line: Int
      var column: Int?
      var message: String
    }
  }

  /// Reads the objects `replay --format jsonl` prints, one per scenario.
  init(jsonLines: String) {
    passed = 0
    failed = 0
    output = ""
    for line in jsonLines.split(separator: "\n") {
      guard let entry = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)) else {
        output += String(line) + "\n"
        continue
      }
      switch entry.verdict {
      case "pass", "recorded", "updated":
        passed += 1
        output += "\(entry.verdict) \(entry.scenario)\n"
      default:
        failed += 1
        output += "\(entry.verdict.uppercased()) \(entry.scenario): \(entry.message ?? "")\n"
        // Each failed line first: a failure fails whatever the golden file says.
        for failure in entry.failures ?? [] { output += "    \(failure)\n" }
        if let diff = entry.diff { output += diff + "\n" }
        for reason in entry.crash ?? [] { output += "    \(reason)\n" }
      }
    }
  }
}
