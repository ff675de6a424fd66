/// A timer that can still wake somebody: when, on which clock, and for whose work.
package struct PendingTimer: Equatable, Sendable, CustomStringConvertible {
  /// The virtual time at which it fires.
  package var deadline: Duration
  /// What set it: the sleeper's clock (`ContinuousClock`, `SuspendingClock`, `VirtualClock`),
  /// `DispatchQueue.main.asyncAfter` (or another queue's), or `RunLoop timer`.
  package var clock: String
  /// The `WorkTag` label of the sleeping task, if it had one.
  package var label: String?
  /// The `WorkTag` id of whoever set it, if it had one: whose work the timer is.
  package var work: UInt64?
  /// The sleeping task's address, for a task's sleep (to tell which task handle can cancel it;
  /// never printed).
  package var task: UInt? = nil
  /// Whether a Combine operator armed it (a `debounce`'s or `delay`'s scheduler timer): the
  /// pipeline's subscription, not the step that fed it a value, is what can cancel it.
  package var armedByCombine = false

  package var description: String {
    described(relativeTo: .zero) + (label.map { " (\($0))" } ?? "")
  }

  /// What waits and until when, with the deadline measured from `origin`:
  /// `ContinuousClock sleep until 3.000s`, `DispatchQueue.main.asyncAfter until 1.000s`.
  package func described(relativeTo origin: Duration) -> String {
    Self.described(clock: clock, until: deadline - origin)
  }

  /// What waits on a timer of `clock` and until when: the words reports use for every timer.
  package static func described(clock: String, until: Duration) -> String {
    "\(clock)\(clock.hasSuffix("Clock") ? " sleep" : "") until \(until.secondsText)"
  }
}

/// What is left once no job is ready.
package struct IdleState: Equatable, Sendable {
  /// Whether jobs are ready: handed over by another thread since the last drain, or left by an
  /// interrupt or the runaway guard.
  package var hasReadyJobs: Bool
  /// The deadline of the earliest live timer.
  package var nextTimer: Duration?
  /// How many timers can still wake somebody.
  package var liveTimers: Int
  /// Labels of announced external work not yet finished, oldest first.
  package var externalWork: [String]

  package init(hasReadyJobs: Bool, nextTimer: Duration?, liveTimers: Int, externalWork: [String]) {
    self.hasReadyJobs = hasReadyJobs
    self.nextTimer = nextTimer
    self.liveTimers = liveTimers
    self.externalWork = externalWork
  }

  /// Nothing ready, no live timer, no external work: whoever still waits, waits forever.
  package var isQuiescent: Bool { !hasReadyJobs && liveTimers == 0 && externalWork.isEmpty }
}
