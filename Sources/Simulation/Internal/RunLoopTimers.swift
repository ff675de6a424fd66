internal import CSimulationRuntime
import Synchronization

/// The run loop timers Foundation scheduled on the driving thread, each with the work of the
/// step that scheduled it.
///
/// A run loop mode arms one descriptor for its earliest timer, so the simulation's own timer
/// for a mode says nothing about whose timer is due. Following each `CFRunLoopTimer` from
/// `CFRunLoopAddTimer` to its invalidation lets a report credit every `Timer` to the step that
/// scheduled it, keeps that step's work alive exactly as long as the timer can fire, and runs the
/// timer's callback as that step's work (a task it starts is that step's work too).
final class RunLoopTimers: Sendable {
  private struct Entry: Sendable {
    /// The timer's address; the entry holds a CF retain on it until it is let go.
    let address: UInt
    let tag: WorkTag?
  }

  private let entries = Mutex<[Entry]>([])

  /// Foundation added `timer` to a run loop: it is the current work's, until invalidated.
  func added(_ timer: UnsafeMutableRawPointer) {
    let address = UInt(bitPattern: timer)
    let tag = WorkTag.current
    let isNew = entries.guarded { entries -> Bool in
      guard !entries.contains(where: { $0.address == address }) else { return false }
      entries.append(Entry(address: address, tag: tag))
      return true
    }
    if isNew { vmrepl_runloop_timer_retain(timer) }
  }

  /// Runs `timer`'s own callout as the work of the step that scheduled it.
  func fire(_ timer: UnsafeMutableRawPointer, callout: UnsafeMutableRawPointer, info: UnsafeMutableRawPointer?) {
    let address = UInt(bitPattern: timer)
    let tag = entries.guarded { $0.first(where: { $0.address == address })?.tag }
    WorkTag.running(tag) { vmrepl_runloop_timer_call(callout, timer, info) }
  }

  /// Lets go of the timers that can no longer fire (invalidated, or one-shot and fired), and so
  /// of the work they kept alive.
  func sweep() {
    let gone = entries.guarded { entries -> [UInt] in
      var gone: [UInt] = []
      entries.removeAll { entry in
        guard let timer = UnsafeMutableRawPointer(bitPattern: entry.address),
          vmrepl_runloop_timer_is_valid(timer) == 0
        else { return false }
        gone.append(entry.address)
        return true
      }
      return gone
    }
    // Releasing a timer can free the Swift `Timer` and its closure: outside the lock.
    for address in gone { vmrepl_runloop_timer_release(UnsafeMutableRawPointer(bitPattern: address)) }
  }

  /// Whether any timer is followed.
  var isEmpty: Bool { entries.guarded { $0.isEmpty } }

  /// The timers that can still fire, with their virtual deadlines: `now` plus the time to the
  /// timer's fire date, to the nearest microsecond. (A fire date is a `CFAbsoluteTime`, good to
  /// about 119 ns today, and so is the reading of now it is measured against; the simulation
  /// snaps the result to the run loop's own deadline when it is that one.)
  func pending(now: Int64) -> [PendingTimer] {
    let live = entries.guarded { $0 }
    return live.compactMap { entry -> PendingTimer? in
      guard let timer = UnsafeMutableRawPointer(bitPattern: entry.address),
        vmrepl_runloop_timer_is_valid(timer) != 0
      else { return nil }
      let delay = vmrepl_runloop_timer_delay(timer)
      guard delay >= 0 else { return nil }
      let deadline = (now &+ delay &+ 500) / 1_000 * 1_000
      return PendingTimer(deadline: .nanoseconds(deadline), clock: "RunLoop timer", label: entry.tag?.label, work: entry.tag?.id)
    }
  }
}
