internal import CSimulationRuntime

/// A block handed to Dispatch that the simulation runs: its queue, the copied block, and the
/// work tag of whoever handed it over, so hidden work keeps its name across Dispatch.
final class DispatchBlock: ReadyWork, @unchecked Sendable {
  // Sendable: the block was copied for this value alone and is run or discarded exactly once,
  // on the driving thread; the queue and group are Dispatch objects, which are thread-safe.
  let queue: UnsafeMutableRawPointer
  let block: UnsafeMutableRawPointer
  let flags: Int32
  let group: UnsafeMutableRawPointer?
  let tag: WorkTag?

  init(queue: UnsafeMutableRawPointer, block: UnsafeMutableRawPointer, flags: Int32, group: UnsafeMutableRawPointer?, tag: WorkTag?) {
    self.queue = queue
    self.block = block
    self.flags = flags
    self.group = group
    self.tag = tag
    // Dispatch keeps a queue alive while blocks wait for it; a queue made in a function and
    // dropped when it returns must still run what was handed to it.
    vmrepl_dispatch_retain_queue(queue)
  }

  deinit {
    vmrepl_dispatch_release_queue(queue)
  }

  var isMain: Bool { flags & Int32(VMREPL_BLOCK_MAIN) != 0 }
  var isBarrier: Bool { flags & Int32(VMREPL_BLOCK_BARRIER) != 0 }

  /// Whether it is a cancelled `DispatchWorkItem`, which runs as nothing.
  var isCancelled: Bool { vmrepl_dispatch_is_cancelled(block) != 0 }

  /// The queue as every report names it, the way the app's code does: `DispatchQueue.main`,
  /// `DispatchQueue.global(qos: .utility)` for Dispatch's own root queues (labelled
  /// `com.apple.root.utility-qos`), otherwise its label.
  var appQueueName: String {
    isMain ? "DispatchQueue.main" : Self.appName(of: queue)
  }

  /// A queue other than main as the app's code names it.
  static func appName(of queue: UnsafeMutableRawPointer) -> String {
    appName(label: String(cString: vmrepl_dispatch_queue_label(queue)))
  }

  /// A queue other than main, by its label, as the app's code names it: one name per queue in
  /// every report (a block's place, a timer, a thread's wait).
  static func appName(label: String) -> String {
    let queueName = "DispatchQueue `\(label)`"
    let prefix = "com.apple.root."
    guard label.hasPrefix(prefix) else { return queueName }
    let qos = label.dropFirst(prefix.count).split(separator: "-qos").first.map(String.init) ?? ""
    let names = ["user-interactive": ".userInteractive", "user-initiated": ".userInitiated", "utility": ".utility", "background": ".background", "maintenance": ".background"]
    guard let name = names[qos] else { return "DispatchQueue.global()" }
    return "DispatchQueue.global(qos: \(name))"
  }

  // MARK: As ready work

  var onMain: Bool { isMain }
  var lane: Lane { isMain ? .main : .queue(queue) }
  var workID: UInt64? { tag?.id }
  var description: String { "a block on \(appQueueName)" }
  var offMainName: OffMainName {
    // The block is gone once it ran, its code addresses are not: they are read now. The queue
    // and the tag are read only for a warning: this value keeps the queue (retained until
    // deinit) and the tag, whose label never changes, and the job that ran it lives as long.
    let function = vmrepl_block_function(block).map { UInt(bitPattern: $0) }
    let invoke = vmrepl_block_invoke(block).map { UInt(bitPattern: $0) }
    // A barrier on a global queue is a plain block (Dispatch ignores it there): only a queue
    // the app made `.concurrent` waits for one.
    let exclusive = isBarrier && !isMain && vmrepl_dispatch_queue_is_concurrent(queue) != 0 && !appQueueName.hasPrefix("DispatchQueue.global")
    return OffMainName(isBarrierBlock: exclusive) { [self] in
      let code = CodeNames.name(of: function.flatMap(UnsafeRawPointer.init(bitPattern:)))
        ?? CodeNames.name(of: invoke.flatMap(UnsafeRawPointer.init(bitPattern:)))
      return (code ?? "a block") + " on \(appQueueName)" + WorkTag.workOf(tag)
    }
  }
  /// A block for a queue that a parked thread occupies waits for the thread.
  var mayRunNow: Bool { isMain || vmrepl_queue_is_busy(queue, isBarrier ? 1 : 0) == 0 }
  var isAbandonedWithParkedThreads: Bool { !isMain && vmrepl_queue_is_busy(queue, isBarrier ? 1 : 0) != 0 }

  func info(candidate: Int?) -> ReadyJobInfo {
    let code = CodeNames.name(of: vmrepl_block_function(block)) ?? CodeNames.name(of: vmrepl_block_invoke(block))
    return ReadyJobInfo(
      candidate: candidate, place: isMain ? "DispatchQueue.main" : appQueueName, code: code,
      kind: .block, task: nil, work: tag?.id, reason: .enqueued)
  }

  func discard() { vmrepl_dispatch_discard(block, group) }

  /// Runs the block on its queue and releases it: a main-queue block on the driving thread,
  /// any other on a pooled simulated thread, where it may block (and park) as on a device.
  func run() {
    if !isMain && vmrepl_threads_enabled() != 0 {
      let retained = tag.map { Unmanaged.passRetained($0).toOpaque() }
      if vmrepl_simthread_run_block(queue, block, flags, group, retained) >= 0 { return }
      if let retained { Unmanaged<WorkTag>.fromOpaque(retained).release() }
    }
    WorkTag.running(tag) { vmrepl_dispatch_run(queue, block, flags, group) }
  }
}

/// A block handed to `asyncAfter` (`dispatch_after`), waiting for its deadline.
struct DelayedBlock: TimerAction {
  let block: DispatchBlock
  /// Whether a Combine operator handed it over (a `debounce` on `DispatchQueue.main`).
  var combine = false

  func isLive(in state: borrowing SimulationState) -> Bool { !block.isCancelled }

  func fire(_ timer: Timer, in state: inout SimulationState) -> CheckedContinuation<Void, any Error>? {
    state.ready.append(.work(block))
    return nil
  }

  /// A cancelled work item runs as nothing; running it is what releases it.
  func dropped(_ timer: Timer) -> ReadyJob? { .work(block) }

  var lane: Lane { block.lane }
}

extension SimulationCore {
  /// Takes a Dispatch block: ready now (`delay` < 0) or a timer `delay` nanoseconds from now.
  func submit(_ block: DispatchBlock, delay: Int64) {
    guard delay >= 0 else { return enqueue(.work(block)) }
    let clock = block.isMain ? "DispatchQueue.main.asyncAfter" : "\(block.appQueueName).asyncAfter"
    // A pipeline's timer is its subscription's to cancel. The block's own function says whose
    // it is (OpenCombine's scheduler hands over a closure of its own), a look-up cached per
    // address: a walk of the stack at every `asyncAfter` cost seven eighths of its wake-ups.
    let combine = CodeNames.isCombine(function: vmrepl_block_function(block.block) ?? vmrepl_block_invoke(block.block))
    state.guarded {
      $0.arm(DelayedBlock(block: block, combine: combine), delay: delay, label: block.tag?.label, clock: clock, work: block.tag?.id)
    }
    if !isOnDriverThread { foreignArrivals.signal() }
  }

  /// Runs at once the blocks still waiting for `queue`, in their order, before a
  /// `dispatch_sync` on it: a serial queue runs what was handed to it first.
  func flush(queue: UnsafeMutableRawPointer) {
    let waiting = state.guarded { state -> [DispatchBlock] in
      var waiting: [DispatchBlock] = []
      state.ready.removeAll { ready in
        guard case .work(let work) = ready, let block = work as? DispatchBlock, !block.isMain, block.queue == queue else {
          return false
        }
        waiting.append(block)
        return true
      }
      return waiting
    }
    for block in waiting { run(.work(block)) }
  }
}

extension DispatchBlock {
  /// Fills the callback table's entries for Dispatch queues (dispatch.c).
  static func install(into callbacks: inout vmrepl_callbacks) {
    callbacks.submit = { queue, block, flags, delay, group in
      guard let queue, let block else { return }
      let item = DispatchBlock(queue: queue, block: block, flags: flags, group: group, tag: WorkTag.inherited)
      Simulation.shared.core.submit(item, delay: delay)
    }
    callbacks.flush = { queue in
      guard let queue else { return }
      Simulation.shared.core.flush(queue: queue)
    }
  }
}
