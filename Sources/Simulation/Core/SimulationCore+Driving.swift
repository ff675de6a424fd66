@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
internal import CSimulationRuntime
import Dispatch
internal import Platform

extension SimulationCore {
  // MARK: Driving

  /// Runs one job, observed as the driving loop's own jobs are.
  func run(_ ready: ReadyJob) {
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
    } else if ready.isSleepWakeUp {
      // The program's state is as it was: no reading before and after it.
      runUnobserved(ready, programCodeRuns: false)
    } else {
      let turn: SleepTurn? = if case .task(let job, _, _) = ready { SleepTurn(job: job) } else { nil }
      if let turn { sleepWitness.watch(turn) }
      if let turn, turn.entering || sleepHops.contains(turn.programResume) {
        // Predicted to run none of the program's code: no readings around it.
        runUnobserved(ready, programCodeRuns: false)
        guard !sleepWitness.confirmed(turn) else { return }
        // It did run the program's code (a frame whose isolation is its caller's): readings taken
        // before no longer hold, and its frame is read around from now on. This one job went
        // unchecked.
        noteActivity()
        sleepHops.forget(turn.programResume)
        return
      }
      observer.willRunOffMain()
      // Read before it runs: a task's job says where it resumes, and is gone once it ran.
      let name = ready.offMainName
      runUnobserved(ready)
      observer.didRunOffMain(name)
      if let turn, sleepWitness.confirmed(turn) { sleepHops.learn(turn.programResume) }
    }
  }

  /// Runs `ready`; unless `programCodeRuns` is false (the runtime's own job, `isSleepWakeUp`),
  /// a reading of the program's state taken before no longer holds after it.
  private func runUnobserved(_ ready: ReadyJob, programCodeRuns: Bool = true) {
    // Before and after: a reading taken while it runs (a watch's) is not the state after it.
    if programCodeRuns { noteActivity() }
    defer { if programCodeRuns { noteActivity() } }
    let outer = runningJobStart.load(ordering: .relaxed)
    if outer == 0 { runningJobStart.store(wallNanoseconds(), ordering: .relaxed) }
    let wasGlobal = runningGlobalJob.load(ordering: .relaxed)
    vmrepl_job_enter(ready.onMain ? 1 : 0)
    defer { vmrepl_job_leave() }
    switch ready {
    case .task(let job, onMain: true, _):
      job.runSynchronously(on: mainQueue.asUnownedSerialExecutor())
    case .task(let job, onMain: false, _):
      runningGlobalJob.store(true, ordering: .relaxed)
      job.runSynchronously(on: globalQueue.asUnownedTaskExecutor())
    case .work(let work):
      runningGlobalJob.store(!work.onMain, ordering: .relaxed)
      work.run()
    }
    runningGlobalJob.store(wasGlobal, ordering: .relaxed)
    if outer == 0 { runningJobStart.store(0, ordering: .relaxed) }
  }

  /// Work that reaches the driving thread outside the simulation's queues: blocks on the real
  /// main queue (a group's notify, a source's handler) and the run loop's performs. Returns
  /// whether anything became ready.
  func runOutsideWork() -> Bool {
    var ran = vmrepl_dispatch_drain_main_queue() != 0
    if vmrepl_runloop_exists() != 0, vmrepl_runloop_idle_pass() != 0 { ran = true }
    if ran { noteActivity() }
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
      let (taken, instant) = state.guarded { ($0.takeReady(), $0.now) }
      if let next = taken {
        let count = jobsThisStep.wrappingAdd(1, ordering: .relaxed).newValue
        let limit = maxJobsPerStep.load(ordering: .relaxed)
        if limit > 0 && count > limit {
          // Put it back so the work is not lost; the caller decides what to do.
          state.guarded { $0.ready.prepend(next) }
          throw .runaway(limit: limit)
        }
        if limit > 0, let instantLimit = Optional(Simulation.sameInstantLimit(forStep: limit)),
          countJobAtInstant(instant) > instantLimit
        {
          state.guarded { $0.ready.prepend(next) }
          throw .runaway(limit: instantLimit, at: instant)
        }
        run(next)
        let ran = jobsRun.wrappingAdd(1, ordering: .relaxed).newValue
        if ran == pauseAfterJob.load(ordering: .relaxed), let handler = pauseHandler.guarded({ $0 }) {
          handler.body(())
        }
        continue
      }
      let now = state.guarded { $0.now }
      if fireNextTimer(notAfter: now) { continue }
      if state.guarded({ $0.hasRunnableJob }) { continue }
      if vmrepl_threads_admit_foreign() > 0 { continue }
      if runOutsideWork() { continue }
      if hasForeignWorkHook.load(ordering: .relaxed), let hook = foreignWorkHook.guarded({ $0 }), hook.whenIdle() {
        noteActivity()
        admitInbox()
        continue
      }
      return
    }
  }

  /// Counts a job run at virtual instant `instant`; returns how many this step ran there since
  /// time last moved.
  private func countJobAtInstant(_ instant: Int64) -> Int {
    if countedInstant.exchange(instant, ordering: .relaxed) != instant {
      jobsAtInstant.store(1, ordering: .relaxed)
      return 1
    }
    return jobsAtInstant.wrappingAdd(1, ordering: .relaxed).newValue
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

  /// After the runaway guard stopped a step: finds the tasks that keep enqueuing jobs, cancels
  /// them, and quarantines those that go on regardless.
  func recoverFromRunaway() -> RunawayReport {
    runaway.active.store(true, ordering: .relaxed)
    _ = drain(limit: 10_000)
    runaway.active.store(false, ordering: .relaxed)
    let seen = runaway.takeSeen()
    for entry in seen { entry.task.cancel() }
    // Cancelled work gets as many jobs to wind down as one instant allows a step (50,000 by
    // default, at most 100,000): in a debug build, twice 100,000 took longer than the step.
    let step = maxJobsPerStep.load(ordering: .relaxed)
    let windDown = step > 0 ? min(100_000, max(1_000, Simulation.sameInstantLimit(forStep: step))) : 100_000
    var quarantined = false
    if !drain(limit: windDown) {
      runaway.quarantine(seen.map(\.task))
      quarantined = true
      _ = drain(limit: windDown)
    }
    for entry in seen { entry.task.release() }
    jobsThisStep.store(0, ordering: .relaxed)
    countedInstant.store(-1, ordering: .relaxed)
    var work: [RunawayReport.Work?] = []
    for entry in seen where !work.contains(entry.work) { work.append(entry.work) }
    return RunawayReport(work: work, quarantined: quarantined)
  }

  func advance(to target: Int64) throws(SimulationError) {
    try runUntilIdle()
    while fireNextTimer(notAfter: target) {
      try runUntilIdle()
    }
    moveTime(to: target)
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
}
