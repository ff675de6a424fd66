internal import CSimulationRuntime
import Dispatch
internal import Platform

extension SimulationCore {
  // MARK: Watchdog

  /// Starts the watchdog's thread. Call it before the runtime is redirected: afterwards a block
  /// handed to Dispatch from the driving thread would run on the driving thread.
  func startWatchdog() {
    DispatchQueue(label: "vmrepl.simulation.watchdog").async { [self] in
      var lastProgress: Int64 = 0
      while true {
        usleep(50_000)
        let wall = wallNanoseconds()
        lastProgress = reportProgressIfDue(now: wall, last: lastProgress)
        let start = runningJobStart.load(ordering: .relaxed)
        let limit = watchdogNanoseconds.load(ordering: .relaxed)
        guard start != 0, limit > 0, wall - start > limit else { continue }
        let step = stepName.guarded { $0 }
        let hint = watchdogHint.guarded { $0 }
        // As the user typed it: `--watchdog 3` reads "3 s", not "3.0 s".
        let value = Double(limit) / 1e9
        let seconds = value == value.rounded() ? String(Int(value)) : String(value)
        var message = "watchdog: the view-model's code ran for more than \(seconds) s of wall time without returning"
        if !step.isEmpty { message += ", during `\(step)`" }
        message += "; a synchronous loop cannot be stopped, so the process ends here"
        if !hint.isEmpty { message += " (\(hint))" }
        writeStandardError(message + "\n")
        // `_exit` runs no exit handler: what the crash trail holds is written here.
        vmrepl_crash_trail_flush()
        _exit(3)
      }
    }
  }
}
