internal import HeapModule

extension SimulationCore {
  /// Drops every timer that can no longer wake anyone, wherever it stands in the heap, so that
  /// what it held (a cancelled work item's block and the work tag of whoever scheduled it) is
  /// let go now rather than when its deadline comes round.
  func purgeStaleTimers() -> Bool {
    runLoopTimers.sweep()
    var madeReady = false
    let dropped = state.guarded { state -> [any ReadyWork] in
      let all = state.timers.unordered
      guard all.contains(where: { !state.isLive($0) }) else { return [] }
      var kept: [Timer] = []
      var dropped: [any ReadyWork] = []
      // In the timers' own order (deadline, then when each was set), not the heap's storage
      // order, which depends on how the heap got there: the wake-ups made ready here join the
      // ready jobs, whose order a schedule picks from.
      for timer in all.sorted() {
        if state.isLive(timer) {
          kept.append(timer)
          continue
        }
        switch timer.action.dropped(timer) {
        case .task(let job, let onMain, let by)?:
          // The runtime frees a wake-up job only by running it.
          state.ready.append(.task(job, onMain: onMain, by: by))
          madeReady = true
        case .work(let work)?:
          dropped.append(work)
        case nil:
          break
        }
      }
      state.timers = Heap(kept)
      return dropped
    }
    // Releasing a block can run a closure's deinit, which may hand work back: outside the lock.
    for work in dropped { work.discard() }
    return madeReady || !dropped.isEmpty
  }

  /// Fires the earliest live timer due no later than `limit`, moving virtual now to its
  /// deadline. Returns false when there is none.
  func fireNextTimer(notAfter limit: Int64?) -> Bool {
    if observingTime.load(ordering: .relaxed) {
      let moves = state.guarded { state -> Bool in
        guard let first = state.nextLiveTimer(), limit.map({ first.deadline <= $0 }) ?? true else { return false }
        return first.deadline > state.now
      }
      if moves { timeWillMove() }
    }
    var continuation: CheckedContinuation<Void, any Error>?
    let fired = state.guarded { state -> Bool in
      guard let first = state.nextLiveTimer() else { return false }
      if let limit, first.deadline > limit { return false }
      let timer = state.takeTimer(first)
      state.moveNow(to: timer.deadline)
      continuation = timer.action.fire(timer, in: &state)
      return true
    }
    continuation?.resume()
    return fired
  }

  /// Tells the time observer that virtual now is about to move (outside every lock: it reads
  /// what was printed and may emit events).
  func timeWillMove() {
    guard observingTime.load(ordering: .relaxed), let observer = timeObserver.guarded({ $0 }) else { return }
    observer.body(())
  }

  /// Moves virtual now forward to `target`, telling the time observer first.
  func moveTime(to target: Int64) {
    if observingTime.load(ordering: .relaxed), state.guarded({ target > $0.now }) { timeWillMove() }
    state.guarded { $0.moveNow(to: target) }
  }
}
