@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
internal import CSimulationRuntime

/// Swift concurrency's jobs: what the main and global executors are handed (`ReadyJob.task`),
/// and the wake-up jobs of `Task.sleep` and `Clock.sleep`, which come with a deadline.
enum SwiftTasks {
  /// A task's job as `ready` lists it: named by the function it resumes in; another job (a
  /// default actor's turn) by the actor's type, since it runs the runtime's code.
  static func info(of job: UnownedJob, onMain: Bool, by: UInt64, candidate: Int?) -> ReadyJobInfo {
    let address = unsafeBitCast(job, to: UnsafeRawPointer.self)
    let isTask = jobTaskIDOf(job) != 0
    return ReadyJobInfo(
      candidate: candidate, place: onMain ? "the main actor" : "the global executor",
      code: isTask ? CodeNames.taskFunction(address) : nil,
      kind: isTask ? .task : .actorTurn(actor: CodeNames.actorName(ofJob: address)), task: isTask ? UInt(bitPattern: address) : nil,
      work: by & ~ReadyBy.timer == 0 ? nil : by & ~ReadyBy.timer,
      reason: by & ReadyBy.timer != 0 ? .timerFired : .enqueued)
  }

  /// A task's job as a main-thread warning names it, before it runs: the function the task was
  /// started with (what wrote the state, most often: a view-model's `Task { }` closure, while
  /// the helpers it awaits return values) and, when it is not there, the function it resumes in:
  /// `closure #1 in ProductsViewModel.reload() at F:16 (resuming in URLSession.load(url:) at G:8)
  /// on the global executor`.
  static func offMainName(of job: UnownedJob) -> OffMainName {
    let address = unsafeBitCast(job, to: UnsafeRawPointer.self)
    guard jobTaskIDOf(job) != 0 else { return OffMainName(text: "a task on the global executor") }
    // The task's frames are read now; which are the program's, and their names, only if a
    // warning needs them.
    let chain = CodeNames.taskChain(address)
    return OffMainName {
      let frames = CodeNames.names(of: CodeNames.programFunctions(in: chain), limit: 16)
      guard let innermost = frames.first, let outermost = frames.last else { return "a task on the global executor" }
      let resuming = frames.count > 1 ? " (resuming in \(innermost))" : ""
      return outermost + resuming + " on the global executor"
    }
  }

  /// The lane of a task's job off the main actor: its own, free to run in any order.
  static func freeLane(of job: UnownedJob) -> Lane {
    .free(thread: jobTaskIDOf(job) &<< 2 | LaneTag.task)
  }
}

/// The runtime's wake-up job of a sleeping task; `sleeper` tells whether it still matters.
struct TaskWakeUp: TimerAction {
  let job: UnownedJob
  let sleeper: SleeperReference?

  func isLive(in state: borrowing SimulationState) -> Bool { !(sleeper?.isCancelled ?? false) }

  func fire(_ timer: Timer, in state: inout SimulationState) -> CheckedContinuation<Void, any Error>? {
    sleeper?.release()
    state.ready.append(.task(job, onMain: false, by: ReadyBy.woken(timer)))
    return nil
  }

  /// A cancelled sleeper's wake-up job still runs, as nothing but the runtime freeing it.
  func dropped(_ timer: Timer) -> ReadyJob? {
    sleeper?.release()
    return .task(job, onMain: false, by: ReadyBy.woken(timer))
  }

  var lane: Lane { SwiftTasks.freeLane(of: job) }
}

extension SimulationCore {
  func enqueue(_ job: UnownedJob, onMain: Bool) {
    sleepWitness.enqueued(job, onMain: onMain)
    enqueue(.task(job, onMain: onMain, by: ReadyBy.enqueued(by: WorkTag.currentID)))
  }

  func schedule<C: Clock>(_ job: UnownedJob, at instant: C.Instant, clock: C) {
    if isOnDriverThread && vmrepl_clock_is_active() != 0 {
      // The sleeper read the same virtual clock: the difference is exactly its delay.
      addWakeUp(job, delay: max(0, Self.nanoseconds(clock.now.duration(to: instant))), clock: Self.name(of: C.self))
      return
    }
    // Without the virtual runtime clock (another platform, a static runtime), recover the delay
    // from real-clock readings. Read the sleeper's clock before the wall clock: `measuredAt` must
    // not be earlier than the reading behind `lower`, or the window would end short of the true delay.
    let lower = Self.nanoseconds(clock.now.duration(to: instant))
    let measuredAt = wallNanoseconds()
    let jobStart = isOnDriverThread ? runningJobStart.load(ordering: .relaxed) : 0
    // The sleeper read its clock just before handing over the timer, so the window never needs
    // to reach back further than a millisecond, however long the job ran before sleeping.
    let elapsed = jobStart == 0 ? 0 : min(max(0, measuredAt - jobStart), 1_000_000)
    let delay = ExactDelay.nanoseconds(lower: lower, upper: lower &+ elapsed)
    addWakeUp(job, delay: delay, clock: Self.name(of: C.self))
  }

  func schedule<C: Clock>(_ job: UnownedJob, after delay: C.Duration, clock: C) {
    addWakeUp(job, delay: max(0, Self.nanoseconds(delay)), clock: Self.name(of: C.self))
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

  private func addWakeUp(_ job: UnownedJob, delay: Int64, clock: String) {
    // A loop that sleeps keeps a step busy as one that yields does: while diagnosing a runaway,
    // the task that goes to sleep is one that enqueued work.
    if isOnDriverThread && runaway.active.load(ordering: .relaxed) { runaway.recordCurrentTask() }
    let action = TaskWakeUp(job: job, sleeper: SleeperReference.current())
    sleepWitness.sleeping(action.sleeper?.address ?? 0)
    let tag = WorkTag.current
    state.guarded { $0.arm(action, delay: delay, label: tag?.label, clock: clock, work: tag?.id) }
    if !isOnDriverThread { foreignArrivals.signal() }
  }
}
