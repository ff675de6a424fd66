@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

/// What the simulation's two executors share: every job, and every job with a deadline, goes
/// to the one core, marked with the queue it came from.
protocol SimulationQueue: SchedulingExecutor {
  /// Whether the queue's jobs are the main actor's.
  var isMain: Bool { get }
}

extension SimulationQueue {
  // Reached through the process-wide instance: the core owns its queues, so they cannot own it.
  var simulation: SimulationCore { Simulation.shared.core }

  func enqueue(_ job: consuming ExecutorJob) {
    simulation.enqueue(UnownedJob(job), onMain: isMain)
  }
  var asScheduling: (any SchedulingExecutor)? { self }
  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    simulation.schedule(UnownedJob(job), at: instant, clock: clock)
  }
  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    simulation.schedule(UnownedJob(job), after: delay, clock: clock)
  }
}

/// The main executor: every `@MainActor` job lands here.
final class MainQueue: MainExecutor, SimulationQueue {
  var isMain: Bool { true }

  /// The driving thread counts as the main thread, except while it runs a global job.
  func isIsolatingCurrentContext() -> Bool? {
    simulation.isOnMainThread && !simulation.isRunningGlobalJob
  }
  func checkIsolated() {
    precondition(isIsolatingCurrentContext() == true, "not on the simulation's main actor")
  }

  /// Drives the simulation when the runtime hands it the main thread (an `async` main).
  func run() throws { try simulation.runMainLoop() }
  func stop() { simulation.requestStop() }
}

/// The default (global) executor: nonisolated jobs, task-group children and every sleep.
final class GlobalQueue: TaskExecutor, SimulationQueue {
  var isMain: Bool { false }
}

/// Hands the runtime the simulation's two queues.
struct SimulationExecutorFactory: ExecutorFactory {
  static var mainExecutor: any MainExecutor { Simulation.shared.core.mainQueue }
  static var defaultExecutor: any TaskExecutor { Simulation.shared.core.globalQueue }
}
