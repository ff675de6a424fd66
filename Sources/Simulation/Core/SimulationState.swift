internal import CSimulationRuntime
internal import DequeModule
internal import HeapModule

/// Everything the executors share, kept behind the simulation's one lock.
struct SimulationState: ~Copyable {
  var ready = Deque<ReadyJob>()
  /// Jobs handed over by other threads; admitted to `ready` only when a drain starts, so when
  /// they run does not depend on how far the current drain had got when they arrived.
  var inbox = Deque<ReadyJob>()
  var timers = Heap<Timer>()
  /// Continuations of `VirtualClock` sleeps by timer id; a missing id means the sleep ended.
  var virtualSleepers: [UInt64: CheckedContinuation<Void, any Error>] = [:]
  var nextSequence: UInt64 = 0
  /// Virtual now, in nanoseconds since the simulation started; set only through `setNow`.
  private(set) var now: Int64 = 0
  /// Labels of work announced as happening outside the executor (a real network request).
  var externalWork: [UInt64: String] = [:]
  /// The newest arming of each run loop timer descriptor; older timers for it are stale.
  var runLoopGenerations = RunLoopGenerations()
  /// Whether a run loop pass the simulation made is under way (see `RunLoopPass.run`).
  var inRunLoopPass = false
  /// In such a pass, the newest arming of each descriptor: added to `timers` when it ends.
  var passArmings: [RunLoopArming] = []
  /// Scheduling sources the program used that the simulation does not control, in order.
  var unsupported: [String] = []
  /// Chooses among the orders the runtime allows; nil runs first in, first out.
  var scheduler: Scheduler?
  /// Reused by every choice point, so that choosing allocates nothing: taken out with `swap`
  /// while in use (a copy would share the buffer, and the first append would copy it).
  var candidateScratch: [Candidate] = []
  /// Reused by every timer choice point for the timers due together, the same way.
  var timerScratch: [Timer] = []

  /// Moves virtual now, for Swift and for the C runtime's clocks alike.
  mutating func setNow(_ nanoseconds: Int64) {
    now = nanoseconds
    vmrepl_clock_set_now(nanoseconds)
  }

  /// Moves virtual now forward to `nanoseconds`; never back.
  mutating func moveNow(to nanoseconds: Int64) {
    setNow(max(now, nanoseconds))
  }

  mutating func admitInbox() {
    if inbox.isEmpty { return }
    ready.append(contentsOf: inbox)
    inbox.removeAll()
  }

  mutating func takeSequence() -> UInt64 {
    nextSequence &+= 1
    return nextSequence
  }

  /// Adds a timer `delay` nanoseconds from now (`delay` below 0 counts as 0).
  mutating func arm(
    _ action: some TimerAction, delay: Int64, label: String?, clock: String, work: UInt64?,
    sequence: UInt64? = nil
  ) {
    timers.insert(
      Timer(
        deadline: now &+ max(0, delay), sequence: sequence ?? takeSequence(), action: action,
        label: label, clock: clock, work: work))
  }

  /// Whether a timer still stands for a sleep that can wake someone.
  func isLive(_ timer: Timer) -> Bool {
    timer.action.isLive(in: self)
  }

  /// Removes timers at the top of the heap that no longer wake anyone; a stale wake-up job is
  /// made ready so the runtime can free what it holds (it does nothing else).
  mutating func dropStaleTimers() {
    _ = nextLiveTimer()
  }

  /// Whether some ready job may run now: a block for a queue a parked thread occupies may not.
  var hasRunnableJob: Bool {
    if ready.isEmpty { return false }
    if vmrepl_queue_busy_count() == 0 { return true }
    return ready.contains { $0.isRunnable(excludingMain: false) }
  }

  /// The earliest timer that still matters; the stale ones before it are dropped as
  /// `dropStaleTimers` says.
  mutating func nextLiveTimer() -> Timer? {
    // Inside a run loop pass whose job blocks, time moves: its armings so far are where it stops.
    armPassArmings()
    while let top = timers.min {
      if isLive(top) { return top }
      let timer = timers.removeMin()
      if let job = timer.action.dropped(timer) { ready.append(job) }
    }
    return nil
  }
}
