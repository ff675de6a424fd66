internal import CSimulationRuntime

/// The functions the interposed runtime calls (see CSimulationRuntime.h).
enum RuntimeHooks {
  /// The table, at an address that stays valid for the life of the process (it is never freed);
  /// made once, by `Simulation.install()`.
  static func makeCallbacks() -> UnsafeMutablePointer<vmrepl_callbacks> {
    let pointer = UnsafeMutablePointer<vmrepl_callbacks>.allocate(capacity: 1)
    pointer.initialize(
      to: vmrepl_callbacks(
        submit: { queue, block, flags, delay, group in
          guard let queue, let block else { return }
          let item = DispatchBlock(queue: queue, block: block, flags: flags, group: group, tag: WorkTag.inherited)
          Simulation.shared.core.submit(item, delay: delay)
        },
        flush: { queue in
          guard let queue else { return }
          Simulation.shared.core.flush(queue: queue)
        },
        runloop_timer: { fd, delay in
          Simulation.shared.core.armRunLoopTimer(fd: fd, delay: delay)
        },
        external_begin: { label in
          Simulation.shared.core.beginExternal(label.map { String(cString: $0) } ?? "work on another thread")
        },
        external_end: { id in
          Simulation.shared.core.endExternal(id)
        },
        wake: {
          Simulation.shared.core.foreignArrivals.signal()
        },
        unsupported: { what in
          Simulation.shared.core.noteUnsupported(what.map { String(cString: $0) } ?? "")
        },
        source_timer: { id, generation, delay, isMain in
          Simulation.shared.core.armSourceTimer(id: id, generation: generation, delay: delay, onMain: isMain != 0)
        },
        runloop_timer_added: { timer in
          guard let timer else { return }
          Simulation.shared.core.runLoopTimers.added(timer)
        },
        runloop_timer_invalidated: { _ in
          Simulation.shared.core.runLoopTimers.sweep()
        },
        runloop_timer_fire: { timer, callout, info in
          guard let timer, let callout else { return }
          Simulation.shared.core.runLoopTimers.fire(timer, callout: callout, info: info)
        },
        tag_retain: {
          WorkTag.inherited.map { Unmanaged.passRetained($0).toOpaque() }
        },
        tag_release: { tag in
          guard let tag else { return }
          Unmanaged<WorkTag>.fromOpaque(tag).release()
        },
        protocol_classes: { classes in
          guard let first = Simulation.shared.firstURLProtocol.guarded({ $0 }) else { return classes }
          return ProtocolClasses.prepending(first.type, to: classes)
        },
        task_resumed: { task in
          guard let task, let observer = Simulation.shared.taskResumed.guarded({ $0 }) else { return }
          observer(task)
        },
        thread_ready: { id in
          Simulation.shared.core.threadReady(id)
        },
        thread_timer: { id, generation, delay in
          Simulation.shared.core.armThreadTimer(id: id, generation: generation, delay: delay)
        },
        driver_wait: { _, deadline in
          Simulation.shared.core.driverWait(deadline: deadline)
        },
        driver_deadlock: { kind in
          Simulation.shared.core.driverDeadlock(kind: kind)
        },
        driver_unblocked: { kind, since in
          Simulation.shared.core.noteMainThreadBlocked(kind: kind, since: since)
        }))
    return pointer
  }
}
