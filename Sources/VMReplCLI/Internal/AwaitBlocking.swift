import Dispatch
import Simulation
import Synchronization

/// Runs async work to its end from a synchronous command and returns its value.
///
/// Only for commands that never install the simulation (`replay`): there the default executor
/// is the real one, so the task runs while this thread waits. In a process where the simulation
/// owns the executor, the task would wait for a step that never comes.
func awaitBlocking<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
  precondition(!Simulation.isInstalled, "awaitBlocking needs the real executor")
  let box = Mutex<Value?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    let value = await body()
    box.withLock { $0 = value }
    done.signal()
  }
  done.wait()
  return box.withLock { $0! }
}
