public import Testing
import Foundation
import Processes

/// One scenario file as a test case: the test navigator lists each by its path, and a failure is
/// an issue at the scenario's own line and column, with the diff in its comment.
///
/// ```swift
/// import Testing
/// import VMReplTesting
///
/// @Test(arguments: try ScenarioCase.all(in: "scenarios"))
/// func scenario(_ scenario: ScenarioCase) async throws {
///   try await scenario.check(executable: "myapp-repl")
/// }
/// ```
///
/// `swift test --filter` selects test functions, not arguments: to run one scenario by name,
/// let the `VMReplScenarioTests` build plugin make a test function per scenario file.
public struct ScenarioCase: Sendable, CustomTestStringConvertible, CustomStringConvertible {
  /// The scenario's path from the package root (`scenarios/reading-list.scenario`).
  public var path: String
  /// The folder holding `Package.swift`.
  public var packageRoot: String

  public init(path: String, packageRoot: String) {
    self.path = path
    self.packageRoot = packageRoot
  }

  public var testDescription: String { path }
  public var description: String { path }

  /// Every `.scenario` file under `folder` (relative to the package root above the calling
  /// file), sorted by path.
  public static func all(in folder: String, filePath: String = #filePath) throws -> [ScenarioCase] {
    let root = try ScenarioReplay.packageRoot(above: filePath)
    let base = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else {
      throw ScenarioReplay.SetupError("no folder \(base.path)")
    }
    let paths = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".scenario") }.sorted()
    return paths.map { ScenarioCase(path: folder + "/" + $0, packageRoot: root.path) }
  }

  /// Replays the scenario with the REPL executable product `executable` and records an issue
  /// for each failure at the scenario's line: a failed or rejected line at its word, a golden
  /// mismatch at the step that first printed something else (the diff in the comment), a crash
  /// or a missing golden file at its first line.
  @discardableResult
  public func check(executable: String, environment: [String: String?] = [:], limit: Duration = .seconds(600)) async throws
    -> ScenarioReplay.Report
  {
    let binary = try ScenarioReplay.productsDirectory().appendingPathComponent(executable)
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw ScenarioReplay.SetupError(
        "no executable `\(executable)` beside the test binary in \(binary.deletingLastPathComponent().path); "
          + "add it to the test target's dependencies so `swift test` builds it")
    }
    var arguments = ["replay", path, "--format", "jsonl"]
    if ScenarioReplay.isRecording { arguments.append("--update") }
    let result = try await ChildProcess.run(binary.path, arguments, environment: environment, directory: packageRoot, limit: limit)
    let report = ScenarioReplay.Report(jsonLines: result.output)
    let lines = result.output.split(separator: "\n").compactMap { try? JSONDecoder().decode(ScenarioReplay.Report.Line.self, from: Data($0.utf8)) }
    guard let entry = lines.first else {
      Issue.record(Comment(rawValue: "`\(executable) \(arguments.joined(separator: " "))` exited \(result.status)\n" + result.errors), sourceLocation: location(line: 1))
      return report
    }
    guard report.failed > 0 else { return report }
    let detail = (entry.diff.map { "\n" + $0 } ?? "") + (entry.crash ?? []).map { "\n    " + $0 }.joined()
    let locations = entry.locations ?? []
    guard !locations.isEmpty else {
      Issue.record(Comment(rawValue: "\(path): \(entry.message ?? entry.verdict)" + detail), sourceLocation: location(line: 1))
      return report
    }
    for (index, place) in locations.enumerated() {
      // The diff once, with the first issue.
      let comment = place.message + (index == 0 ? detail : "")
      Issue.record(Comment(rawValue: comment), sourceLocation: location(line: place.line, column: place.column ?? 1))
    }
    return report
  }

  /// A source location in the scenario file, which Xcode, VS Code and `swift test` show like one
  /// in a Swift file.
  func location(line: Int, column: Int = 1) -> SourceLocation {
    let module = URL(fileURLWithPath: packageRoot).lastPathComponent
    return SourceLocation(fileID: module + "/" + path, filePath: packageRoot + "/" + path, line: line, column: column)
  }
}
