import Foundation
package import Processes

/// Runs a shape's scenario the ways a user does (`run`, `explore` under both strategies,
/// `audit`), each twice, and holds them to what vmrepl promises: every process ends within its
/// limit without crashing, the same input prints the same bytes, and first-in-first-out order
/// pinned with `schedule fifo` prints what `run` prints.
package struct ShapeCheck: Sendable {
  /// The fixture REPL (`VMReplFixtures`), which has the `shape` model.
  package var fixtures: String
  /// A folder of its own for the scenario files and the audit's findings.
  package var folder: String
  /// The wall-clock limit of one process: past it, and past five times it when run again, the
  /// check fails as a hang.
  package var limit: Duration = .seconds(60)
  /// Schedules each exploration runs.
  package var schedules = 12
  /// Sequences each audit tries.
  package var sequences = 4

  package init(fixtures: String, folder: String) {
    self.fixtures = fixtures
    self.folder = folder
  }

  /// What went wrong: which property, and what showed it.
  package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// A short name of the property (`run twice`, `explore pct twice`, `ends`, ...), stable
    /// across shrinking: a smaller scenario counts only if it fails the same property.
    package var property: String
    package var detail: String
    package var description: String { "\(property): \(detail)" }
  }

  /// The first property `scenario` breaks, or nil when it keeps them all.
  package func check(_ scenario: ShapeScenario) async -> Failure? {
    let path = folder + "/shape.scenario"
    let pinned = folder + "/shape-fifo.scenario"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      // A comment where the pinned file has `schedule fifo`: the same line numbers in both.
      try ("# run\n" + scenario.text).write(toFile: path, atomically: true, encoding: .utf8)
      try ("schedule fifo\n" + scenario.text).write(toFile: pinned, atomically: true, encoding: .utf8)
    } catch {
      return Failure(property: "setup", detail: "\(error)")
    }
    do {
      let run = try await twice("run", ["run", path])
      let fifo = try await once("run under schedule fifo", ["run", pinned])
      let fifoLines = fifo.output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
      let fifoText = fifoLines.joined(separator: "\n").replacingOccurrences(of: pinned, with: path)
      if fifoText != run.output {
        return Failure(property: "fifo is run", detail: Self.firstDifference(run.output, fifoText))
      }
      for strategy in ["pct", "random"] {
        let explored = try await twice(
          "explore \(strategy)", ["explore", path, "--schedules", "\(schedules)", "--strategy", strategy, "--jobs", "1"])
        if let stop = Self.unfreshStop(explored.output) {
          return Failure(property: "explore \(strategy) starts fresh", detail: stop)
        }
      }
      let output = folder + "/audit"
      _ = try await twice(
        "audit", ["audit", "shape", "--sequences", "\(sequences)", "--jobs", "1", "--output", output],
        environment: ["VMREPL_SHAPE": scenario.shape.description])
    } catch let failure as Failure {
      return failure
    } catch {
      return Failure(property: "ends", detail: "\(error)")
    }
    return nil
  }

  /// Runs `arguments` twice; both must end and print the same bytes.
  private func twice(_ what: String, _ arguments: [String], environment: [String: String?] = [:]) async throws -> ChildProcess.Result {
    let first = try await once(what, arguments, environment: environment)
    let second = try await once(what, arguments, environment: environment)
    guard first.output == second.output else {
      throw Failure(property: "\(what) twice", detail: Self.firstDifference(first.output, second.output))
    }
    return first
  }

  /// Runs `arguments` once; it must end within the limit, by itself, with no internal error.
  private func once(_ what: String, _ arguments: [String], environment: [String: String?] = [:]) async throws -> ChildProcess.Result {
    let result: ChildProcess.Result
    do {
      result = try await ChildProcess.run(fixtures, arguments, environment: environment, directory: folder, limit: limit)
    } catch {
      // Wall time is the machine's: a loaded machine (a build beside the generator) stretched a
      // run of 0.2 s past the limit. The same deterministic work again, given five times as
      // long, tells a hang (which never ends) from a process that was only starved of CPU.
      do {
        result = try await ChildProcess.run(fixtures, arguments, environment: environment, directory: folder, limit: limit * 5)
      } catch {
        throw Failure(property: "\(what) ends", detail: "did not end within \(limit), nor within \(limit * 5) when run again")
      }
    }
    if let signal = result.signal {
      throw Failure(property: "\(what) ends", detail: "died of signal \(signal): \(result.errors.suffix(400))")
    }
    if result.status > 3 {
      throw Failure(property: "\(what) ends", detail: "exit status \(result.status): \(result.errors.suffix(400))")
    }
    for marker in ["internal error", "crashed"] where result.output.contains(marker) {
      let line = result.output.split(separator: "\n").first { $0.contains(marker) } ?? ""
      throw Failure(property: "\(what) \(marker)", detail: String(line))
    }
    return result
  }

  /// An exploration's `stopped:` line when a schedule could not start fresh for anything but a
  /// Dispatch timer source (which only the program's cancel handler lets go of): sleepers and
  /// run-loop timers are abandoned between schedules, so anything else left is a hole.
  static func unfreshStop(_ output: String) -> String? {
    let marker = "the schedule before it left "
    for line in output.split(separator: "\n") where line.contains("could not start fresh") {
      guard let range = line.range(of: marker) else { return String(line) }
      let left = line[range.upperBound...].prefix { $0 != ";" }
      if !left.components(separatedBy: ", ").allSatisfy({ $0.hasPrefix("a timer on DispatchSourceTimer") }) { return String(line) }
    }
    return nil
  }

  /// The first line where two outputs part, both sides.
  static func firstDifference(_ first: String, _ second: String) -> String {
    let a = first.split(separator: "\n", omittingEmptySubsequences: false)
    let b = second.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(a.count, b.count) {
      let left = index < a.count ? String(a[index]) : "(end)"
      let right = index < b.count ? String(b[index]) : "(end)"
      if left != right { return "line \(index + 1): `\(left)` against `\(right)`" }
    }
    return "the same lines"
  }

  /// The smallest scenario found that fails the same property as `scenario` (greedy: the first
  /// smaller candidate that still fails, until none does), with that failure.
  package func shrink(_ scenario: ShapeScenario, failing failure: Failure, budget: Int = 60) async -> (ShapeScenario, Failure) {
    var current = (scenario, failure)
    var tries = 0
    var shrinking = true
    while shrinking && tries < budget {
      shrinking = false
      for candidate in current.0.smaller {
        guard tries < budget else { break }
        tries += 1
        if let again = await check(candidate), again.property == failure.property {
          current = (candidate, again)
          shrinking = true
          break
        }
      }
    }
    return current
  }
}
