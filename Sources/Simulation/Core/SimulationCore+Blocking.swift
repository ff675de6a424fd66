internal import CSimulationRuntime
import Dispatch
internal import Platform

extension SimulationCore {
  /// A job on the driving thread blocks: runs one other piece of work, as a device's other
  /// threads go on while its main thread waits (see `vmrepl_callbacks.driver_wait`).
  func driverWait(deadline: Int64) -> Int32 {
    _ = vmrepl_threads_admit_foreign()
    admitInbox()
    // A blocked main-lane job holds the main lane; a blocked job off it holds only itself.
    let excludingMain = vmrepl_driver_job_on_main() != 0
    if let next = state.guarded({ $0.takeReady(excludingMain: excludingMain) }) {
      run(next)
      return 1
    }
    if fireNextTimer(notAfter: deadline >= 0 ? deadline : nil) { return 1 }
    if deadline >= 0 {
      moveTime(to: deadline)
      return 2
    }
    if state.guarded({ !$0.externalWork.isEmpty }) {
      _ = foreignArrivals.wait(timeout: .now() + .milliseconds(100))
      return 1
    }
    return 0
  }

  /// A job on the driving thread was blocked from `since` until now: remembered for the step's
  /// report. Consecutive waits in one call (a sleep in pieces, a retried lock) are one.
  func noteMainThreadBlocked(kind: Int32, since: Int64) {
    let now = state.guarded { $0.now }
    let waitingOn = SimulatedThreads.describeWait(kind: kind, object: nil, deadline: -1)
    mainThreadBlocks.guarded { blocks in
      if let last = blocks.last, last.waitingOn == waitingOn, last.to.wholeNanoseconds == since {
        blocks[blocks.count - 1].to = .nanoseconds(now)
      } else {
        blocks.append(MainThreadBlock(waitingOn: waitingOn, from: .nanoseconds(since), to: .nanoseconds(now)))
      }
    }
  }

  /// The driving thread waits for something nothing can bring: on a device the app hangs. The
  /// process cannot go on with the view-model's code stopped in the middle, so it ends here,
  /// saying what waits on what.
  func driverDeadlock(kind: Int32) -> Never {
    let step = stepName.guarded { $0 }
    var lines = [
      "deadlock: the main thread waits in "
        + SimulatedThreads.describeWait(kind: kind, object: nil, deadline: -1)
        + (step.isEmpty ? "" : ", during `\(step)`")
        + "; nothing can run and no timer is left"
    ]
    for thread in SimulatedThreads.parked() {
      lines.append("  \(thread.name) waits in \(thread.waitsOn)")
    }
    lines.append("  (on a device the app would hang here; the process ends)")
    writeStandardError(lines.joined(separator: "\n") + "\n")
    exit(1)
  }
}
