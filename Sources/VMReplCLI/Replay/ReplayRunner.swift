import ArgumentParser
import Foundation
import Processes
import Scenario
import Simulation
import Synchronization

/// Replays scenarios in workers and reports each verdict, in scenario order, as soon as every
/// scenario before it has one.
struct ReplayRunner: Sendable {
  var pool: WorkerPool
  var check: GoldenCheck
  var format: OutputFormat

  func run(_ scenarios: [String]) async -> [Verdict] {
    let progress = ProgressLine(total: scenarios.count)
    let collected = OrderedVerdicts(count: scenarios.count)
    let format = format
    let check = check
    await pool.run(scenarios) { index, run in
      let verdict = check.verdict(for: scenarios[index], run)
      progress.advance(failed: !verdict.passed)
      collected.add(verdict, at: index) { ready in
        progress.around { Self.write(ready, format: format) }
      }
    }
    progress.finish()
    let verdicts = collected.all
    format.renderer().summary(of: verdicts, name: "\(ToolName.current) replay").write()
    return verdicts
  }

  private static func write(_ verdict: Verdict, format: OutputFormat) {
    format.renderer().render(verdict).write()
  }
}

/// Verdicts as they arrive from the workers, handed on in scenario order.
final class OrderedVerdicts: Sendable {
  private struct State {
    var verdicts: [Verdict?]
    var written = 0
  }

  private let state: Mutex<State>

  init(count: Int) { state = Mutex(State(verdicts: Array(repeating: nil, count: count))) }

  /// Stores `verdict` and hands `write` each verdict now ready, in order from the first not yet
  /// written; under the lock, so that two workers cannot write out of order.
  func add(_ verdict: Verdict, at index: Int, write: (Verdict) -> Void) {
    state.withLock { state in
      state.verdicts[index] = verdict
      while state.written < state.verdicts.count, let next = state.verdicts[state.written] {
        write(next)
        state.written += 1
      }
    }
  }

  var all: [Verdict] { state.withLock { $0.verdicts.compactMap { $0 } } }
}
