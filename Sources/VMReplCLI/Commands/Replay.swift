import ArgumentParser
import Foundation
import Scenario
import Synchronization

/// `vmrepl replay`: replay scenarios and compare each transcript with its golden file.
struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Replay scenarios and compare each transcript with its .golden file.",
    discussion: """
      A missing golden file is recorded, except when the environment variable CI is set. \
      --update rewrites golden files. Ends with a line `N passed, N failed`.
      """)

  @ArgumentParser.Argument(help: "Scenario files or folders (default: scenarios/).")
  var paths: [String] = []

  @Flag(help: "Rewrite the golden files with the replayed transcripts.")
  var update = false

  @Option(help: "Replay only scenarios whose path contains TEXT.")
  var filter: String?

  @Option(help: "How many scenarios to replay at once.")
  var jobs: Int = 2

  @Option(help: "Seconds the view-model's code may run without returning before its scenario is stopped (0: never).")
  var watchdog: Double = 10

  @Option(help: "The most jobs one step may run before it is stopped as a runaway.")
  var maxJobs: Int = 5_000_000

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
    guard watchdog >= 0 else { throw ValidationError("--watchdog must be 0 or more") }
    guard maxJobs >= 0 else { throw ValidationError("--max-jobs must be 0 or more") }
  }

  /// The options each child runs its scenario with.
  var childOptions: [String] {
    (watchdog == 10 ? [] : ["--watchdog", "\(watchdog)"]) + (maxJobs == 5_000_000 ? [] : ["--max-jobs", "\(maxJobs)"])
  }

  func run() throws {
    let scenarios: [String]
    do {
      scenarios = try ScenarioFiles.collect(paths.isEmpty ? ["scenarios"] : paths, filter: filter)
    } catch {
      throw ValidationError("\(error)")
    }
    let inCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
    let reports = ReplayReports(count: scenarios.count)
    let options = childOptions
    DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, scenarios.count))) { worker in
      var index = worker
      while index < scenarios.count {
        reports.set(index, Self.check(scenarios[index], update: update, inCI: inCI, options: options))
        index += jobs
      }
    }
    var passed = 0
    var failed = 0
    for report in reports.all {
      writeAll(report.passed ? 1 : 2, report.text)
      if report.passed { passed += 1 } else { failed += 1 }
    }
    writeAll(1, "\(passed) passed, \(failed) failed\n")
    if failed > 0 { throw ExitCode(1) }
  }

  struct Report: Sendable {
    var passed: Bool
    var text: String
  }

  /// The name this command line was started as (`vmrepl`, or a user's own REPL binary).
  static var toolName: String {
    URL(fileURLWithPath: CommandLine.arguments.first ?? "vmrepl").lastPathComponent
  }

  static func check(_ scenario: String, update: Bool, inCI: Bool, options: [String] = []) -> Report {
    let outcome = ScenarioProcess.run(scenario, options: options)
    let golden = ScenarioFiles.golden(for: scenario)
    let (step, errors) = StepMarker.split(outcome.errors)
    if outcome.signal != nil || (outcome.status != 0 && outcome.status != 1) {
      let place = step.map { "at \($0.replacingOccurrences(of: ": ", with: ": `", range: $0.range(of: ": ")))`" } ?? "before its first command"
      let reason = outcome.signal.map { "signal \($0)" } ?? "exit status \(outcome.status)"
      // The runtime's "Fatal error: ..." line says why; otherwise the last lines written.
      let why = errors.filter { $0.contains("Fatal error") || $0.contains("fatal error") || $0.hasPrefix("watchdog:") }
      let tail = (why.isEmpty ? Array(errors.suffix(5)) : why).map { "    " + $0 }.joined(separator: "\n")
      return Report(passed: false, text: "CRASH \(scenario): the process ended with \(reason) \(place)\n\(tail)\n")
    }
    let expected = try? String(contentsOfFile: golden, encoding: .utf8)
    if update || expected == nil {
      if expected == nil && inCI && !update {
        return Report(passed: false, text: "FAIL \(scenario): no golden file \(golden); CI is set, so it is not recorded (run `\(Self.toolName) replay --update \(scenario)` and commit it)\n")
      }
      if expected == outcome.transcript {
        return Report(passed: true, text: "ok   \(scenario)\n")
      }
      do {
        try Data(outcome.transcript.utf8).write(to: URL(fileURLWithPath: golden), options: .atomic)
      } catch {
        return Report(passed: false, text: "FAIL \(scenario): cannot write \(golden): \(error)\n")
      }
      return Report(passed: true, text: (expected == nil ? "new  " : "upd  ") + "\(scenario): recorded \(golden)\n")
    }
    if let diff = GoldenComparison.diff(expected: expected ?? "", actual: outcome.transcript, name: golden) {
      return Report(passed: false, text: "FAIL \(scenario): the transcript differs from \(golden)\n\(diff)\nre-record after reading the diff: \(Self.toolName) replay --update \(scenario)\n")
    }
    return Report(passed: true, text: "ok   \(scenario)\n")
  }
}

/// Reports filled in by the worker threads, read in scenario order.
final class ReplayReports: Sendable {
  private let reports: Mutex<[Replay.Report?]>
  init(count: Int) { reports = Mutex(Array(repeating: nil, count: count)) }
  func set(_ index: Int, _ report: Replay.Report) { reports.withLock { $0[index] = report } }
  var all: [Replay.Report] { reports.withLock { $0.compactMap { $0 } } }
}
