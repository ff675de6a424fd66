internal import CSimulationRuntime

/// A block handed to Dispatch that the simulation runs: its queue, the copied block, and the
/// work tag of whoever handed it over, so hidden work keeps its name across Dispatch.
final class DispatchBlock: @unchecked Sendable {
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

  /// The queue as reports name it: `DispatchQueue.main` or the queue's label.
  var queueName: String {
    isMain ? "DispatchQueue.main" : "DispatchQueue `\(String(cString: vmrepl_dispatch_queue_label(queue)))`"
  }

  /// The queue as the app's code names it: `DispatchQueue.global(qos: .utility)` for Dispatch's
  /// own root queues (labelled `com.apple.root.utility-qos`), otherwise `queueName`.
  var appQueueName: String {
    isMain ? queueName : Self.appName(of: queue)
  }

  /// A queue other than main as the app's code names it.
  static func appName(of queue: UnsafeMutableRawPointer) -> String {
    let label = String(cString: vmrepl_dispatch_queue_label(queue))
    let queueName = "DispatchQueue `\(label)`"
    let prefix = "com.apple.root."
    guard label.hasPrefix(prefix) else { return queueName }
    let qos = label.dropFirst(prefix.count).split(separator: "-qos").first.map(String.init) ?? ""
    let names = ["user-interactive": ".userInteractive", "user-initiated": ".userInitiated", "utility": ".utility", "background": ".background", "maintenance": ".background"]
    guard let name = names[qos] else { return "DispatchQueue.global()" }
    return "DispatchQueue.global(qos: \(name))"
  }

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

/// A timer of the run loop or of a Dispatch timer source that fell due: what runs it, and whose
/// work it is. A class, so that jobs and timers stay small on the hot paths of sleeps and yields.
final class TimerFiring: Sendable {
  enum Kind: Sendable {
    /// The run loop timers behind descriptor `fd`.
    case runLoop(fd: Int32)
    /// Dispatch timer source `id`, for arming `generation`.
    case source(id: Int32, generation: UInt64)
  }

  let kind: Kind
  let onMain: Bool
  let tag: WorkTag?

  init(_ kind: Kind, onMain: Bool, tag: WorkTag?) {
    self.kind = kind
    self.onMain = onMain
    self.tag = tag
  }

  /// Runs the firing: one run loop pass, or the source's handler on its queue.
  func run() {
    WorkTag.running(tag) {
      switch kind {
      case .runLoop(let fd):
        vmrepl_runloop_fire(fd)
        // CF invalidates a one-shot timer after its callout, inside the pass.
        Simulation.shared.core.runLoopTimers.sweep()
      case .source(let id, let generation): vmrepl_source_timer_fire(id, generation)
      }
    }
  }
}
