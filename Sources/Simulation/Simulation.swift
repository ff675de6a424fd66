@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
internal import CSimulationRuntime
internal import Platform
import Dispatch
import Synchronization

/// The deterministic executor and virtual clock that every job of the process runs on.
///
/// Install it once, first thing in a synchronous `main`, before any task exists. From then on
/// every `@MainActor` job, every global job and every `Task.sleep` waits in its queues, and
/// nothing runs until the driving thread says so:
///
/// ```swift
/// let simulation = Simulation.install()
/// Task { try await Task.sleep(for: .seconds(1.5)); print("woke") }
/// try simulation.runUntilIdle()          // the task starts and sleeps
/// try simulation.advance(by: .seconds(2)) // prints "woke" at exactly 1.5 s
/// ```
package final class Simulation: Sendable {
  /// The process-wide instance; `install()` makes it the executor of every task.
  package static let shared = Simulation()
  private static let installed = Atomic<Bool>(false)

  let core = SimulationCore()
  private init() {}

  /// Makes the simulation the main and default executor of the process; later calls do nothing.
  ///
  /// Call it on the thread that will drive the simulation: that thread counts as the main thread.
  @discardableResult
  package static func install() -> Simulation {
    let simulation = shared
    if !installed.exchange(true, ordering: .relaxed) {
      simulation.core.driverThread.store(Platform.currentThreadID(), ordering: .relaxed)
      simulation.core.state.guarded { $0.setNow(0) }
      simulation.core.startWatchdog()
      simulation.core.redirected.store(
        vmrepl_runtime_activate(Platform.currentThreadID(), RuntimeHooks.makeCallbacks()), ordering: .relaxed)
      _createExecutors(factory: SimulationExecutorFactory.self)
    }
    return simulation
  }

  /// Whether `ContinuousClock.now` and `SuspendingClock.now` read virtual time on the driving
  /// thread, which makes every sleep's deadline exact. When false (a platform or runtime where
  /// the clock cannot be redirected), deadlines are recovered from real-clock readings: exact for
  /// whole milliseconds, approximate for finer durations.
  package var readsVirtualClock: Bool { vmrepl_clock_is_active() != 0 }

  /// Whether `install()` has run.
  package static var isInstalled: Bool { installed.load(ordering: .relaxed) }

  /// Which parts of the runtime were redirected to the simulation on this platform.
  package var redirections: Redirections { Redirections(rawValue: Int(core.redirected.load(ordering: .relaxed))) }

  // MARK: Time

  /// Virtual time since the simulation started.
  package var now: Duration { .nanoseconds(core.state.guarded { $0.now }) }

  /// Runs ready jobs one at a time, first in first out, and timers already due, until none is
  /// left; Dispatch blocks and run loop timers are jobs like the others.
  package func runUntilIdle() throws(SimulationError) {
    try core.runUntilIdle()
  }

  /// Moves virtual time forward by `duration`, firing due timers in deadline order and running
  /// what each one wakes at that timer's deadline.
  package func advance(by duration: Duration) throws(SimulationError) {
    let target = core.state.guarded { $0.now } &+ max(.zero, duration).wholeNanoseconds
    try core.advance(to: target)
  }

  /// Moves virtual time forward to `instant` (no-op if it has passed), like `advance(by:)`.
  package func advance(to instant: Duration) throws(SimulationError) {
    try core.advance(to: instant.wholeNanoseconds)
  }

  /// Runs until idle, then jumps to the next live timer, fires it and runs until idle again.
  /// Returns false, leaving time where it is, when no live timer is left.
  @discardableResult
  package func advanceToNextTimer() throws(SimulationError) -> Bool {
    try core.advanceToNextTimer()
  }

  /// The timers that can still wake somebody, earliest first (cancelled sleeps are left out).
  /// A run loop's timers are listed one by one, each as the work of the step that scheduled it.
  package var pendingTimers: [PendingTimer] {
    let (now, heap) = core.state.guarded { state in
      (
        state.now,
        state.timers.unordered
          .filter { state.isLive($0) }
          .sorted()
          .map { timer in
            (
              timer,
              PendingTimer(
                deadline: .nanoseconds(timer.deadline), clock: timer.clock, label: timer.label, work: timer.work,
                task: (timer.action as? TaskWakeUp)?.sleeper.flatMap(Self.programTask),
                armedByCombine: (timer.action as? DelayedBlock)?.combine ?? (timer.action as? SourceTimerDeadline)?.combine ?? false)
            )
          }
      )
    }
    var runLoop = core.runLoopTimers.pending(now: now)
    guard !runLoop.isEmpty else { return heap.map(\.1) }
    // The run loop's own deadline stands for the timers listed one by one; the timer it is for
    // takes it as its deadline, exactly.
    for (timer, pending) in heap where timer.action.isRunLoopDeadline {
      for index in runLoop.indices where abs((runLoop[index].deadline - pending.deadline).wholeNanoseconds) <= 1_000 {
        runLoop[index].deadline = pending.deadline
      }
    }
    let others = heap.filter { timer, _ in !timer.action.isRunLoopDeadline }
    return (others.map(\.1) + runLoop).enumerated()
      .sorted { ($0.element.deadline, $0.offset) < ($1.element.deadline, $1.offset) }
      .map(\.element)
  }

  /// Lets go of every timer that can no longer fire (a cancelled sleep, work item, timer
  /// source or run loop timer), and of what it held.
  /// Returns whether that made jobs ready (a cancelled sleeper's wake-up, which frees it).
  @discardableResult
  package func purgeStaleTimers() -> Bool {
    core.purgeStaleTimers()
  }

  /// What `startOver` may leave behind of an abandoned session to start clean.
  package enum Abandon: Sendable {
    /// Nothing: a live timer, thread or quarantined task means no fresh start (`replay`'s
    /// workers then hand over to a new process, which leaks nothing).
    case nothing
    /// Sleeping tasks, `asyncAfter` blocks and run-loop timers (`abandonSleepers`): their work
    /// never runs; a `Timer` is invalidated in Foundation, as the process's end would. Timer
    /// sources still prevent a fresh start.
    case sleepers
    /// Every timer, timer sources too: none of them fires again.
    case everyTimer
  }

  /// Starts over as a fresh process would: virtual time 0, the default wall clock, the random
  /// source unseeded; returns whether it could. A process is fresh only when nothing the program
  /// started can still run or wake (timers have absolute deadlines, and a thread or a
  /// quarantined task could act at any time); `abandoning` says what of an abandoned session may
  /// be left behind for that. Still false while a thread of the program lives or a task is
  /// quarantined; false changes nothing but what was abandoned.
  ///
  /// `vmrepl replay` uses it to run many scenarios in one process with the output each would
  /// give in a process of its own; `undo` and `explore` to re-run a session from its start.
  ///
  /// ```swift
  /// let fresh = Simulation.shared.startOver(abandoning: .sleepers)
  /// ```
  package func startOver(abandoning: Abandon) -> Bool {
    if core.restart() { return true }
    switch abandoning {
    case .nothing: return false
    case .sleepers: core.abandonSleepers()
    case .everyTimer: core.abandonTimers()
    }
    return core.restart()
  }

  /// What keeps the process from starting fresh after `startOver` said it could not, one phrase
  /// each in a fixed order (`a timer on DispatchSourceTimer on main (work of `send start`)`).
  package var freshStartBlockers: [String] { core.freshStartBlockers() }

  /// Lets go of the Dispatch blocks waiting for their deadline (`asyncAfter`: a delayed save the
  /// session left pending) without running them, as a cancelled work item is let go: what they
  /// captured goes as at the end of any session and none of their code runs, as in a process
  /// that ends there. Replay and explore workers do it between scenarios, so that such a block
  /// does not cost a new process. A sleeping task, a run-loop timer, a timer source (a Combine
  /// `debounce` on a Dispatch queue is one) or a thread still does: letting go of them would
  /// take the program's code.
  package func releaseDelayedBlocks() { core.releaseDelayedBlocks() }

  /// Whether work outside the simulation that `counts` is under way (cheaper than `idleState`).
  package func hasOutsideWork(where counts: (String) -> Bool) -> Bool {
    core.state.guarded { $0.externalWork.values.contains(where: counts) }
  }

  /// Whether jobs are ready or waiting in the inbox (cheaper than `idleState`).
  package var hasWaitingJobs: Bool {
    core.state.guarded { !$0.ready.isEmpty || !$0.inbox.isEmpty }
  }

  /// The deadline of the earliest live timer: `idleState.nextTimer`, without counting the others
  /// (asked once per timer while time moves one timer at a time).
  package var nextTimer: Duration? {
    core.state.guarded { state in state.nextLiveTimer().map { .nanoseconds($0.deadline) } }
  }

  /// What is left once nothing is ready: timers, external work, or nothing at all.
  package var idleState: IdleState {
    core.state.guarded { state in
      state.dropStaleTimers()
      let live = state.timers.unordered.filter { state.isLive($0) }
      return IdleState(
        hasReadyJobs: !state.ready.isEmpty || !state.inbox.isEmpty,
        nextTimer: live.min().map { .nanoseconds($0.deadline) },
        liveTimers: live.count,
        externalWork: state.externalWork.sorted { $0.key < $1.key }.map(\.value))
    }
  }

  // MARK: Schedules

  /// What chooses among the orders the Swift runtime allows at each step; nil (the default)
  /// runs first in, first out. `restart()` leaves it as it is.
  package var scheduler: Scheduler? {
    get { core.state.guarded { $0.scheduler } }
    set { core.state.guarded { $0.scheduler = newValue } }
  }

  /// The departures the scheduler described since the last call (only a scheduler made with
  /// `describingDepartures` describes them).
  package func takeDepartureRecords() -> [DepartureRecord] {
    core.state.guarded { state in
      guard let records = state.scheduler?.records, !records.isEmpty else { return [] }
      state.scheduler!.records.removeAll()
      return records
    }
  }

  /// Jobs run since the simulation was installed or last restarted (the runaway guard's
  /// recovery runs are not counted).
  package var jobsRun: Int { core.jobsRun.load(ordering: .relaxed) }

  /// Where the program stands: two equal marks mean that between them no job ran, no code
  /// the session called through `watched`, no block outside the simulation's queues, no
  /// foreign work began or ended, and time did not move. Nil while foreign work (a real
  /// thread) may be running the program's code: then nothing is known.
  package var activityMark: ActivityMark? {
    core.state.guarded { state in
      state.externalWork.isEmpty ? ActivityMark(count: core.activity.load(ordering: .relaxed), now: state.now) : nil
    }
  }

  /// Code outside the simulation's sight may have changed the program's state (a session
  /// command that calls it directly): marks taken before no longer match.
  package func noteActivity() { core.noteActivity() }

  /// The folder of this process's storage sandbox (HOME is its `home`, TMPDIR its `tmp`), made
  /// before any Swift code ran; nil with `VMREPL_NO_SANDBOX` set.
  package var sandboxRoot: String? {
    let root = String(cString: vmrepl_sandbox_root())
    return root.isEmpty ? nil : root
  }

  /// Writes every UserDefaults domain (standard, each suite) to its file in the sandbox and
  /// makes Foundation forget it, so the files are all there is to read, empty or reset.
  package func flushPreferences() { vmrepl_flush_preferences() }

  /// Empties the storage sandbox, as a fresh process has it; cheap when nothing was written.
  package func resetSandbox() { _ = vmrepl_sandbox_reset() }

  /// The URLProtocol every URLSession configuration lists first while set (the session's
  /// scripted `http`); nil leaves configurations as Foundation makes them.
  let firstURLProtocol = Mutex<ClassReference?>(nil)

  let taskResumed = Mutex<Callback<UnsafeMutableRawPointer>?>(nil)

  /// Hears of each URLSessionTask the driving thread resumes (its address, unretained).
  package func onURLSessionTaskResume(_ observer: (@Sendable (UnsafeMutableRawPointer) -> Void)?) {
    taskResumed.guarded { $0 = observer.map(Callback.init) }
  }

  /// Puts `type` first in every URLSessionConfiguration's `protocolClasses` (nil: nothing).
  package func setFirstURLProtocol(_ type: AnyClass?) {
    firstURLProtocol.guarded { $0 = type.map(ClassReference.init) }
  }

  /// Installs (or, with nil, removes) what is consulted about work other threads hand over:
  /// with one installed, such jobs join only at idle points, after `beforeAdmitting()`.
  package func setForeignWorkHook(_ hook: (any ForeignWorkHook)?) {
    core.foreignWorkHook.guarded { $0 = hook }
    core.hasForeignWorkHook.store(hook != nil, ordering: .relaxed)
  }

  /// Installs (or, with nil, removes) the observer told of every job after it ran.
  package func observeJobs(_ observer: (any JobObserver)?) {
    core.jobObserver.guarded { $0 = observer }
    core.observingJobs.store(observer != nil, ordering: .relaxed)
  }


  /// Installs (or, with nil, removes) what is called on the driving thread just before virtual
  /// time moves forward, while `now` still reads the time the work so far happened at: a
  /// session takes what was printed then, and stamps it with that time.
  package func observeTime(_ observer: (@Sendable () -> Void)?) {
    core.timeObserver.guarded { $0 = observer.map { body in Callback { _ in body() } } }
    core.observingTime.store(observer != nil, ordering: .relaxed)
  }

  /// Installs (or, with nil, removes) the observer of jobs that run off the main lane.
  package func observeLanes(_ observer: (any LaneObserver)?) {
    core.laneObserver.guarded { $0 = observer }
    core.observingLanes.store(observer != nil, ordering: .relaxed)
  }

  /// On the driving thread: vmrepl is about to set going code outside the simulation that may
  /// write view state (`name` says whose, put in words only when asked), such as an answer
  /// handed to URLSession, whose completion handlers and delegate methods run on its queue.
  package func foreignCodeMayRun(_ name: @escaping @Sendable () -> String) {
    guard core.observingLanes.load(ordering: .relaxed), let observer = core.laneObserver.guarded({ $0 }) else { return }
    observer.foreignCodeMayRun(OffMainName(name))
  }

  /// On the driving thread: what `foreignCodeMayRun` set going, and all it handed on outside
  /// the simulation, has ended.
  package func foreignCodeSettled() {
    guard core.observingLanes.load(ordering: .relaxed), let observer = core.laneObserver.guarded({ $0 }) else { return }
    observer.foreignCodeSettled()
  }

  /// The sleeper's address when it runs the program's code; nil for vmrepl's own tasks (a
  /// scripted answer's latency), which stand for a wait of the program's, not a task of it.
  private static func programTask(_ sleeper: SleeperReference) -> UInt? {
    guard let task = UnsafeRawPointer(bitPattern: sleeper.address), CodeNames.taskFunction(task) != nil else { return nil }
    return sleeper.address
  }

  /// Whether the task at `address` is a structured child (of `async let` or a task group),
  /// which cancelling its parent reaches; an unstructured `Task {}` never is.
  package static func isStructuredChild(task address: UInt) -> Bool {
    guard let task = UnsafeRawPointer(bitPattern: address) else { return false }
    return vmrepl_task_is_child(task) != 0
  }

  /// The address of the task running the caller, or nil outside a task (never printed).
  package static var currentTaskAddress: UInt? {
    withUnsafeCurrentTask { task in task.map { UInt(bitPattern: unsafeBitCast($0, to: UnsafeRawPointer.self)) } }
  }

  /// Whether Combine's code is on the calling thread's stack (a pipeline set this going).
  package static func combineOnStack() -> Bool { CodeNames.stackIncludes(modules: CodeNames.combineModules) }

  /// The program's innermost function on the calling thread's stack, at the line of the call
  /// (`ArticleListViewModel.load() at Sources/Articles.swift:41`); nil when none is the program's.
  package static func programCaller() -> String? { CodeNames.programCaller() }

  /// The program's functions the running task returns into, innermost first, each with the line
  /// of its call (`APIClient.get(_:) at F:10, line 12`, `FeedViewModel.load() at F:28, line 30`:
  /// declared at F:28, calling on line 30), when the caller
  /// runs inside a continuation's body (URLSession's `data(for:)` resumes its data task in one);
  /// empty elsewhere. A generic helper's callers say what its answer decodes into.
  package static func continuationCallers(limit: Int = 6) -> [String] { CodeNames.continuationCallers(limit: limit) }

  /// Calls `body` on the driving thread right after job number `job` (counted as `jobsRun`
  /// counts) has run, before the next one: a point where every task is suspended. `restart()`
  /// forgets it.
  ///
  /// `explore --cancel-anywhere` cancels an effect there.
  package func pause(afterJob job: Int, _ body: @escaping @Sendable () -> Void) {
    core.pauseHandler.guarded { $0 = Callback { _ in body() } }
    core.pauseAfterJob.store(job, ordering: .relaxed)
  }

  // MARK: The world

  /// The virtual wall clock (what `Date()` reads on the driving thread), in nanoseconds since 1970.
  package var wallClockNanoseconds: Int64 { vmrepl_world_wall_clock() }

  /// Sets the virtual wall clock to `unixNanoseconds` now; it moves with virtual time from here.
  package func setWallClock(unixNanoseconds: Int64) {
    vmrepl_world_set_wall_clock(unixNanoseconds, now.wholeNanoseconds)
  }

  /// Restarts the seeded source behind `SystemRandomNumberGenerator`, `UUID()` and getrandom on
  /// the driving thread.
  package func seedRandomness(_ seed: UInt64) {
    vmrepl_world_seed(seed)
  }

  /// How many threads the program started in the simulation are alive (parked ones included).
  package var liveThreads: Int { Int(vmrepl_threads_alive()) }

  /// Starts the numbering of the program's threads over (`Thread 1`), for a new session.
  package func renumberThreads() { vmrepl_threads_renumber() }

  /// The stretches of time the main thread spent blocked since the last call.
  package func takeMainThreadBlocks() -> [MainThreadBlock] {
    core.mainThreadBlocks.guarded { blocks in
      defer { blocks.removeAll() }
      return blocks
    }
  }

  /// The simulated threads parked in a blocking call now, oldest first, with what each waits on.
  package var blockedThreads: [BlockedThread] { SimulatedThreads.parked() }

  /// Scheduling sources the program used since the last call that the simulation does not
  /// control (such as `DispatchSourceTimer`), each named once.
  package func takeUnsupportedSources() -> [String] {
    core.state.guarded { state in
      defer { state.unsupported.removeAll() }
      return state.unsupported
    }
  }

  // MARK: Steps and guards

  /// Starts a step: names it for the watchdog and resets the runaway guard's job count.
  package func beginStep(_ name: String) {
    core.stepName.guarded { $0 = name }
    core.jobsThisStep.store(0, ordering: .relaxed)
    if core.progressAfter.load(ordering: .relaxed) > 0 { core.stepStartedAt.store(wallNanoseconds(), ordering: .relaxed) }
    core.countedInstant.store(-1, ordering: .relaxed)
  }

  /// Runs `body`, view-model code called outside any job (a synchronous action, an `init`),
  /// under the watchdog, like a job.
  package func watched<Result>(_ body: () throws -> Result) rethrows -> Result {
    core.noteActivity()
    defer { core.noteActivity() }
    let outer = core.runningJobStart.load(ordering: .relaxed)
    if outer == 0 { core.runningJobStart.store(wallNanoseconds(), ordering: .relaxed) }
    // It runs as the main lane: a blocking call in it blocks the main thread (see `driverWait`).
    vmrepl_job_enter(1)
    defer {
      vmrepl_job_leave()
      if outer == 0 { core.runningJobStart.store(0, ordering: .relaxed) }
    }
    return try body()
  }

  /// After `runaway`: finds the work that kept the step busy, cancels it, and stops running the
  /// jobs of work that ignores cancellation, so the session can go on.
  package func recoverFromRunaway() -> RunawayReport {
    core.recoverFromRunaway()
  }

  /// Where the virtual wall clock starts in a fresh process, in nanoseconds since 1970
  /// (2026-01-01T09:41:00Z).
  package static let defaultWallClock: Int64 = VMREPL_DEFAULT_WALL_CLOCK

  /// The runaway guard's limit unless told otherwise: far above what a step of a real
  /// view-model runs, low enough that a loop is stopped within seconds.
  package static let defaultMaxJobsPerStep = 5_000_000

  /// The most jobs a step may run at one virtual instant, time not moving, with `limit` jobs
  /// for the whole step: a hundredth of it (50,000 by default). A loop that yields forever never
  /// moves time; in a debug build, which runs 30,000 to 90,000 jobs a second, the whole step's
  /// limit took a minute to stop one, which a user sees as a hang. A heavy step that moves
  /// time (a timer firing 10,000 times) is held to the step's limit only.
  package static func sameInstantLimit(forStep limit: Int) -> Int { max(limit / 100, 1) }

  /// The watchdog's limit unless told otherwise.
  package static let defaultWatchdogLimit = Duration.seconds(10)

  /// The most jobs one step may run without becoming idle; 0 means no limit.
  package var maxJobsPerStep: Int {
    get { core.maxJobsPerStep.load(ordering: .relaxed) }
    set { core.maxJobsPerStep.store(newValue, ordering: .relaxed) }
  }

  /// How long a single job may run in wall time before the watchdog ends the process;
  /// `.zero` turns the watchdog off.
  package var watchdogLimit: Duration {
    get { .nanoseconds(core.watchdogNanoseconds.load(ordering: .relaxed)) }
    set { core.watchdogNanoseconds.store(newValue.wholeNanoseconds, ordering: .relaxed) }
  }

  /// Extra words for the watchdog's message, such as how to change its limit.
  package func setWatchdogHint(_ hint: String) {
    core.watchdogHint.guarded { $0 = hint }
  }

  /// Asks the driving loop to stop between jobs with `SimulationError.interrupted`; safe from
  /// any thread and from a signal-handling thread.
  package func interrupt() {
    core.interruptRequested.store(true, ordering: .relaxed)
    core.foreignArrivals.signal()
  }

  /// Like `interrupt()`, but only sets a flag: safe inside a signal handler.
  package func interruptFromSignalHandler() {
    core.interruptRequested.store(true, ordering: .relaxed)
  }

  /// Forgets an interrupt that arrived while nothing was running.
  package func clearInterrupt() {
    core.interruptRequested.store(false, ordering: .relaxed)
  }

  // MARK: Work outside the executor

  /// Announces work that happens outside the executor (a real network request), so an idle
  /// simulation knows something may still arrive. Call `finish()` on the result when it is over.
  package func beginExternalWork(_ label: String) -> ExternalWork {
    ExternalWork(id: core.beginExternal(label), core: core)
  }

  /// Blocks the driving thread until another thread hands over a job or finishes external work,
  /// or until `timeout` of wall time passes. Returns false on timeout. Jobs handed over by other
  /// threads run at the next `runUntilIdle()`, in arrival order.
  /// Blocks the driving thread while work outside the simulation that `counts` is under way, up
  /// to `timeout` of wall time; jobs other threads hand over meanwhile wait in the inbox. Returns
  /// false on timeout.
  package func waitWhileOutsideWork(timeout: Duration, counts: (String) -> Bool, or pending: () -> Bool = { false }) -> Bool {
    let deadline = DispatchTime.now() + .nanoseconds(Int(max(0, timeout.wholeNanoseconds)))
    vmrepl_threads_outside_wait(1)
    defer { vmrepl_threads_outside_wait(0) }
    while core.state.guarded({ $0.externalWork.values.contains(where: counts) }) || pending() {
      guard DispatchTime.now() < deadline else { return false }
      _ = core.foreignArrivals.wait(timeout: min(deadline, DispatchTime.now() + .milliseconds(5)))
    }
    return true
  }

  package func waitForForeignWork(timeout: Duration) -> Bool {
    if core.state.guarded({ !$0.inbox.isEmpty }) { return true }
    let nanoseconds = max(0, timeout.wholeNanoseconds)
    vmrepl_threads_outside_wait(1)
    defer { vmrepl_threads_outside_wait(0) }
    return core.foreignArrivals.wait(timeout: DispatchTime.now() + .nanoseconds(Int(nanoseconds))) == .success
  }
}

/// A class, held across threads: a class object is immutable and lives as long as the program.
struct ClassReference: @unchecked Sendable {
  // Unchecked: metatypes of classes are not marked Sendable, but a class object never changes.
  let type: AnyClass
}
