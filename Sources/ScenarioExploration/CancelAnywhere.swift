import Scenario
import Simulation

/// What `explore --cancel-anywhere` found: for each way of cancelling an effect between two of
/// the scenario's jobs, whether the `expect` lines from there on still hold.
package struct CancelExploration: Equatable, Sendable, Codable {
  /// Jobs the first-in-first-out run ran: the points between them are where cancels go.
  package var jobs = 0
  /// Cancellations tried: one per job boundary and effect running there.
  package var runs = 0
  /// Job boundaries where an effect was running, so there was something to cancel.
  package var boundaries = 0
  package var outcomes: [CancelOutcome] = []
  package var stopped: String?
  /// Why the scenario is not explored, when it is not by design.
  package var skipped: String?
  /// What failed in the run where nothing was cancelled: the scenario fails on its own.
  package var fifoFailures: [String] = []

  package init() {}

  package var failed: Int {
    outcomes.filter { !$0.failures.isEmpty }.reduce(0) { $0 + $1.count } + (fifoFailures.isEmpty ? 0 : 1)
  }
}

/// Cancellations that gave the same verdict.
package struct CancelOutcome: Equatable, Sendable, Codable {
  /// What failed from the cancelled step on; empty when every check held.
  package var failures: [String]
  package var count: Int
  /// The first cancellations that gave it (a few).
  package var points: [CancelPoint]
  /// Checks and commands after the cancel that assumed the effect went on (the effect's status,
  /// the time, the log; a `respond` to a request never made): not failures, but what the rest
  /// of the scenario could not do. Shown for failing outcomes only.
  package var notes: [String]
}

extension Explorer {
  /// Runs the scenario once per job boundary and effect running there, first in, first out,
  /// cancelling that effect at that point (for the lifecycle effect: the view disappears), and
  /// checks what the scenario checks from there on: its `expect` lines, waits that can never
  /// end, hidden work left at the end.
  package func cancelAnywhere(_ lines: [(number: Int, text: String)], limit: Int = 10_000) -> CancelExploration {
    var exploration = CancelExploration()
    guard let (lines, fifo) = start(lines, stopped: &exploration.stopped, skipped: &exploration.skipped, notFresh: "the process could not start fresh") else {
      return exploration
    }
    exploration.jobs = fifo.jobs
    exploration.fifoFailures = fifo.failures
    var job = 1
    while job <= fifo.jobs {
      var index = 0
      var running = 1
      while index < running {
        guard exploration.runs < limit else {
          exploration.stopped = "stopped after \(limit) cancellations"
          return exploration
        }
        willRun?(exploration.runs + 2)
        guard let run = runRaw(lines, scheduler: Scheduler(.fifo), cancel: (job, index)) else {
          exploration.stopped = "the process could not start fresh"
          return exploration
        }
        guard let point = run.cancelled else { break }
        if index == 0 { exploration.boundaries += 1 }
        running = point.running
        exploration.runs += 1
        add(run, point: point, to: &exploration)
        index += 1
      }
      job += 1
    }
    return exploration
  }

  private func add(_ run: RawRun, point: CancelPoint, to exploration: inout CancelExploration) {
    var failures: [String] = []
    var notes: [String] = []
    for error in run.errors where error.line >= point.line {
      // What the scenario says of the effects, the time and the log describes the run where
      // nothing was cancelled; what it says of the state must hold after any cancel.
      let subject = error.source.split(separator: " ").dropFirst().first ?? ""
      let assumesNoCancel = subject.hasPrefix("#") || subject == "time" || subject == "log"
      switch error.command {
      case "expect" where assumesNoCancel:
        notes.append("line \(error.line) `\(error.source)` assumed no cancel: \(error.message)")
      case "expect": failures.append("line \(error.line) `\(error.source)`: \(error.message)")
      case "await", "advance", "settle": failures.append("line \(error.line) `\(error.command)`: \(error.message)")
      default: notes.append("line \(error.line) `\(error.source)` was rejected: \(error.message)")
      }
    }
    if failures.isEmpty { notes = [] }
    if let index = exploration.outcomes.firstIndex(where: { $0.failures == failures }) {
      exploration.outcomes[index].count += 1
      if exploration.outcomes[index].points.count < 3 { exploration.outcomes[index].points.append(point) }
      for note in notes where !exploration.outcomes[index].notes.contains(note) { exploration.outcomes[index].notes.append(note) }
    } else {
      exploration.outcomes.append(CancelOutcome(failures: failures, count: 1, points: [point], notes: notes))
    }
  }
}

extension ExplorationReport {
  /// The report of `explore --cancel-anywhere` for one scenario.
  package static func lines(_ exploration: CancelExploration, name: String) -> [String] {
    let head: String
    if let skipped = exploration.skipped {
      head = "\(name): not explored: \(skipped)"
    } else if exploration.runs == 0 {
      head = "\(name): cancel anywhere: no effect was running after any of the \(exploration.jobs) jobs, so there was nothing to cancel"
    } else {
      let plural = exploration.runs == 1 ? "" : "s"
      head = "\(name): cancel anywhere: \(exploration.runs) cancellation\(plural), each running effect after each of the "
        + "\(exploration.boundaries) of \(exploration.jobs) jobs where one was running"
    }
    var lines = [head]
    if !exploration.fifoFailures.isEmpty {
      lines.append("  without a cancel, first in, first out, the scenario already FAILED:")
      lines += exploration.fifoFailures.map { "    " + $0 }
    }
    for (number, outcome) in exploration.outcomes.enumerated() {
      let verdict = outcome.failures.isEmpty ? "every check from there on holds" : "FAILED"
      lines.append("  outcome \(number + 1): \(outcome.count) cancellation\(outcome.count == 1 ? "" : "s"), \(verdict)")
      lines += outcome.failures.map { "    " + $0 }
      for (index, point) in outcome.points.enumerated() {
        lines.append("    " + (index == 0 ? "first: " : "also:  ") + point.text)
      }
      lines += outcome.notes.prefix(3).map { "    (\($0))" }
      if outcome.notes.count > 3 { lines.append("    (and \(outcome.notes.count - 3) more checks or commands that assumed no cancel)") }
    }
    if let stopped = exploration.stopped { lines.append("  stopped: " + stopped) }
    let count = exploration.outcomes.count
    lines.append("\(exploration.runs) cancellation\(exploration.runs == 1 ? "" : "s"), \(count) outcome\(count == 1 ? "" : "s"), \(exploration.failed) failed")
    return lines
  }
}
