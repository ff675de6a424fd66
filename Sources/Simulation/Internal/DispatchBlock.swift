internal import CSimulationRuntime

/// A block handed to Dispatch that the simulation runs: its queue, the copied block, and the
/// work tag of whoever handed it over, so hidden work keeps its name across Dispatch.
struct DispatchBlock: @unchecked Sendable {
  // Sendable: the block was copied for this value alone and is run or discarded exactly once,
  // on the driving thread; the queue and group are Dispatch objects, which are thread-safe.
  let queue: UnsafeMutableRawPointer
  let block: UnsafeMutableRawPointer
  let flags: Int32
  let group: UnsafeMutableRawPointer?
  let tag: WorkTag?

  var isMain: Bool { flags & Int32(VMREPL_BLOCK_MAIN) != 0 }

  /// Whether it is a cancelled `DispatchWorkItem`, which runs as nothing.
  var isCancelled: Bool { vmrepl_dispatch_is_cancelled(block) != 0 }

  /// The queue as reports name it: `DispatchQueue.main` or the queue's label.
  var queueName: String {
    isMain ? "DispatchQueue.main" : "DispatchQueue `\(String(cString: vmrepl_dispatch_queue_label(queue)))`"
  }

  /// Runs the block on its queue and releases it.
  func run() {
    if let tag {
      WorkTag.$current.withValue(tag) { vmrepl_dispatch_run(queue, block, flags, group) }
    } else {
      vmrepl_dispatch_run(queue, block, flags, group)
    }
  }
}
