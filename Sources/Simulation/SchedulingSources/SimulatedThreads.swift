internal import CSimulationRuntime

/// What the simulation says about its simulated threads (threads.c): names and waits, in words
/// that never depend on addresses.
enum SimulatedThreads {
  /// The thread as reports name it: `Thread 2 (work of `send worker`)`, or the block a worker runs.
  static func describe(_ id: Int32) -> String {
    name(of: id) + WorkTag.workOf(tag(of: id))
  }

  /// `Thread 2`, or `a block on DispatchQueue.global()` for a block's worker.
  static func name(of id: Int32) -> String {
    let number = vmrepl_simthread_number(id)
    if number > 0 {
      let name = String(cString: vmrepl_simthread_name(id))
      return name.isEmpty ? "Thread \(number)" : "Thread \(number) \"\(name)\""
    }
    return vmrepl_simthread_block_queue(id).map { "a block on \(DispatchBlock.appName(of: $0))" } ?? "a Dispatch block"
  }

  /// The clock a timed wait's timer is named by in reports.
  static func clockName(kind: Int32) -> String {
    switch Int(kind) {
    case Int(VMREPL_WAIT_SEMAPHORE): return "DispatchSemaphore.wait(timeout:)"
    case Int(VMREPL_WAIT_GROUP): return "DispatchGroup.wait(timeout:)"
    case Int(VMREPL_WAIT_CONDITION): return "NSCondition.wait(until:)"
    default: return "Thread.sleep"
    }
  }

  /// The work tag the thread carries, if any.
  static func tag(of id: Int32) -> WorkTag? {
    guard let pointer = vmrepl_simthread_tag(id) else { return nil }
    return Unmanaged<WorkTag>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// What a parked thread (or the blocked main thread) waits on.
  static func describeWait(kind: Int32, object: UnsafeMutableRawPointer?, deadline: Int64) -> String {
    let until = deadline >= 0 ? Duration.nanoseconds(deadline).secondsText : nil
    let timeout = until.map { " (times out at \($0))" } ?? ""
    switch Int(kind) {
    case Int(VMREPL_WAIT_SEMAPHORE): return "DispatchSemaphore.wait()\(timeout)"
    case Int(VMREPL_WAIT_GROUP): return "DispatchGroup.wait()\(timeout)"
    case Int(VMREPL_WAIT_MUTEX):
      let holder = object.map { Int(vmrepl_blocking_lock_holder($0)) } ?? -1
      let who = holder == 0 ? "the main thread" : holder > 0 ? describe(Int32(holder)) : "a thread outside the simulation"
      return "a lock (NSLock, pthread_mutex) held by \(who)"
    case Int(VMREPL_WAIT_CONDITION): return "a condition (NSCondition.wait, pthread_cond_wait)\(timeout)"
    // A main-thread block is reported from when to when, without its deadline: not "until ever".
    case Int(VMREPL_WAIT_SLEEP): return until.map { "a sleep until \($0)" } ?? "a sleep"
    case Int(VMREPL_WAIT_MAIN_SYNC): return "DispatchQueue.main.sync"
    case Int(VMREPL_WAIT_QUEUE):
      let queue = object.map(DispatchBlock.appName(of:)) ?? "a queue"
      return "a sync onto \(queue), which a blocked thread occupies"
    case Int(VMREPL_WAIT_JOIN): return "pthread_join on a thread that has not ended"
    default: return "something vmrepl does not know"
    }
  }

  /// Every parked thread, oldest first, with what it waits on.
  static func parked() -> [BlockedThread] {
    var ids = [Int32](repeating: 0, count: 256)
    let count = Int(vmrepl_simthreads_parked(&ids, Int32(ids.count)))
    return ids.prefix(count).map { id in
      BlockedThread(
        name: describe(id), thread: name(of: id), work: tag(of: id)?.id,
        waitsOn: describeWait(
          kind: vmrepl_simthread_wait_kind(id), object: vmrepl_simthread_wait_object(id),
          deadline: vmrepl_simthread_wait_deadline(id)),
        hasDeadline: vmrepl_simthread_wait_deadline(id) >= 0)
    }
  }
}

/// A simulated thread's turn: it starts, or goes on from where it parked (threads.c).
final class ThreadTurn: ReadyWork {
  let id: Int32

  init(id: Int32) { self.id = id }

  var onMain: Bool { false }
  var lane: Lane { SimulatedThreads.lane(of: id) }
  var workID: UInt64? { SimulatedThreads.tag(of: id)?.id }
  var description: String { SimulatedThreads.describe(id) }
  var offMainName: OffMainName { OffMainName(text: SimulatedThreads.describe(id)) }
  /// A start over leaves the program's parked threads behind for good.
  var isAbandonedWithParkedThreads: Bool { true }

  func info(candidate: Int?) -> ReadyJobInfo {
    let kind = vmrepl_simthread_wait_kind(id)
    let reason: ReadyJobInfo.Reason =
      kind == 0
      ? .threadStarts
      : .threadResumes(
        after: SimulatedThreads.describeWait(
          kind: kind, object: vmrepl_simthread_wait_object(id), deadline: vmrepl_simthread_wait_deadline(id)))
    return ReadyJobInfo(
      candidate: candidate, place: SimulatedThreads.name(of: id), code: nil, kind: .thread, task: nil,
      work: workID, reason: reason)
  }

  func run() { _ = vmrepl_simthread_resume(id) }
}

/// The deadline of a parked thread's timed wait or sleep, for its park `generation`.
struct ThreadDeadline: TimerAction {
  let id: Int32
  let generation: UInt64

  func isLive(in state: borrowing SimulationState) -> Bool { vmrepl_simthread_timer_live(id, generation) != 0 }

  func fire(_ timer: Timer, in state: inout SimulationState) -> CheckedContinuation<Void, any Error>? {
    if vmrepl_simthread_timer_fire(id, generation) != 0 { state.ready.append(.work(ThreadTurn(id: id))) }
    return nil
  }

  var lane: Lane { SimulatedThreads.lane(of: id) }
}

extension SimulatedThreads {
  /// A thread's lane: its own, free to run in any order.
  static func lane(of id: Int32) -> Lane {
    .free(thread: UInt64(UInt32(bitPattern: id)) &<< 3 | LaneTag.thread)
  }

  /// Fills the callback table's entries for simulated threads (threads.c, blocking.c).
  static func install(into callbacks: inout vmrepl_callbacks) {
    callbacks.thread_ready = { id in
      Simulation.shared.core.threadReady(id)
    }
    callbacks.thread_timer = { id, generation, delay in
      Simulation.shared.core.armThreadTimer(id: id, generation: generation, delay: delay)
    }
    callbacks.driver_wait = { _, deadline in
      Simulation.shared.core.driverWait(deadline: deadline)
    }
    callbacks.driver_deadlock = { kind in
      Simulation.shared.core.driverDeadlock(kind: kind)
    }
    callbacks.driver_unblocked = { kind, since in
      Simulation.shared.core.noteMainThreadBlocked(kind: kind, since: since)
    }
  }
}

extension SimulationCore {
  /// Simulated thread `id` can go on (threads.c).
  func threadReady(_ id: Int32) {
    enqueue(.work(ThreadTurn(id: id)))
  }

  /// Simulated thread `id` waits at most `delay` (for its park `generation`).
  func armThreadTimer(id: Int32, generation: UInt64, delay: Int64) {
    let tag = SimulatedThreads.tag(of: id)
    let clock = SimulatedThreads.clockName(kind: vmrepl_simthread_wait_kind(id))
    state.guarded { state in
      state.arm(ThreadDeadline(id: id, generation: generation), delay: delay, label: tag?.label, clock: clock, work: tag?.id)
    }
  }
}
