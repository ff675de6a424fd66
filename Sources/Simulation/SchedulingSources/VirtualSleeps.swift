/// `VirtualClock` sleeps: a continuation resumed when virtual time reaches the deadline.
struct VirtualSleep: TimerAction {
  let id: UInt64

  func isLive(in state: borrowing SimulationState) -> Bool { state.virtualSleepers[id] != nil }

  func fire(_ timer: Timer, in state: inout SimulationState) -> CheckedContinuation<Void, any Error>? {
    state.virtualSleepers.removeValue(forKey: id)
  }

  /// Never resumed: the continuation leaks with its task, which no session can reach.
  func keepWhenAbandoningSleepers(in state: inout SimulationState) -> Bool {
    _ = state.virtualSleepers.removeValue(forKey: id)
    return false
  }

  var lane: Lane { .free(thread: id &<< 3 | LaneTag.virtualSleep) }
}

extension SimulationCore {
  /// Suspends the caller until virtual time reaches `deadline`; cancellation ends it at once.
  func sleepVirtual(until deadline: Int64) async throws {
    let id = state.guarded { $0.takeSequence() }
    let tag = WorkTag.current
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let cancelled = state.guarded { state -> Bool in
          if Task.isCancelled { return true }
          state.virtualSleepers[id] = continuation
          state.arm(
            VirtualSleep(id: id), delay: deadline <= state.now ? 0 : deadline - state.now, label: tag?.label, clock: "VirtualClock",
            work: tag?.id, sequence: id)
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = state.guarded { $0.virtualSleepers.removeValue(forKey: id) }
      continuation?.resume(throwing: CancellationError())
    }
  }
}
