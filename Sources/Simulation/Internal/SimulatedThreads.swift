internal import CSimulationRuntime

/// What the simulation says about its simulated threads (threads.c): names and waits, in words
/// that never depend on addresses.
enum SimulatedThreads {
  /// The thread as reports name it: `Thread 2 (work of `send worker`)`, or the block a worker runs.
  static func describe(_ id: Int32) -> String {
    var text = name(of: id)
    if let tag = tag(of: id) { text += " (work of `\(tag.label)`)" }
    return text
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
    case Int(VMREPL_WAIT_SLEEP): return "a sleep until \(until ?? "ever")"
    case Int(VMREPL_WAIT_MAIN_SYNC): return "DispatchQueue.main.sync"
    case Int(VMREPL_WAIT_QUEUE):
      let label = object.map { String(cString: vmrepl_dispatch_queue_label($0)) } ?? "?"
      return "a sync onto DispatchQueue `\(label)`, which a blocked thread occupies"
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
