internal import CSimulationRuntime

/// A Dispatch timer source's handler, due on its queue for the source's arming `generation`.
final class SourceTimerFiring: ReadyWork {
  let id: Int32
  let generation: UInt64
  let onMain: Bool
  let tag: WorkTag?

  init(id: Int32, generation: UInt64, onMain: Bool, tag: WorkTag?) {
    self.id = id
    self.generation = generation
    self.onMain = onMain
    self.tag = tag
  }

  /// Off the main queue its queue is not known here: it keeps its order against every block.
  var lane: Lane { onMain ? .main : .dispatchFiring }
  var workID: UInt64? { tag?.id }
  var description: String { "a DispatchSourceTimer handler" }
  var offMainName: OffMainName { OffMainName(text: "a DispatchSourceTimer handler" + WorkTag.workOf(tag)) }

  func info(candidate: Int?) -> ReadyJobInfo {
    ReadyJobInfo(
      candidate: candidate, place: onMain ? "the main thread" : "its queue", code: nil, kind: .sourceTimer,
      task: nil, work: tag?.id, reason: .timerFired)
  }

  func run() {
    let core = Simulation.shared.core
    let outer = core.firingSource.exchange(id, ordering: .relaxed)
    WorkTag.running(tag) { vmrepl_source_timer_fire(id, generation) }
    core.firingSource.store(outer, ordering: .relaxed)
  }
}

/// A timer source's next firing; older armings of the source are stale.
struct SourceTimerDeadline: TimerAction {
  let firing: SourceTimerFiring
  /// Whether a Combine operator set the source (OpenCombine's `DispatchQueue` scheduler).
  var combine = false

  func isLive(in state: borrowing SimulationState) -> Bool {
    vmrepl_source_timer_is_live(firing.id, firing.generation) != 0
  }

  func fire(_ timer: Timer, in state: inout SimulationState) -> CheckedContinuation<Void, any Error>? {
    state.ready.append(.work(firing))
    return nil
  }

  /// Dispatch would arm it again: abandoning sleepers keeps it.
  func keepWhenAbandoningSleepers(in state: inout SimulationState) -> Bool { true }

  var lane: Lane { firing.lane }
}

extension SimulationCore {
  /// A Dispatch timer source fires after `delay`; its older armings are stale.
  func armSourceTimer(id: Int32, generation: UInt64, delay: Int64, onMain: Bool) {
    let tag = WorkTag.inherited
    let queue = onMain ? "DispatchQueue.main" : DispatchBlock.appName(label: String(cString: vmrepl_source_timer_queue_label(id)))
    let firing = SourceTimerFiring(id: id, generation: generation, onMain: onMain, tag: tag)
    // Who set the source is read once: its own firing arms it again (a repeating timer).
    let combine: Bool
    if firingSource.load(ordering: .relaxed) == id {
      combine = sourceTimersByCombine.guarded { $0.contains(id) }
    } else {
      combine = isOnDriverThread && CodeNames.stackIncludes(modules: CodeNames.combineModules)
      sourceTimersByCombine.guarded { set in
        if combine { set.insert(id) } else { set.remove(id) }
      }
    }
    state.guarded { state in
      state.arm(
        SourceTimerDeadline(firing: firing, combine: combine), delay: delay, label: tag?.label,
        clock: "DispatchSourceTimer on \(queue)", work: tag?.id)
    }
    if !isOnDriverThread { foreignArrivals.signal() }
  }
}

extension SourceTimerFiring {
  /// Fills the callback table's entry for Dispatch timer sources (sources.c).
  static func install(into callbacks: inout vmrepl_callbacks) {
    callbacks.source_timer = { id, generation, delay, isMain in
      Simulation.shared.core.armSourceTimer(id: id, generation: generation, delay: delay, onMain: isMain != 0)
    }
  }
}
