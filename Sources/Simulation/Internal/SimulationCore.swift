@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
internal import CSimulationRuntime
internal import HeapModule
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
  let runLoopTimers = RunLoopTimers()
  /// Set while a `LaneObserver` is installed, so that jobs pay one relaxed load when none is.
  let observingLanes = Atomic<Bool>(false)
  let laneObserver = Mutex<(any LaneObserver)?>(nil)
  /// Set while a `JobObserver` is installed.
  let observingJobs = Atomic<Bool>(false)
  let jobObserver = Mutex<(any JobObserver)?>(nil)
  let foreignWorkHook = Mutex<(any ForeignWorkHook)?>(nil)
  let hasForeignWorkHook = Atomic<Bool>(false)
  let globalQueue = GlobalQueue()
  /// Times the main thread was blocked since the last `takeMainThreadBlocks()`.
  let mainThreadBlocks = Mutex<[MainThreadBlock]>([])

  let driverThread = Atomic<UInt>(0)
  /// Wall time at which the job now running started, 0 between jobs.
  let runningJobStart = Atomic<Int64>(0)
  let runningGlobalJob = Atomic<Bool>(false)
  let interruptRequested = Atomic<Bool>(false)
  let stopRequested = Atomic<Bool>(false)
  let jobsThisStep = Atomic<Int>(0)
  /// Jobs run since the simulation started or restarted.
  let jobsRun = Atomic<Int>(0)
  /// The job after which `pauseHandler` runs; 0 for none.
  let pauseAfterJob = Atomic<Int>(0)
  let pauseHandler = Mutex<(@Sendable () -> Void)?>(nil)
  let maxJobsPerStep = Atomic<Int>(Simulation.defaultMaxJobsPerStep)
  let watchdogNanoseconds = Atomic<Int64>(Simulation.defaultWatchdogLimit.wholeNanoseconds)
  let stepName = Mutex("")
  /// What `vmrepl_runtime_activate` redirected (VMREPL_* bits).
  let redirected = Atomic<Int32>(0)
  let runaway = RunawayDiagnosis()
  let watchdogHint = Mutex("")
  /// Signalled whenever another thread hands over work, so a waiting driver wakes up.
  let foreignArrivals = DispatchSemaphore(value: 0)

  /// Whether the caller runs in the simulation: on the driving thread, or on a simulated thread
  /// (which runs only while the driving thread waits for it).
  var isOnDriverThread: Bool { currentThreadID() == driverThread.load(ordering: .relaxed) || vmrepl_in_simulation() != 0 }
  /// Whether the caller is the driving thread, the program's main thread.
  var isOnMainThread: Bool { currentThreadID() == driverThread.load(ordering: .relaxed) }
  var isRunningGlobalJob: Bool { runningGlobalJob.load(ordering: .relaxed) }

  // MARK: Accepting work

  func enqueue(_ job: UnownedJob, onMain: Bool) {
    enqueue(.task(job, onMain: onMain, by: ReadyBy.enqueued(by: WorkTag.currentID)))
  }

  private func enqueue(_ ready: ReadyJob) {
    if isOnDriverThread {
      if runaway.active.load(ordering: .relaxed) { runaway.recordCurrentTask() }
      if runaway.currentTaskIsQuarantined() { return }
      state.guarded { $0.ready.append(ready) }
    } else {
      state.guarded { $0.inbox.append(ready) }
      foreignArrivals.signal()
    }
  }

  // MARK: Simulated threads

  /// Simulated thread `id` can go on (threads.c).
  func threadReady(_ id: Int32) {
    enqueue(.thread(id))
  }

  /// Simulated thread `id` waits at most `delay` (for its park `generation`).
  func armThreadTimer(id: Int32, generation: UInt64, delay: Int64) {
    let tag = SimulatedThreads.tag(of: id)
    let clock = SimulatedThreads.clockName(kind: vmrepl_simthread_wait_kind(id))
    state.guarded { state in
      state.timers.insert(
        Timer(
          deadline: state.now &+ max(0, delay), sequence: state.takeSequence(),
          action: .thread(id: id, generation: generation), label: tag?.label, clock: clock, work: tag?.id))
    }
  }

  /// A job on the driving thread blocks: runs one other piece of work, as a device's other
  /// threads go on while its main thread waits (see `vmrepl_callbacks.driver_wait`).
  func driverWait(deadline: Int64) -> Int32 {
    _ = vmrepl_threads_admit_foreign()
    admitInbox()
    // A blocked main-lane job holds the main lane; a blocked job off it holds only itself.
    let excludingMain = vmrepl_driver_job_on_main() != 0
    if let next = state.guarded({ $0.takeReady(excludingMain: excludingMain) }) {
      run(next)
      return 1
    }
    if fireNextTimer(notAfter: deadline >= 0 ? deadline : nil) { return 1 }
    if deadline >= 0 {
      state.guarded { state in
        state.now = max(state.now, deadline)
        vmrepl_clock_set_now(state.now)
      }
      return 2
    }
    if state.guarded({ !$0.externalWork.isEmpty }) {
      _ = foreignArrivals.wait(timeout: .now() + .milliseconds(100))
      return 1
    }
    return 0
  }

  /// A job on the driving thread was blocked from `since` until now: remembered for the step's
  /// report. Consecutive waits in one call (a sleep in pieces, a retried lock) are one.
  func noteMainThreadBlocked(kind: Int32, since: Int64) {
    let now = state.guarded { $0.now }
    let waitingOn = SimulatedThreads.describeWait(kind: kind, object: nil, deadline: -1)
    mainThreadBlocks.guarded { blocks in
      if let last = blocks.last, last.waitingOn == waitingOn, last.to.wholeNanoseconds == since {
        blocks[blocks.count - 1].to = .nanoseconds(now)
      } else {
        blocks.append(MainThreadBlock(waitingOn: waitingOn, from: .nanoseconds(since), to: .nanoseconds(now)))
      }
    }
  }

  /// The driving thread waits for something nothing can bring: on a device the app hangs. The
  /// process cannot go on with the view-model's code stopped in the middle, so it ends here,
  /// saying what waits on what.
  func driverDeadlock(kind: Int32) -> Never {
    let step = stepName.guarded { $0 }
    var lines = [
      "deadlock: the main thread waits in "
        + SimulatedThreads.describeWait(kind: kind, object: nil, deadline: -1)
        + (step.isEmpty ? "" : ", during `\(step)`")
        + "; nothing can run and no timer is left"
    ]
    for thread in SimulatedThreads.parked() {
      lines.append("  \(thread.name) waits in \(thread.waitsOn)")
    }
    lines.append("  (on a device the app would hang here; the process ends)")
    writeStandardError(lines.joined(separator: "\n") + "\n")
    exit(1)
  }

  // MARK: Dispatch and run loops

  /// Takes a Dispatch block: ready now (`delay` < 0) or a timer `delay` nanoseconds from now.
  func submit(_ block: DispatchBlock, delay: Int64) {
    guard delay >= 0 else { return enqueue(.block(block)) }
    let clock = block.isMain ? "DispatchQueue.main.asyncAfter" : "\(block.appQueueName).asyncAfter"
    state.guarded { state in
      state.timers.insert(
        Timer(
          deadline: state.now &+ delay, sequence: state.takeSequence(), action: .block(block),
          label: block.tag?.label, clock: clock, work: block.tag?.id))
    }
    if !isOnDriverThread { foreignArrivals.signal() }
  }

  /// Runs at once the blocks still waiting for `queue`, in their order, before a
  /// `dispatch_sync` on it: a serial queue runs what was handed to it first.
  func flush(queue: UnsafeMutableRawPointer) {
    let waiting = state.guarded { state -> [DispatchBlock] in
      var waiting: [DispatchBlock] = []
      state.ready.removeAll { ready in
        guard case .block(let block) = ready, !block.isMain, block.queue == queue else { return false }
        waiting.append(block)
        return true
      }
      return waiting
    }
    for block in waiting { run(.block(block)) }
  }

  /// Where a run-loop deadline lands: rounded up to the next whole microsecond.
  ///
  /// CoreFoundation keeps fire dates as `CFAbsoluteTime`, a Double of seconds since 2001, whose
  /// grain at today's dates is about 119 ns; `RunLoop.now + 0.3` comes back as 0.299999952 s
  /// after `now`. Rounding up lands such a deadline where the code meant it (0.300000 s), and
  /// never before CoreFoundation's own fire date, so the run-loop pass then always finds the
  /// timer due (a device, too, fires a timer late, never early).
  static func runLoopDeadline(_ nanoseconds: Int64) -> Int64 {
    let remainder = nanoseconds % 1_000
    return remainder == 0 ? nanoseconds : nanoseconds &+ (1_000 - remainder)
  }

  /// A run loop mode armed (or, with `delay` < 0, disarmed) the timer on descriptor `fd`.
  ///
  /// The mode's timer belongs to no step: each `Timer` behind it is followed by `runLoopTimers`,
  /// which credits it to the step that scheduled it.
  func armRunLoopTimer(fd: Int32, delay: Int64) {
    state.guarded { state in
      let generation = (state.runLoopGenerations[fd] ?? 0) &+ 1
      state.runLoopGenerations[fd] = generation
      guard delay >= 0 else { return }
      state.timers.insert(
        Timer(
          deadline: Self.runLoopDeadline(state.now &+ delay), sequence: state.takeSequence(),
          action: .firing(TimerFiring(.runLoop(fd: fd), onMain: true, tag: nil), generation: generation),
          label: nil, clock: "RunLoop timer"))
    }
  }

  /// Drops every timer that can no longer wake anyone, wherever it stands in the heap, so that
  /// what it held (a cancelled work item's block and the work tag of whoever scheduled it) is
  /// let go now rather than when its deadline comes round.
  func purgeStaleTimers() -> Bool {
    runLoopTimers.sweep()
    var madeReady = false
    let dropped = state.guarded { state -> [DispatchBlock] in
      let all = state.timers.unordered
      guard all.contains(where: { !state.isLive($0) }) else { return [] }
      var kept: [Timer] = []
      var dropped: [DispatchBlock] = []
      for timer in all {
        if state.isLive(timer) {
          kept.append(timer)
          continue
        }
        switch timer.action {
        case .job(let job, let sleeper):
          sleeper?.release()
          state.ready.append(.task(job, onMain: false, by: ReadyBy.woken(timer)))
          madeReady = true
        case .block(let block):
          dropped.append(block)
        case .virtualSleep, .firing, .thread:
          break
        }
      }
      state.timers = Heap(kept)
      return dropped
    }
    // Releasing a block can run a closure's deinit, which may hand work back: outside the lock.
    for block in dropped { vmrepl_dispatch_discard(block.block, block.group) }
    return madeReady || !dropped.isEmpty
  }

  /// A Dispatch timer source fires after `delay`; its older armings are stale.
  func armSourceTimer(id: Int32, generation: UInt64, delay: Int64, onMain: Bool) {
    let tag = WorkTag.inherited
    let queue = onMain ? "main" : "`\(String(cString: vmrepl_source_timer_queue_label(id)))`"
    state.guarded { state in
      state.timers.insert(
        Timer(
          deadline: state.now &+ max(0, delay), sequence: state.takeSequence(),
          action: .firing(TimerFiring(.source(id: id, generation: generation), onMain: onMain, tag: tag), generation: generation),
          label: tag?.label,
          clock: "DispatchSourceTimer on \(queue)", work: tag?.id))
    }
    if !isOnDriverThread { foreignArrivals.signal() }
  }

  func beginExternal(_ label: String) -> UInt64 {
    state.guarded { state -> UInt64 in
      let id = state.takeSequence()
      state.externalWork[id] = label
      return id
    }
  }

  func endExternal(_ id: UInt64) {
    _ = state.guarded { $0.externalWork.removeValue(forKey: id) }
    foreignArrivals.signal()
  }

  /// Remembers that the program used a source the simulation does not control.
  func noteUnsupported(_ what: String) {
    state.guarded { state in
      if !state.unsupported.contains(what) { state.unsupported.append(what) }
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
    let tag = WorkTag.current
    state.guarded { state in
      state.timers.insert(
        Timer(
          deadline: state.now &+ delay, sequence: state.takeSequence(),
          action: .job(job, sleeper: sleeper), label: tag?.label, clock: clock, work: tag?.id))
    }
    if !isOnDriverThread { foreignArrivals.signal() }
  }

  /// Suspends the caller until virtual time reaches `deadline`; cancellation ends it at once.
  func sleepVirtual(until deadline: Int64) async throws {
    let id = state.guarded { $0.takeSequence() }
    let tag = WorkTag.current
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let cancelled = state.guarded { state -> Bool in
          if Task.isCancelled { return true }
          state.virtualSleepers[id] = continuation
          state.timers.insert(
            Timer(
              deadline: max(deadline, state.now), sequence: id, action: .virtualSleep(id: id),
              label: tag?.label, clock: "VirtualClock", work: tag?.id))
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = state.guarded { $0.virtualSleepers.removeValue(forKey: id) }
      continuation?.resume(throwing: CancellationError())
    }
  }

  // MARK: Driving

  /// Runs one job, observed as the driving loop's own jobs are.
  func runJob(_ ready: ReadyJob) { run(ready) }

  private func run(_ ready: ReadyJob) {
    // Only the driving loop's own jobs, as for lanes below.
    if observingJobs.load(ordering: .relaxed), runningJobStart.load(ordering: .relaxed) == 0,
      let observer = jobObserver.guarded({ $0 })
    {
      let info = ready.info(candidate: nil)
      runObservingLanes(ready)
      observer.didRun(info)
      return
    }
    runObservingLanes(ready)
  }

  private func runObservingLanes(_ ready: ReadyJob) {
    // Only jobs the driving loop runs itself: a block a `sync` runs inside another job is part
    // of that job, which is observed as a whole.
    guard observingLanes.load(ordering: .relaxed), runningJobStart.load(ordering: .relaxed) == 0,
      let observer = laneObserver.guarded({ $0 })
    else {
      return runUnobserved(ready)
    }
    if ready.onMain {
      runUnobserved(ready)
      observer.mainLaneRan()
    } else {
      observer.willRunOffMain()
      runUnobserved(ready)
      observer.didRunOffMain(ready.offMainDescription)
    }
  }

  private func runUnobserved(_ ready: ReadyJob) {
    let outer = runningJobStart.load(ordering: .relaxed)
    if outer == 0 { runningJobStart.store(wallNanoseconds(), ordering: .relaxed) }
    let wasGlobal = runningGlobalJob.load(ordering: .relaxed)
    vmrepl_job_enter(ready.onMain ? 1 : 0)
    defer { vmrepl_job_leave() }
    switch ready {
    case .thread(let id):
      runningGlobalJob.store(true, ordering: .relaxed)
      _ = vmrepl_simthread_resume(id)
    case .task(let job, onMain: true, _):
      job.runSynchronously(on: mainQueue.asUnownedSerialExecutor())
    case .task(let job, onMain: false, _):
      runningGlobalJob.store(true, ordering: .relaxed)
      job.runSynchronously(on: globalQueue.asUnownedTaskExecutor())
    case .block(let block):
      runningGlobalJob.store(!block.isMain, ordering: .relaxed)
      block.run()
    case .firing(let firing):
      runningGlobalJob.store(!firing.onMain, ordering: .relaxed)
      firing.run()
    }
    runningGlobalJob.store(wasGlobal, ordering: .relaxed)
    if outer == 0 { runningJobStart.store(0, ordering: .relaxed) }
  }

  /// Work that reaches the driving thread outside the simulation's queues: blocks on the real
  /// main queue (a group's notify, a source's handler) and the run loop's performs. Returns
  /// whether anything became ready.
  func runOutsideWork() -> Bool {
    var ran = vmrepl_dispatch_drain_main_queue() != 0
    if vmrepl_runloop_exists() != 0 {
      vmrepl_runloop_pass()
      ran = true
    }
    if ran, observingLanes.load(ordering: .relaxed) { laneObserver.guarded { $0 }?.mainLaneRan() }
    return ran && state.guarded { !$0.ready.isEmpty }
  }

  /// Moves what other threads handed over to the ready queue. First the admission hook hears
  /// of it: whatever another thread reported before handing over these jobs (a request that
  /// arrived or was cancelled on URLSession's threads) is announced before they run, so the
  /// order of a step's events follows the order things happened in, not thread timing.
  func admitInbox() {
    guard hasForeignWorkHook.load(ordering: .relaxed), let hook = foreignWorkHook.guarded({ $0 }) else {
      return state.guarded { $0.admitInbox() }
    }
    // Taken before the hook looks: every job in it was handed over after what it reports.
    let arrived = state.guarded { state -> [ReadyJob] in
      defer { state.inbox.removeAll() }
      return Array(state.inbox)
    }
    guard !arrived.isEmpty else { return }
    hook.beforeAdmitting()
    state.guarded { state in
      // Jobs that came meanwhile stay in the inbox, behind these.
      state.ready.append(contentsOf: arrived)
    }
  }

  func runUntilIdle() throws(SimulationError) {
    // With an admission hook, what other threads handed over joins only once the simulation is
    // idle: jobs already ready (a cache look-up that starts a request) go first, whatever the
    // threads' timing.
    if !hasForeignWorkHook.load(ordering: .relaxed) { admitInbox() }
    while true {
      if interruptRequested.exchange(false, ordering: .relaxed) { throw .interrupted }
      if let next = state.guarded({ $0.takeReady() }) {
        let count = jobsThisStep.wrappingAdd(1, ordering: .relaxed).newValue
        let limit = maxJobsPerStep.load(ordering: .relaxed)
        if limit > 0 && count > limit {
          // Put it back so the work is not lost; the caller decides what to do.
          state.guarded { $0.ready.prepend(next) }
          throw .runaway(limit: limit)
        }
        run(next)
        let ran = jobsRun.wrappingAdd(1, ordering: .relaxed).newValue
        if ran == pauseAfterJob.load(ordering: .relaxed), let handler = pauseHandler.guarded({ $0 }) {
          handler()
        }
        continue
      }
      let now = state.guarded { $0.now }
      if fireNextTimer(notAfter: now) { continue }
      if state.guarded({ $0.hasRunnableJob }) { continue }
      if vmrepl_threads_admit_foreign() > 0 { continue }
      if runOutsideWork() { continue }
      if hasForeignWorkHook.load(ordering: .relaxed), let hook = foreignWorkHook.guarded({ $0 }), hook.whenIdle() {
        admitInbox()
        continue
      }
      return
    }
  }

  /// Fires the earliest live timer due no later than `limit`, moving virtual now to its
  /// deadline. Returns false when there is none.
  func fireNextTimer(notAfter limit: Int64?) -> Bool {
    var continuation: CheckedContinuation<Void, any Error>?
    let fired = state.guarded { state -> Bool in
      guard let first = state.nextLiveTimer() else { return false }
      if let limit, first.deadline > limit { return false }
      let timer = state.takeTimer(first)
      state.now = max(state.now, timer.deadline)
      vmrepl_clock_set_now(state.now)
      switch timer.action {
      case .job(let job, let sleeper):
        sleeper?.release()
        state.ready.append(.task(job, onMain: false, by: ReadyBy.woken(timer)))
      case .virtualSleep(let id):
        continuation = state.virtualSleepers.removeValue(forKey: id)
      case .block(let block):
        state.ready.append(.block(block))
      case .firing(let firing, _):
        state.ready.append(.firing(firing))
      case .thread(let id, let generation):
        if vmrepl_simthread_timer_fire(id, generation) != 0 { state.ready.append(.thread(id)) }
      }
      return true
    }
    continuation?.resume()
    return fired
  }

  /// Runs up to `limit` jobs without the runaway guard; returns whether the simulation became idle.
  private func drain(limit: Int) -> Bool {
    admitInbox()
    for _ in 0..<limit {
      guard let next = state.guarded({ $0.takeReady() }) else { return true }
      run(next)
    }
    return state.guarded { !$0.hasRunnableJob }
  }

  /// Drops the timers of sleeping tasks and delayed blocks, so that what they would wake never
  /// runs (the tasks stay suspended, as quarantined ones do). Run loop and timer-source firings
  /// stay: their timers live in Foundation and Dispatch, which would arm them again.
  func abandonSleepers() {
    state.guarded { state in
      var kept = Heap<Timer>()
      for timer in state.timers.unordered {
        switch timer.action {
        case .job, .block, .thread: continue
        case .virtualSleep(let id):
          // Never resumed: the continuation leaks with its task, which no session can reach.
          _ = state.virtualSleepers.removeValue(forKey: id)
        case .firing: kept.insert(timer)
        }
      }
      state.timers = kept
    }
    abandonParkedThreads()
  }

  /// Drops every timer, run-loop and timer-source firings too, and leaves parked threads behind:
  /// nothing an abandoned session armed fires again.
  func abandonTimers() {
    abandonSleepers()
    state.guarded { $0.timers = Heap<Timer>() }
  }

  /// Leaves the program's parked threads behind for good, as a device leaves a thread blocked
  /// forever, with the blocks waiting for queues they occupy: nothing of an abandoned session
  /// runs in the next.
  func abandonParkedThreads() {
    let dropped = state.guarded { state -> [DispatchBlock] in
      var dropped: [DispatchBlock] = []
      state.ready.removeAll { job in
        switch job {
        case .thread: return true
        case .block(let block) where !block.isMain && vmrepl_queue_is_busy(block.queue, block.isBarrier ? 1 : 0) != 0:
          dropped.append(block)
          return true
        default: return false
        }
      }
      return dropped
    }
    for block in dropped { vmrepl_dispatch_discard(block.block, block.group) }
    vmrepl_threads_reset()
  }

  /// Starts over at virtual time 0 with a fresh wall clock and random source, when nothing is
  /// ready, no timer is live, nothing outside runs and no task is quarantined.
  func restart() -> Bool {
    guard !runaway.hasQuarantined, vmrepl_threads_alive() == 0 else { return false }
    return state.guarded { state in
      state.dropStaleTimers()
      guard state.ready.isEmpty, state.inbox.isEmpty, state.timers.isEmpty, state.externalWork.isEmpty,
        state.virtualSleepers.isEmpty
      else { return false }
      state.now = 0
      state.nextSequence = 0
      jobsRun.store(0, ordering: .relaxed)
      pauseAfterJob.store(0, ordering: .relaxed)
      pauseHandler.guarded { $0 = nil }
      state.runLoopGenerations = [:]
      state.unsupported = []
      vmrepl_clock_set_now(0)
      vmrepl_world_reset()
      return true
    }
  }

  /// After the runaway guard stopped a step: finds the tasks that keep enqueuing jobs, cancels
  /// them, and quarantines those that go on regardless.
  func recoverFromRunaway() -> RunawayReport {
    runaway.active.store(true, ordering: .relaxed)
    _ = drain(limit: 10_000)
    runaway.active.store(false, ordering: .relaxed)
    let seen = runaway.takeSeen()
    for entry in seen { entry.task.cancel() }
    var quarantined = false
    if !drain(limit: 100_000) {
      runaway.quarantine(seen.map(\.task))
      quarantined = true
      _ = drain(limit: 100_000)
    }
    for entry in seen { entry.task.release() }
    jobsThisStep.store(0, ordering: .relaxed)
    var labels: [String?] = []
    for entry in seen where !labels.contains(entry.label) { labels.append(entry.label) }
    return RunawayReport(labels: labels, quarantined: quarantined)
  }

  func advance(to target: Int64) throws(SimulationError) {
    try runUntilIdle()
    while fireNextTimer(notAfter: target) {
      try runUntilIdle()
    }
    state.guarded { state in
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
      if state.guarded({ !$0.externalWork.isEmpty }) {
        _ = foreignArrivals.wait(timeout: .now() + .milliseconds(100))
        continue
      }
      writeStandardError("simulation: the program waits for work that can never arrive (no job, no timer)\n")
      exit(1)
    }
  }

  func requestStop() { stopRequested.store(true, ordering: .relaxed) }

  // MARK: Watchdog

  /// Starts the watchdog's thread. Call it before the runtime is redirected: afterwards a block
  /// handed to Dispatch from the driving thread would run on the driving thread.
  func startWatchdog() {
    DispatchQueue(label: "vmrepl.simulation.watchdog").async { [self] in
      while true {
        usleep(50_000)
        let start = runningJobStart.load(ordering: .relaxed)
        let limit = watchdogNanoseconds.load(ordering: .relaxed)
        guard start != 0, limit > 0, wallNanoseconds() - start > limit else { continue }
        let step = stepName.guarded { $0 }
        let hint = watchdogHint.guarded { $0 }
        let seconds = Double(limit) / 1e9
        var message = "watchdog: the view-model's code ran for more than \(seconds) s of wall time without returning"
        if !step.isEmpty { message += ", during `\(step)`" }
        message += "; a synchronous loop cannot be stopped, so the process ends here"
        if !hint.isEmpty { message += " (\(hint))" }
        writeStandardError(message + "\n")
        _exit(3)
      }
    }
  }
}
