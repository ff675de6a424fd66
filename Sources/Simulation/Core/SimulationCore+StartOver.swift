internal import CSimulationRuntime
internal import HeapModule

extension SimulationCore {
  /// Drops the timers of sleeping tasks and delayed blocks, so that what they would wake never
  /// runs (the tasks stay suspended, as quarantined ones do), and invalidates the run loop's
  /// timers in Foundation itself (their deadline is then no longer live). Timer-source firings
  /// stay: cancelling a Dispatch source runs its cancel handler, the program's code.
  func abandonSleepers() {
    runLoopTimers.invalidateAll()
    state.guarded { state in
      var kept = Heap<Timer>()
      for timer in state.timers.unordered where timer.action.keepWhenAbandoningSleepers(in: &state) {
        kept.insert(timer)
      }
      state.timers = kept
    }
    abandonParkedThreads()
  }

  /// Lets go of the Dispatch blocks waiting for their deadline (`asyncAfter`) without running
  /// them, as a cancelled work item is let go: what they hold (a view-model a delayed save captured)
  /// is released as at the end of any session, and nothing of them runs in the next.
  func releaseDelayedBlocks() {
    let released = state.guarded { state -> [DispatchBlock] in
      var kept = Heap<Timer>()
      var released: [DispatchBlock] = []
      for timer in state.timers.unordered {
        if let delayed = timer.action as? DelayedBlock { released.append(delayed.block) } else { kept.insert(timer) }
      }
      if !released.isEmpty { state.timers = kept }
      return released
    }
    // Outside the lock, as every release of a block: a deinit may schedule work (then the start
    // over fails, and the worker is replaced).
    for block in released { block.discard() }
  }

  /// Drops every timer, run-loop and timer-source firings too, and leaves parked threads behind:
  /// nothing an abandoned session armed fires again.
  func abandonTimers() {
    abandonSleepers()
    state.guarded { $0.timers = Heap<Timer>() }
  }

  /// Leaves the program's parked threads behind for good, as a device leaves a thread blocked
  /// forever, with the blocks waiting for queues they occupy: nothing of an abandoned session
  /// runs in the next.
  func abandonParkedThreads() {
    let dropped = state.guarded { state -> [any ReadyWork] in
      var dropped: [any ReadyWork] = []
      state.ready.removeAll { job in
        guard case .work(let work) = job, work.isAbandonedWithParkedThreads else { return false }
        dropped.append(work)
        return true
      }
      return dropped
    }
    // Outside the lock, as every release of a block.
    for work in dropped { work.discard() }
    vmrepl_threads_reset()
  }

  /// What keeps `restart` from starting fresh, one phrase each (empty when it can), in a fixed
  /// order: what a report says of a process that could not start over.
  func freshStartBlockers() -> [String] {
    var blockers: [String] = []
    if runaway.hasQuarantined { blockers.append("a task stopped as a runaway, which could still run") }
    let threads = vmrepl_threads_alive()
    if threads > 0 { blockers.append(threads == 1 ? "a thread of the program still alive" : "\(threads) threads of the program still alive") }
    var runLoopLive = !runLoopTimers.pending(now: 0).isEmpty
    blockers += state.guarded { state -> [String] in
      var found: [String] = []
      if !state.ready.isEmpty || !state.inbox.isEmpty { found.append("jobs ready to run") }
      // Live ones only: a stale timer behind a live one stays in the heap until it is reached.
      for timer in state.timers.unordered.sorted() where state.isLive(timer) {
        // The run loop's own deadline stands for the timers `RunLoopTimers` follows: said once, below.
        if timer.action.isRunLoopDeadline {
          runLoopLive = true
          continue
        }
        found.append("a timer on \(timer.clock)" + (timer.label.map { " (work of `\($0)`)" } ?? ""))
      }
      for work in state.externalWork.sorted(by: { $0.key < $1.key }) { found.append("\(work.value) under way") }
      if !state.virtualSleepers.isEmpty { found.append("a sleep on a virtual clock") }
      return found
    }
    if runLoopLive { blockers.append("a run loop timer") }
    return blockers
  }

  /// Starts over at virtual time 0 with a fresh wall clock and random source, when nothing is
  /// ready, no timer is live, nothing outside runs and no task is quarantined.
  func restart() -> Bool {
    guard !runaway.hasQuarantined, vmrepl_threads_alive() == 0 else { return false }
    return state.guarded { state in
      state.dropStaleTimers()
      guard state.ready.isEmpty, state.inbox.isEmpty, state.timers.isEmpty, state.externalWork.isEmpty,
        state.virtualSleepers.isEmpty
      else { return false }
      state.setNow(0)
      state.nextSequence = 0
      jobsRun.store(0, ordering: .relaxed)
      pauseAfterJob.store(0, ordering: .relaxed)
      pauseHandler.guarded { $0 = nil }
      state.runLoopGenerations = RunLoopGenerations()
      state.inRunLoopPass = false
      state.passArmings.removeAll()
      state.unsupported = []
      vmrepl_world_reset()
      return true
    }
  }
}
