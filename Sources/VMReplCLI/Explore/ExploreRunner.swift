import Foundation
import Processes
import Scenario
import ScenarioExploration
import Simulation
import Synchronization

/// Explores scenarios in worker processes and puts together what each found.
///
/// A worker that dies costs one schedule: it is reported as a crash, and the schedules the
/// worker had run for that scenario, and those after, go to new workers (every schedule is made
/// from the seed and its number alone, so any process can run any of them).
struct ExploreRunner: Sendable {
  var pool: WorkerPool
  var request: ExploreRequest
  /// Crashes after which a scenario's exploration stops.
  var crashLimit = 20
  /// Processes shrinking one kind of crash may start.
  var crashShrinkBudget = 40

  /// What a crashed worker said, without the stack trace (its addresses differ on every run).
  static func message(_ errors: [String]) -> [String] {
    var kept: [String] = []
    for line in errors {
      if line.hasPrefix("Current stack trace") || line.hasPrefix("Stack dump") || line.contains("0x0") { break }
      if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
      kept.append(line)
    }
    return Array(kept.prefix(3))
  }

  /// `--cancel-anywhere`: what each scenario's cancellations found, in their order. A worker
  /// that dies ends its scenario's report with the crash.
  func runCancels(_ scenarios: [String]) async -> [CancelExploration] {
    let lines = scenarios.map { WorkerJSON.line(ExploreWorkRequest(path: $0, from: 1, through: 1)) ?? "" }
    let replies = Mutex<[WorkerReply?]>(Array(repeating: nil, count: scenarios.count))
    await pool.run(requests: lines) { index, reply in replies.withLock { $0[index] = reply } }
    return replies.withLock { $0 }.map { reply in
      var result = CancelExploration()
      switch reply {
      case .answer(let line)?:
        let answer = WorkerJSON.decode(ExploreWorkAnswer.self, from: line)
        result = answer?.cancel ?? result
        if answer?.cancel == nil { result.stopped = "a worker answered something unreadable" }
      case .died(let status, let signal, let errors)?:
        let reason = signal.map { "signal \($0)" } ?? "exit status \(status)"
        let message = Self.message(ExploreMarker.crashed(errors).rest)
        result.stopped = "a cancellation crashed the view-model (\(reason))" + (message.isEmpty ? "" : ": " + message.joined(separator: " "))
      case .noProcess(let why)?: result.stopped = why
      case nil: result.stopped = "no worker answered"
      }
      return result
    }
  }

  /// The exploration of each scenario, in their order.
  func run(_ scenarios: [String]) async -> [Exploration] {
    var results = scenarios.map { _ in Exploration(request: request) }
    var pending = scenarios.indices.map { (scenario: $0, work: ExploreWorkRequest(path: scenarios[$0], from: 1, through: request.schedules)) }
    // On a terminal, a long exploration shows how many scenarios the first round has done.
    let progress = ProgressLine(total: scenarios.count)
    defer { progress.finish() }
    var firstRound = true
    while !pending.isEmpty {
      let round = pending
      pending = []
      let lines = round.map { WorkerJSON.line($0.work) ?? "" }
      let replies = Mutex<[WorkerReply?]>(Array(repeating: nil, count: round.count))
      let counting = firstRound
      await pool.run(requests: lines) { index, reply in
        replies.withLock { $0[index] = reply }
        guard counting else { return }
        switch reply {
        case .answer(let line):
          let answer = WorkerJSON.decode(ExploreWorkAnswer.self, from: line)
          progress.advance(failed: (answer?.exploration.failed ?? 1) > 0)
        case .died, .noProcess: progress.advance(failed: true)
        }
      }
      firstRound = false
      for (index, reply) in replies.withLock({ $0 }).enumerated() {
        let (scenario, work) = round[index]
        switch reply {
        case .answer(let line)?:
          guard let answer = WorkerJSON.decode(ExploreWorkAnswer.self, from: line) else {
            results[scenario].stopped = "a worker answered something unreadable"
            continue
          }
          var exploration = answer.exploration
          if let resume = exploration.resumeAt {
            exploration.resumeAt = nil
            if resume > work.from {
              exploration.stopped = nil
              pending.append((scenario, ExploreWorkRequest(path: work.path, from: resume, through: work.through, shrink: work.shrink)))
            } else {
              // A new process ran first-in-first-out order and could not start fresh after it:
              // another would do the same, so the exploration stops here instead of for ever.
              exploration.stopped = (exploration.stopped ?? "the process could not start fresh")
                + "; first-in-first-out order leaves a new process so too, so schedules \(resume) to \(work.through) were not run"
            }
          }
          results[scenario].merge(exploration)
        case .died(let status, let signal, let errors)?:
          let (schedule, shrinking, departures, rest) = ExploreMarker.crashed(errors)
          let reason = signal.map { "signal \($0)" } ?? "exit status \(status)"
          let number = shrinking ? 0 : (schedule ?? work.from)
          results[scenario].crashes.append(
            ScheduleCrash(schedule: number, reason: reason, step: nil, departures: departures, errors: Self.message(rest)))
          guard number != 1 else {
            results[scenario].stopped = "first-in-first-out order crashed, so there is nothing to measure the others against"
            continue
          }
          guard results[scenario].crashes.count < crashLimit else {
            results[scenario].stopped = "\(crashLimit) schedules crashed; the rest were not run"
            continue
          }
          if shrinking {
            // Every schedule ran; a shrinking run crashed. Run them again without shrinking.
            pending.append((scenario, ExploreWorkRequest(path: work.path, from: work.from, through: work.through, shrink: false)))
          } else {
            if number > work.from {
              pending.append((scenario, ExploreWorkRequest(path: work.path, from: work.from, through: number - 1, shrink: work.shrink)))
            }
            if number < work.through {
              pending.append((scenario, ExploreWorkRequest(path: work.path, from: number + 1, through: work.through, shrink: work.shrink)))
            }
          }
        case .noProcess(let why)?:
          results[scenario].stopped = why
        case nil:
          results[scenario].stopped = "no worker answered"
        }
      }
    }
    for index in results.indices {
      for group in ExplorationReport.crashGroups(results[index].crashes) {
        let first = group[0]
        guard first.schedule > 1, !first.departures.isEmpty,
          let position = results[index].crashes.firstIndex(of: first)
        else { continue }
        results[index].crashes[position].minimal = shrinkCrash(first, path: scenarios[index])
      }
    }
    return results
  }

  /// The fewest departures that crash a fresh worker the way `crash` did; each try is a process.
  private func shrinkCrash(_ crash: ScheduleCrash, path: String) -> [Departure] {
    ScheduleShrinker.shrink(crash.departures, budget: crashShrinkBudget) { candidate in
      var request = ExploreWorkRequest(path: path, from: 1, through: 1)
      request.pinned = candidate
      guard let line = WorkerJSON.line(request) else { return false }
      let result = ChildProcess.runBlocking(
        pool.executable, [pool.subcommand] + pool.arguments, input: line + "\n",
        environment: ["SWIFT_BACKTRACE": "enable=no"])
      // A worker that answers ends with status 0; one that crashes the same way says the same.
      let reason = result.signal.map { "signal \($0)" } ?? "exit status \(result.status)"
      let errors = result.errors.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      return result.status != 0 && reason == crash.reason && Self.message(ExploreMarker.crashed(errors).rest) == crash.errors
    }
  }
}
