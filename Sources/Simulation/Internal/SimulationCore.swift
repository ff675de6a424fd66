@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
internal import CSimulationClock
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The run queue, the timers and the driving loop behind `Simulation`.
final class SimulationCore: Sendable {
  let state = Mutex(SimulationState())
  let mainQueue = MainQueue()
  let globalQueue = GlobalQueue()

  let driverThread = Atomic<UInt>(0)
  /// Wall time at which the job now running started, 0 between jobs.
  let runningJobStart = Atomic<Int64>(0)
  let runningGlobalJob = Atomic<Bool>(false)
  let interruptRequested = Atomic<Bool>(false)
  let stopRequested = Atomic<Bool>(false)
  let jobsThisStep = Atomic<Int>(0)
  let maxJobsPerStep = Atomic<Int>(5_000_000)
  let watchdogNanoseconds = Atomic<Int64>(10_000_000_000)
  let stepName = Mutex("")
  let watchdogHint = Mutex("")
  /// Signalled whenever another thread hands over work, so a waiting driver wakes up.
  let foreignArrivals = DispatchSemaphore(value: 0)

  var isOnDriverThread: Bool { currentThreadID() == driverThread.load(ordering: .relaxed) }
  var isRunningGlobalJob: Bool { runningGlobalJob.load(ordering: .relaxed) }

  // MARK: Accepting work

  func enqueue(_ job: UnownedJob, onMain: Bool) {
    if isOnDriverThread {
      state.withLock { $0.ready.append(ReadyJob(job: job, onMain: onMain)) }
    } else {
      state.withLock { $0.inbox.append(ReadyJob(job: job, onMain: onMain)) }
      foreignArrivals.signal()
    }
  }

  func schedule<C: Clock>(_ job: UnownedJob, at instant: C.Instant, clock: C) {
    if isOnDriverThread && vmrepl_clock_is_active() != 0 {
      // The sleeper read the same virtual clock: the difference is exactly its delay.
      addTimer(job, delay: max(0, Self.nanoseconds(clock.now.duration(to: instant))), clock: Self.name(of: C.self))
      return
    }
    // Without the virtual runtime clock (another platform, a static runtime), recover the delay
    // from real-clock readings. Read the sleeper's clock before the wall clock: `measuredAt` must not be earlier than the
    // reading behind `lower`, or the window would end short of the true delay.
    let lower = Self.nanoseconds(clock.now.duration(to: instant))
    let measuredAt = wallNanoseconds()
    let jobStart = isOnDriverThread ? runningJobStart.load(ordering: .relaxed) : 0
    // The sleeper read its clock just before handing over the timer, so the window never needs
    // to reach back further than a millisecond, however long the job ran before sleeping.
    let elapsed = jobStart == 0 ? 0 : min(max(0, measuredAt - jobStart), 1_000_000)
    let delay = ExactDelay.nanoseconds(lower: lower, upper: lower &+ elapsed)
    addTimer(job, delay: delay, clock: Self.name(of: C.self))
  }

  func schedule<C: Clock>(_ job: UnownedJob, after delay: C.Duration, clock: C) {
    addTimer(job, delay: max(0, Self.nanoseconds(delay)), clock: Self.name(of: C.self))
  }

  /// Whole nanoseconds of a clock's duration; clocks whose durations are not `Duration` (none in
  /// the standard library) count as zero.
  @inline(__always)
  private static func nanoseconds<D: DurationProtocol>(_ duration: D) -> Int64 {
    if D.self == Duration.self { return unsafeBitCast(duration, to: Duration.self).wholeNanoseconds }
    return 0
  }

  /// The clock's name for reports, without building a string on the hot path.
  @inline(__always)
  private static func name<C: Clock>(of clock: C.Type) -> String {
    if clock == ContinuousClock.self { return "ContinuousClock" }
    if clock == SuspendingClock.self { return "SuspendingClock" }
    return String(describing: clock)
  }

  private func addTimer(_ job: UnownedJob, delay: Int64, clock: String) {
    let sleeper = SleeperReference.current()
    let label = WorkTag.current?.label
    state.withLock { state in
      state.timers.insert(
        Timer(
          deadline: state.now &+ delay, sequence: state.takeSequence(),
          action: .job(job, sleeper: sleeper), label: label, clock: clock))
    }
    if !isOnDriverThread { foreignArrivals.signal() }
  }

  /// Suspends the caller until virtual time reaches `deadline`; cancellation ends it at once.
  func sleepVirtual(until deadline: Int64) async throws {
    let id = state.withLock { $0.takeSequence() }
    let label = WorkTag.current?.label
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let cancelled = state.withLock { state -> Bool in
          if Task.isCancelled { return true }
          state.virtualSleepers[id] = continuation
          state.timers.insert(
            Timer(
              deadline: max(deadline, state.now), sequence: id, action: .virtualSleep(id: id),
              label: label, clock: "VirtualClock"))
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = state.withLock { $0.virtualSleepers.removeValue(forKey: id) }
      continuation?.resume(throwing: CancellationError())
    }
  }

  // MARK: Driving

  private func run(_ ready: ReadyJob) {
    runningJobStart.store(wallNanoseconds(), ordering: .relaxed)
    if ready.onMain {
      ready.job.runSynchronously(on: mainQueue.asUnownedSerialExecutor())
    } else {
      runningGlobalJob.store(true, ordering: .relaxed)
      ready.job.runSynchronously(on: globalQueue.asUnownedTaskExecutor())
      runningGlobalJob.store(false, ordering: .relaxed)
    }
    runningJobStart.store(0, ordering: .relaxed)
  }

  func runUntilIdle() throws(SimulationError) {
    state.withLock { $0.admitInbox() }
    while true {
      if interruptRequested.exchange(false, ordering: .relaxed) { throw .interrupted }
      if let next = state.withLock({ $0.ready.popFirst() }) {
        let count = jobsThisStep.wrappingAdd(1, ordering: .relaxed).newValue
        let limit = maxJobsPerStep.load(ordering: .relaxed)
        if limit > 0 && count > limit {
          // Put it back so the work is not lost; the caller decides what to do.
          state.withLock { $0.ready.prepend(next) }
          throw .runaway(limit: limit)
        }
        run(next)
        continue
      }
      let now = state.withLock { $0.now }
      if fireNextTimer(notAfter: now) { continue }
      if state.withLock({ !$0.ready.isEmpty }) { continue }
      return
    }
  }

  /// Fires the earliest live timer due no later than `limit`, moving virtual now to its
  /// deadline. Returns false when there is none.
  func fireNextTimer(notAfter limit: Int64?) -> Bool {
    var continuation: CheckedContinuation<Void, any Error>?
    let fired = state.withLock { state -> Bool in
      guard let timer = state.nextLiveTimer() else { return false }
      if let limit, timer.deadline > limit { return false }
      _ = state.timers.removeMin()
      state.now = max(state.now, timer.deadline)
      vmrepl_clock_set_now(state.now)
      switch timer.action {
      case .job(let job, let sleeper):
        sleeper?.release()
        state.ready.append(ReadyJob(job: job, onMain: false))
      case .virtualSleep(let id):
        continuation = state.virtualSleepers.removeValue(forKey: id)
      }
      return true
    }
    continuation?.resume()
    return fired
  }

  func advance(to target: Int64) throws(SimulationError) {
    try runUntilIdle()
    while fireNextTimer(notAfter: target) {
      try runUntilIdle()
    }
    state.withLock { state in
      state.now = max(state.now, target)
      vmrepl_clock_set_now(state.now)
    }
  }

  func advanceToNextTimer() throws(SimulationError) -> Bool {
    try runUntilIdle()
    guard fireNextTimer(notAfter: nil) else { return false }
    try runUntilIdle()
    return true
  }

  /// The loop behind `MainExecutor.run()`: time jumps whenever nothing can run, and the
  /// process ends with a message when the program waits for something that can never come.
  func runMainLoop() throws {
    while !stopRequested.load(ordering: .relaxed) {
      do {
        if try advanceToNextTimer() { continue }
      } catch {
        writeStandardError("simulation: \(error)\n")
        exit(1)
      }
      if state.withLock({ !$0.externalWork.isEmpty }) {
        _ = foreignArrivals.wait(timeout: .now() + .milliseconds(100))
        continue
      }
      writeStandardError("simulation: the program waits for work that can never arrive (no job, no timer)\n")
      exit(1)
    }
  }

  func requestStop() { stopRequested.store(true, ordering: .relaxed) }

  // MARK: Watchdog

  func startWatchdog() {
    DispatchQueue(label: "vmrepl.simulation.watchdog").async { [self] in
      while true {
        usleep(50_000)
        let start = runningJobStart.load(ordering: .relaxed)
        let limit = watchdogNanoseconds.load(ordering: .relaxed)
        guard start != 0, limit > 0, wallNanoseconds() - start > limit else { continue }
        let step = stepName.withLock { $0 }
        let hint = watchdogHint.withLock { $0 }
        let seconds = Double(limit) / 1e9
        var message = "watchdog: one job ran for more than \(seconds) s of wall time without returning"
        if !step.isEmpty { message += ", during `\(step)`" }
        message += "; a synchronous loop cannot be stopped between jobs, so the process ends here"
        if !hint.isEmpty { message += " (\(hint))" }
        writeStandardError(message + "\n")
        _exit(3)
      }
    }
  }
}
