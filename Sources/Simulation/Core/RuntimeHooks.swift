internal import CSimulationRuntime

/// The functions the interposed runtime calls (see CSimulationRuntime.h): each scheduling source
/// fills its own entries (`install(into:)` in its file); the rest are shared.
enum RuntimeHooks {
  /// The table, at an address that stays valid for the life of the process (it is never freed);
  /// made once, by `Simulation.install()`.
  static func makeCallbacks() -> UnsafeMutablePointer<vmrepl_callbacks> {
    var callbacks = vmrepl_callbacks()
    DispatchBlock.install(into: &callbacks)
    RunLoopTimers.install(into: &callbacks)
    SourceTimerFiring.install(into: &callbacks)
    SimulatedThreads.install(into: &callbacks)
    installShared(into: &callbacks)
    let pointer = UnsafeMutablePointer<vmrepl_callbacks>.allocate(capacity: 1)
    pointer.initialize(to: callbacks)
    return pointer
  }

  /// Work outside the simulation, work tags across threads, URLSession, unsupported sources.
  private static func installShared(into callbacks: inout vmrepl_callbacks) {
    callbacks.external_begin = { label in
      Simulation.shared.core.beginExternal(label.map { String(cString: $0) } ?? "work on another thread")
    }
    callbacks.external_end = { id in
      Simulation.shared.core.endExternal(id)
    }
    callbacks.wake = {
      Simulation.shared.core.foreignArrivals.signal()
    }
    callbacks.unsupported = { what in
      Simulation.shared.core.noteUnsupported(what.map { String(cString: $0) } ?? "")
    }
    callbacks.tag_retain = {
      WorkTag.inherited.map { Unmanaged.passRetained($0).toOpaque() }
    }
    callbacks.tag_release = { tag in
      guard let tag else { return }
      Unmanaged<WorkTag>.fromOpaque(tag).release()
    }
    callbacks.protocol_classes = { classes in
      guard let first = Simulation.shared.firstURLProtocol.guarded({ $0 }) else { return classes }
      return ProtocolClasses.prepending(first.type, to: classes)
    }
    callbacks.task_resumed = { task in
      guard let task, let observer = Simulation.shared.taskResumed.guarded({ $0 }) else { return }
      observer.body(task)
    }
  }
}
