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
  /// Virtual now, in nanoseconds since the simulation started.
  var now: Int64 = 0
  /// Labels of work announced as happening outside the executor (a real network request).
  var externalWork: [UInt64: String] = [:]
  /// The newest arming of each run loop timer descriptor; older timers for it are stale.
  var runLoopGenerations: [Int32: UInt64] = [:]
  /// Scheduling sources the program used that the simulation does not control, in order.
  var unsupported: [String] = []
  /// Chooses among the orders the runtime allows; nil runs first in, first out.
  var scheduler: Scheduler?
  /// Reused by every choice point, so that choosing allocates nothing.
  var candidateScratch: [Candidate] = []

  mutating func admitInbox() {
    if inbox.isEmpty { return }
    ready.append(contentsOf: inbox)
    inbox.removeAll()
  }

  mutating func takeSequence() -> UInt64 {
    nextSequence &+= 1
    return nextSequence
  }

  /// Whether a timer still stands for a sleep that can wake someone.
  func isLive(_ timer: Timer) -> Bool {
    switch timer.action {
    case .job(_, let sleeper): return !(sleeper?.isCancelled ?? false)
    case .virtualSleep(let id): return virtualSleepers[id] != nil
    case .block(let block): return !block.isCancelled
    case .thread(let id, let generation): return vmrepl_simthread_timer_live(id, generation) != 0
    case .firing(let firing, let generation):
      switch firing.kind {
      case .runLoop(let fd): return runLoopGenerations[fd] == generation && vmrepl_runloop_has_timer() != 0
      case .source(let id, _): return vmrepl_source_timer_is_live(id, generation) != 0
      }
    }
  }

  /// Removes timers at the top of the heap that no longer wake anyone; a stale wake-up job is
  /// made ready so the runtime can free what it holds (it does nothing else).
  mutating func dropStaleTimers() {
    while let top = timers.min, !isLive(top) {
      let timer = timers.removeMin()
      switch timer.action {
      case .job(let job, let sleeper):
        sleeper?.release()
        ready.append(.task(job, onMain: false, by: ReadyBy.woken(timer)))
      case .block(let block):
        // A cancelled work item runs as nothing; running it is what releases it.
        ready.append(.block(block))
      case .virtualSleep, .firing, .thread:
        break
      }
    }
  }

  /// Whether some ready job may run now: a block for a queue a parked thread occupies may not.
  var hasRunnableJob: Bool {
    if ready.isEmpty { return false }
    if vmrepl_queue_busy_count() == 0 { return true }
    return ready.contains { $0.isRunnable(excludingMain: false) }
  }

  /// The earliest timer that still matters.
  mutating func nextLiveTimer() -> Timer? {
    dropStaleTimers()
    return timers.min
  }
}
