/// Work a scheduling source made ready that is not a Swift job: a Dispatch block, a run-loop
/// pass, a timer source's handler, a simulated thread's turn.
///
/// A scheduling source is described in one file of this folder: a conformer of this protocol for
/// what it makes ready, a conformer of `TimerAction` for what it arms, the functions that accept
/// its work from the C runtime, and `install(into:)`, which fills its entries of the C callback
/// table. Swift's own task jobs stay a case of `ReadyJob` (see `SwiftTasks.swift`): they are the
/// hot path of every hand-off, and an existential there would cost an allocation per job.
protocol ReadyWork: AnyObject, Sendable {
  /// Whether it runs as the main thread (the main lane).
  var onMain: Bool { get }
  /// The serial lane it keeps its order on, which fixes what may overtake it.
  var lane: Lane { get }
  /// The id of the `WorkTag` it runs as, if any.
  var workID: UInt64? { get }
  /// The job as `ready` lists it.
  func info(candidate: Int?) -> ReadyJobInfo
  /// What it is, short, as a departure names it: `a block on DispatchQueue.main`.
  var description: String { get }
  /// What it is, as a main-thread warning names it when it runs off the main lane.
  var offMainName: OffMainName { get }
  /// Whether it may run now, leaving aside the main lane (a block for a queue that a parked
  /// thread occupies may not).
  var mayRunNow: Bool { get }
  /// Whether `startOver` leaves it behind with the parked threads it belongs to or waits for.
  var isAbandonedWithParkedThreads: Bool { get }
  /// Runs it, on the driving thread or on a simulated thread.
  func run()
  /// Lets it go without running it, outside the simulation's lock (releasing it may run a
  /// closure's deinit, which can hand work back).
  func discard()
}

extension ReadyWork {
  var mayRunNow: Bool { true }
  var isAbandonedWithParkedThreads: Bool { false }
  func discard() {}
}

extension WorkTag {
  /// ` (work of `send refresh`)`, as a job's name in reports says whose work it is; nothing for
  /// untagged work.
  static func workOf(_ tag: WorkTag?) -> String {
    tag.map { " (work of `\($0.label)`)" } ?? ""
  }
}

/// What a timer does when it fires: one conformer per scheduling source that arms timers.
protocol TimerAction {
  /// Whether it still stands for a wake-up that matters (not cancelled, not re-armed).
  func isLive(in state: borrowing SimulationState) -> Bool
  /// Fires it: makes what it wakes ready, or hands back the continuation to resume once the
  /// simulation's lock is let go.
  func fire(_ timer: Timer, in state: inout SimulationState) -> CheckedContinuation<Void, any Error>?
  /// The timer is dropped as stale, once: lets go of what it holds and returns the job that,
  /// run, frees the rest (a sleep's wake-up job, a cancelled work item); nil when none must run.
  func dropped(_ timer: Timer) -> ReadyJob?
  /// `startOver` abandons sleepers: whether this timer stays (a firing Foundation or Dispatch
  /// would arm again) or is dropped, after letting go of what it holds.
  func keepWhenAbandoningSleepers(in state: inout SimulationState) -> Bool
  /// The lane of what it wakes, for the order timers due at one instant may fire in.
  var lane: Lane { get }
  /// Whether it is the run loop's own deadline, which stands for timers `RunLoopTimers` lists.
  var isRunLoopDeadline: Bool { get }
}

extension TimerAction {
  func dropped(_ timer: Timer) -> ReadyJob? { nil }
  func keepWhenAbandoningSleepers(in state: inout SimulationState) -> Bool { false }
  var isRunLoopDeadline: Bool { false }
}
