import Foundation
import Simulation
import Synchronization

/// The single updating line a long replay or exploration shows on a terminal: done / total and
/// failures so far.
///
/// Only on a terminal (standard error), never under `CI` or on a pipe, and only once the replay
/// has run for a second, so short replays print nothing but their reports.
final class ProgressLine: Sendable {
  private struct State {
    var done = 0
    var failed = 0
    var shown = false
  }

  private let total: Int
  private let enabled: Bool
  /// How long a replay runs before the line shows: a second, or `VMREPL_PROGRESS_AFTER` seconds
  /// (tests set 0 to see it on a short replay).
  private let delay: Duration
  private let start = ContinuousClock.now
  private let state = Mutex(State())

  init(total: Int, environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.total = total
    let inCI = environment["CI"].map { !$0.isEmpty } ?? false
    enabled = isatty(2) == 1 && !inCI && environment["TERM"] != "dumb"
    delay = environment["VMREPL_PROGRESS_AFTER"].flatMap(Double.init).map { .milliseconds(Int64($0 * 1000)) } ?? .seconds(1)
  }

  /// Counts one finished scenario and redraws the line if it is due.
  func advance(failed: Bool) {
    guard enabled else { return }
    state.withLock { state in
      state.done += 1
      if failed { state.failed += 1 }
      guard state.shown || ContinuousClock.now - start >= delay else { return }
      state.shown = true
      writeAll(2, "\r\u{1B}[2K\(state.done)/\(total) scenarios, \(state.failed) failed")
    }
  }

  /// Runs `write` with the line cleared first and drawn again after, so reports and the line
  /// never share a row.
  func around(_ write: () -> Void) {
    guard enabled else { return write() }
    state.withLock { state in
      if state.shown { writeAll(2, "\r\u{1B}[2K") }
      write()
      if state.shown { writeAll(2, "\(state.done)/\(total) scenarios, \(state.failed) failed") }
    }
  }

  /// Clears the line for good.
  func finish() {
    guard enabled else { return }
    state.withLock { state in
      if state.shown { writeAll(2, "\r\u{1B}[2K") }
      state.shown = false
    }
  }
}
