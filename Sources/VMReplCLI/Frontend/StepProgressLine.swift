internal import Platform
import Simulation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line a terminal shows while a step runs longer than a few seconds: what runs, for how
/// long, where virtual time stands and how many jobs ran, and that Ctrl-C stops it. Without it a
/// long `advance` or a loop the runaway guard has not caught yet looked like a hang. Wall time
/// is shown to the person waiting only: the line is overwritten when the step ends and never
/// reaches a transcript.
enum StepProgressLine {
  /// Whether a progress line is on the terminal now; its lock orders writing it and clearing it.
  private static let shown = Mutex(false)
  private static let terminal = Atomic<Int32>(-1)

  /// Reports come from the watchdog's thread once a step has run 3 s; only on a terminal.
  static func start(descriptor: Int32) {
    guard isatty(descriptor) == 1 else { return }
    terminal.store(descriptor, ordering: .relaxed)
    Simulation.shared.reportProgress(after: .seconds(3)) { progress in
      shown.withLock { shown in
        guard SignalFlags.stepRunning.load(ordering: .relaxed) else { return }
        writeAll(descriptor, "\r\u{1B}[K" + text(progress))
        shown = true
      }
    }
  }

  /// Clears the line, if one was shown, before the step's report is printed (the session
  /// ended the step itself: no report comes after it).
  static func stepEnded() {
    shown.withLock { shown in
      guard shown else { return }
      writeAll(terminal.load(ordering: .relaxed), "\r\u{1B}[K")
      shown = false
    }
  }

  /// `… `advance 1h` still running: 4 s, virtual time 812.300s, 1234567 jobs (Ctrl-C stops it)`.
  static func text(_ progress: StepProgress) -> String {
    "… `\(progress.step)` still running: \(progress.wallSeconds) s, virtual time \(progress.now.secondsText), "
      + "\(progress.jobs) jobs (Ctrl-C stops it)"
  }
}
