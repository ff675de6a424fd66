internal import CSimulationRuntime
import Dispatch
internal import Platform
import Synchronization

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
  let observingTime = Atomic<Bool>(false)
  /// In a box: a function value kept in a generic Mutex is re-abstracted (wrapped in one more
  /// thunk) at every access through its `inout`, which made each firing slower than the last.
  let timeObserver = Mutex<Callback<Void>?>(nil)
  let foreignWorkHook = Mutex<(any ForeignWorkHook)?>(nil)
  let hasForeignWorkHook = Atomic<Bool>(false)
  let globalQueue = GlobalQueue()
  /// What a task did while its job inside `Task.sleep` ran, and the program's frames seen to hop
  /// to the main actor at once (`SleepTurn`).
  let sleepWitness = SleepTurnWitness()
  let sleepHops = SleepHops()
  /// Times the main thread was blocked since the last `takeMainThreadBlocks()`.
  let mainThreadBlocks = Mutex<[MainThreadBlock]>([])

  let driverThread = Atomic<UInt>(0)
  /// Wall time at which the job now running started, 0 between jobs.
  let runningJobStart = Atomic<Int64>(0)
  let runningGlobalJob = Atomic<Bool>(false)
  let interruptRequested = Atomic<Bool>(false)
  let stopRequested = Atomic<Bool>(false)
  let jobsThisStep = Atomic<Int>(0)
  /// Jobs run in this step since virtual time last moved, and the instant they ran at: the
  /// same-instant runaway guard's count.
  let jobsAtInstant = Atomic<Int>(0)
  let countedInstant = Atomic<Int64>(-1)
  /// Jobs run since the simulation started or restarted.
  let jobsRun = Atomic<Int>(0)
  /// Moves on whenever the program's code may have run (see `Simulation.activityMark`); never
  /// reset, so a mark taken before a restart never matches one taken after it.
  let activity = Atomic<UInt64>(0)
  /// The job after which `pauseHandler` runs; 0 for none.
  let pauseAfterJob = Atomic<Int>(0)
  let pauseHandler = Mutex<Callback<Void>?>(nil)
  let maxJobsPerStep = Atomic<Int>(Simulation.defaultMaxJobsPerStep)
  let watchdogNanoseconds = Atomic<Int64>(Simulation.defaultWatchdogLimit.wholeNanoseconds)
  let stepName = Mutex("")
  /// Wall time the running step began at (0 between steps), and the progress reports' wish.
  let stepStartedAt = Atomic<Int64>(0)
  /// The Dispatch timer source whose handler runs now (-1: none), and the sources a Combine
  /// operator set.
  let firingSource = Atomic<Int32>(-1)
  let sourceTimersByCombine = Mutex<Set<Int32>>([])
  let progressAfter = Atomic<Int64>(0)
  let progressReporter = Mutex<Callback<StepProgress>?>(nil)
  /// What `vmrepl_runtime_activate` redirected (VMREPL_* bits).
  let redirected = Atomic<Int32>(0)
  let runaway = RunawayDiagnosis()
  let watchdogHint = Mutex("")
  /// Signalled whenever another thread hands over work, so a waiting driver wakes up.
  let foreignArrivals = DispatchSemaphore(value: 0)

  /// Whether the caller runs in the simulation: on the driving thread, or on a simulated thread
  /// (which runs only while the driving thread waits for it).
  var isOnDriverThread: Bool { Platform.currentThreadID() == driverThread.load(ordering: .relaxed) || vmrepl_in_simulation() != 0 }
  /// Whether the caller is the driving thread, the program's main thread.
  var isOnMainThread: Bool { Platform.currentThreadID() == driverThread.load(ordering: .relaxed) }
  var isRunningGlobalJob: Bool { runningGlobalJob.load(ordering: .relaxed) }

  // MARK: Accepting work

  /// Takes a job that is ready now: into the ready queue from the simulation, into the inbox
  /// from another thread.
  func enqueue(_ ready: ReadyJob) {
    if isOnDriverThread {
      if runaway.active.load(ordering: .relaxed) { runaway.recordCurrentTask() }
      if runaway.currentTaskIsQuarantined() { return }
      state.guarded { $0.ready.append(ready) }
    } else {
      state.guarded { $0.inbox.append(ready) }
      foreignArrivals.signal()
    }
  }

  /// The program's code may have run, or may run now: readings of its state taken before are
  /// not to be reused.
  func noteActivity() { activity.wrappingAdd(1, ordering: .relaxed) }

  func beginExternal(_ label: String) -> UInt64 {
    noteActivity()
    return state.guarded { state -> UInt64 in
      let id = state.takeSequence()
      state.externalWork[id] = label
      return id
    }
  }

  func endExternal(_ id: UInt64) {
    _ = state.guarded { $0.externalWork.removeValue(forKey: id) }
    noteActivity()
    foreignArrivals.signal()
  }

  /// Remembers that the program used a source the simulation does not control.
  func noteUnsupported(_ what: String) {
    state.guarded { state in
      if !state.unsupported.contains(what) { state.unsupported.append(what) }
    }
  }
}

/// A function the simulation calls back, held by reference (see `timeObserver`).
final class Callback<Argument>: Sendable {
  let body: @Sendable (Argument) -> Void
  init(_ body: @escaping @Sendable (Argument) -> Void) { self.body = body }
}
