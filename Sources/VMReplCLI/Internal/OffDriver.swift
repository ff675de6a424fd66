import Foundation
import Synchronization

/// Runs blocking work of the front end (child processes, file reads) on a thread of its own.
///
/// On the simulation's driving thread every Dispatch block and run loop timer runs on the
/// simulation, only when a step drives it; work that waits for a child process must not be
/// there, or it would wait for itself.
enum OffDriver {
  static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let box = Mutex<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let value = body()
      box.withLock { $0 = value }
      done.signal()
    }
    done.wait()
    return box.withLock { $0! }
  }
}
