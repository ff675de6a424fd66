import Dispatch
import Foundation
import Synchronization

/// Runs `body` to completion from synchronous code and returns what it gave.
///
/// The async work runs on a thread of its own (a task executor preference), never on the
/// process's default executor: in a process where the simulation owns that executor (the
/// interactive REPL), a task there would only run when a step drives it, and waiting for it
/// would wait forever.
///
/// ```swift
/// let result = try runBlocking { try await ChildProcess.run("/usr/bin/env", ["true"]) }
/// ```
public func runBlocking<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
  let box = Mutex<Result<Value, any Error>?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task(executorPreference: ThreadExecutor.shared) {
    let result: Result<Value, any Error>
    do { result = .success(try await body()) } catch { result = .failure(error) }
    box.withLock { $0 = result }
    done.signal()
  }
  done.wait()
  return try box.withLock { $0! }.get()
}

/// A task executor that runs jobs one after another on a thread it owns.
final class ThreadExecutor: TaskExecutor {
  static let shared = ThreadExecutor()

  private let jobs = Mutex<[UnownedJob]>([])
  private let wake = DispatchSemaphore(value: 0)

  private init() {
    Thread.detachNewThread { [self] in
      while true {
        wake.wait()
        let batch = jobs.withLock { jobs in
          defer { jobs.removeAll() }
          return jobs
        }
        for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
      }
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
    wake.signal()
  }
}
