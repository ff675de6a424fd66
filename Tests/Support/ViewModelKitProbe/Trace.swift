import Simulation
import Synchronization
import ViewModelKit

/// Lines of `virtual-time event`, in the order they happened.
final class Trace: Sendable {
  private let lines = Mutex<[String]>([])

  func log(_ event: String) {
    let time = Simulation.shared.now.secondsText
    lines.withLock { $0.append("\(time) \(event)") }
  }

  var text: String { lines.withLock { $0.joined(separator: "\n") } }
}

let trace = Trace()

/// An operation that logs when it starts and how it ends: finished after `work`, or cancelled.
func operation(_ name: String, work: Duration = .seconds(2)) -> @Sendable () async -> Void {
  {
    trace.log("\(name) started")
    do {
      try await Task.sleep(for: work)
      trace.log("\(name) finished")
    } catch {
      trace.log("\(name) cancelled")
    }
  }
}

/// A handler whose warnings go to the trace.
func makeHandler() -> TaskEffectHandler {
  TaskEffectHandler { trace.log("warning: \($0)") }
}

/// Starts `connect()` in a task of its own, as a view's `.task` would, logging when it returns.
func connect(_ handler: TaskEffectHandler, _ name: String = "connect") -> Task<Void, Never> {
  Task {
    await handler.connect()
    trace.log("\(name) returned")
  }
}

/// Awaits `effect.completion` in a task of its own, logging when it returns.
func awaitCompletion(_ effect: Effect, _ name: String) -> Task<Void, Never> {
  Task {
    await effect.completion
    trace.log("\(name) completion returned")
  }
}

/// Runs every job and timer until nothing is left.
func settle() throws(SimulationError) {
  while try simulation.advanceToNextTimer() {}
}
