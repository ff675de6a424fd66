internal import CSimulationRuntime
import Synchronization

/// The run loop timers Foundation scheduled on the driving thread, each with the work of the
/// step that scheduled it.
///
/// A run loop mode arms one descriptor for its earliest timer, so the simulation's own timer
/// for a mode says nothing about whose timer is due. Following each `CFRunLoopTimer` from
/// `CFRunLoopAddTimer` to its invalidation lets a report credit every `Timer` to the step that
/// scheduled it, keeps that step's work alive exactly as long as the timer can fire, and runs the
/// timer's callback as that step's work (a task it starts is that step's work too).
final class RunLoopTimers: Sendable {
  private struct Entry: Sendable {
    /// The timer's address; the entry holds a CF retain on it until it is let go.
    let address: UInt
    let tag: WorkTag?
    /// Whether a Combine operator scheduled it (OpenCombine's `RunLoop` scheduler).
    let combine: Bool
  }


  private let entries = Mutex<[Entry]>([])

  /// Foundation added `timer` to a run loop: it is the current work's, until invalidated.
  func added(_ timer: UnsafeMutableRawPointer) {
    let address = UInt(bitPattern: timer)
    let tag = WorkTag.current
    // A timer is added once (a repeating one fires many times): the walk is paid once.
    let combine = CodeNames.stackIncludes(modules: CodeNames.combineModules)
    let isNew = entries.guarded { entries -> Bool in
      guard !entries.contains(where: { $0.address == address }) else { return false }
      entries.append(Entry(address: address, tag: tag, combine: combine))
      return true
    }
    if isNew { vmrepl_runloop_timer_retain(timer) }
  }

  /// Runs `timer`'s own callout as the work of the step that scheduled it.
  func fire(_ timer: UnsafeMutableRawPointer, callout: UnsafeMutableRawPointer, info: UnsafeMutableRawPointer?) {
    let address = UInt(bitPattern: timer)
    let tag = entries.guarded { $0.first(where: { $0.address == address })?.tag }
    WorkTag.running(tag) { vmrepl_runloop_timer_call(callout, timer, info) }
  }

  /// Lets go of the timers that can no longer fire (invalidated, or one-shot and fired), and so
  /// of the work they kept alive.
  func sweep() {
    let gone = entries.guarded { entries -> [UInt] in
      var gone: [UInt] = []
      entries.removeAll { entry in
        guard let timer = UnsafeMutableRawPointer(bitPattern: entry.address),
          vmrepl_runloop_timer_is_valid(timer) == 0
        else { return false }
        gone.append(entry.address)
        return true
      }
      return gone
    }
    // Releasing a timer can free the Swift `Timer` and its closure: outside the lock.
    for address in gone { vmrepl_runloop_timer_release(UnsafeMutableRawPointer(bitPattern: address)) }
  }

  /// Invalidates every followed timer that can still fire, as the process's end would, and lets
  /// go of them: an abandoned session's repeating `Timer` (one a cancelled action started, or one
  /// nobody invalidated) never fires in the next. None of the program's code runs but what
  /// releasing a timer's closure releases (a `deinit`), as when a delayed block is let go.
  func invalidateAll() {
    let live = entries.guarded { $0.map(\.address) }
    for address in live {
      guard let timer = UnsafeMutableRawPointer(bitPattern: address), vmrepl_runloop_timer_is_valid(timer) != 0 else { continue }
      vmrepl_runloop_timer_invalidate(timer)
    }
    sweep()
  }

  /// Whether any timer is followed.
  var isEmpty: Bool { entries.guarded { $0.isEmpty } }

  /// The timers that can still fire, with their virtual deadlines: `now` plus the time to the
  /// timer's fire date, to the nearest microsecond. (A fire date is a `CFAbsoluteTime`, good to
  /// about 119 ns today, and so is the reading of now it is measured against; the simulation
  /// snaps the result to the run loop's own deadline when it is that one.)
  func pending(now: Int64) -> [PendingTimer] {
    let live = entries.guarded { $0 }
    return live.compactMap { entry -> PendingTimer? in
      guard let timer = UnsafeMutableRawPointer(bitPattern: entry.address),
        vmrepl_runloop_timer_is_valid(timer) != 0
      else { return nil }
      let delay = vmrepl_runloop_timer_delay(timer)
      guard delay >= 0 else { return nil }
      let deadline = (now &+ delay &+ 500) / 1_000 * 1_000
      return PendingTimer(
        deadline: .nanoseconds(deadline), clock: "RunLoop timer", label: entry.tag?.label, work: entry.tag?.id,
        armedByCombine: entry.combine)
    }
  }
}

/// One pass of the run loop behind descriptor `fd`, whose earliest timer fell due: it runs every
/// `Timer` due, each as the work of the step that scheduled it (see `RunLoopTimers`).
final class RunLoopPass: ReadyWork {
  let fd: Int32
  /// How far past the deadline CoreFoundation's date for the timer lies (see `runLoopDeadline`).
  let lead: Int64

  init(fd: Int32, lead: Int64) {
    self.fd = fd
    self.lead = lead
  }

  var onMain: Bool { true }
  var lane: Lane { .main }
  var workID: UInt64? { nil }
  var description: String { "a run loop timer" }
  var offMainName: OffMainName { OffMainName(text: "a run loop timer") }

  func info(candidate: Int?) -> ReadyJobInfo {
    ReadyJobInfo(
      candidate: candidate, place: "the main thread", code: nil, kind: .runLoopTimer, task: nil, work: nil,
      reason: .timerFired)
  }

  func run() {
    let core = Simulation.shared.core
    let outermost = core.state.guarded { state -> Bool in
      let outer = state.inRunLoopPass
      state.inRunLoopPass = true
      return !outer
    }
    vmrepl_runloop_fire(fd, lead)
    if outermost { core.endRunLoopPass() }
    // CF invalidates a one-shot timer after its callout, inside the pass.
    core.runLoopTimers.sweep()
  }
}

/// The newest arming of each run loop timer descriptor, by descriptor: a process has one or two
/// (a run loop per thread that runs one), and a dictionary's hashing was a twentieth of a timer's
/// firing, asked at every look at whether the next timer is live.
struct RunLoopGenerations {
  private var entries: [(fd: Int32, generation: UInt64)] = []

  /// The descriptor's newest arming's generation; 0 before its first.
  subscript(fd: Int32) -> UInt64 {
    get { entries.first { $0.fd == fd }?.generation ?? 0 }
    set {
      if let index = entries.firstIndex(where: { $0.fd == fd }) {
        entries[index].generation = newValue
      } else {
        entries.append((fd, newValue))
      }
    }
  }
}

/// The deadline a run loop mode armed for its earliest timer; only its newest arming counts.
struct RunLoopDeadline: TimerAction {
  let pass: RunLoopPass
  let generation: UInt64

  func isLive(in state: borrowing SimulationState) -> Bool {
    state.runLoopGenerations[pass.fd] == generation && vmrepl_runloop_has_timer() != 0
  }

  func fire(_ timer: Timer, in state: inout SimulationState) -> CheckedContinuation<Void, any Error>? {
    state.ready.append(.work(pass))
    return nil
  }

  /// Foundation would arm it again: abandoning sleepers keeps it.
  func keepWhenAbandoningSleepers(in state: inout SimulationState) -> Bool { true }

  var lane: Lane { .main }
  var isRunLoopDeadline: Bool { true }
}

extension SimulationCore {
  /// Where a run-loop deadline lands, and how far CoreFoundation's date for it lies past that.
  ///
  /// CoreFoundation keeps fire dates as `CFAbsoluteTime`, a Double of seconds since 2001, whose
  /// grain at today's dates is about 119 ns: `RunLoop.now + 0.1` comes back a few nanoseconds
  /// off the instant the code meant, either way. A date just before a whole microsecond lands
  /// on it (rounded up: the pass then finds the timer due). A date at most two grains past one
  /// lands on it too, where the code meant it, with that distance as the pass's `lead`: CF's
  /// clock reads that far ahead while it looks for due timers, so it finds this one due. (It
  /// used to land on the next microsecond, and a transcript said 1.850001s for a timer of 0.1 s
  /// set at 1.75 s.) Any other date rounds up to the next microsecond: never before CF's own,
  /// as a device fires a timer late, never early.
  static func runLoopDeadline(_ nanoseconds: Int64, grain: Int64) -> (deadline: Int64, lead: Int64) {
    let remainder = nanoseconds % 1_000
    if remainder == 0 { return (nanoseconds, 0) }
    if remainder <= 2 * grain && 2 * grain < 500 { return (nanoseconds &- remainder, remainder) }
    return (nanoseconds &+ (1_000 - remainder), 0)
  }

  /// A run loop mode armed (or, with `delay` < 0, disarmed) the timer on descriptor `fd`.
  ///
  /// The mode's timer belongs to no step: each `Timer` behind it is followed by `runLoopTimers`,
  /// which credits it to the step that scheduled it.
  ///
  /// A firing arms the mode twice (before the timer's callout and after it moved the timer on):
  /// inside a pass the simulation made, only the newest arming of each descriptor becomes a
  /// timer, when the pass ends (`endRunLoopPass`), with the sequence it took when it was made.
  /// Timers fire between jobs, so the armings it replaced could never have fired; only a job
  /// that blocks lets time move inside it, and the look at the timers then adds the armings so
  /// far first (`SimulationState.dropStaleTimers`).
  func armRunLoopTimer(fd: Int32, delay: Int64) {
    let grain = vmrepl_runloop_date_grain()
    state.guarded { state in
      let generation = state.runLoopGenerations[fd] &+ 1
      state.runLoopGenerations[fd] = generation
      if state.inRunLoopPass { state.passArmings.removeAll { $0.fd == fd } }
      guard delay >= 0 else { return }
      let (deadline, lead) = Self.runLoopDeadline(state.now &+ delay, grain: grain)
      let arming = RunLoopArming(
        fd: fd, generation: generation, deadline: max(state.now, deadline), lead: lead,
        sequence: state.takeSequence())
      if state.inRunLoopPass {
        state.passArmings.append(arming)
      } else {
        state.arm(arming)
      }
    }
  }

  /// Ends the simulation's run loop pass: each descriptor's newest arming in it becomes a timer.
  func endRunLoopPass() {
    state.guarded { state in
      state.inRunLoopPass = false
      state.armPassArmings()
    }
  }
}

/// A run loop mode's arming of its descriptor, as a timer of the simulation will have it.
struct RunLoopArming {
  let fd: Int32
  let generation: UInt64
  /// Virtual nanoseconds since the start.
  let deadline: Int64
  let lead: Int64
  let sequence: UInt64
}

extension SimulationState {
  /// Makes the armings a pass deferred timers now (the pass goes on deferring later ones).
  mutating func armPassArmings() {
    if passArmings.isEmpty { return }
    for arming in passArmings { arm(arming) }
    passArmings.removeAll(keepingCapacity: true)
  }

  mutating func arm(_ arming: RunLoopArming) {
    timers.insert(
      Timer(
        deadline: arming.deadline, sequence: arming.sequence,
        action: RunLoopDeadline(pass: RunLoopPass(fd: arming.fd, lead: arming.lead), generation: arming.generation),
        label: nil, clock: "RunLoop timer", work: nil))
  }
}

extension RunLoopTimers {
  /// Fills the callback table's entries for Foundation's run loops (runloop.c).
  static func install(into callbacks: inout vmrepl_callbacks) {
    callbacks.runloop_timer = { fd, delay in
      Simulation.shared.core.armRunLoopTimer(fd: fd, delay: delay)
    }
    callbacks.runloop_timer_added = { timer in
      guard let timer else { return }
      Simulation.shared.core.runLoopTimers.added(timer)
    }
    callbacks.runloop_timer_invalidated = { _ in
      Simulation.shared.core.runLoopTimers.sweep()
    }
    callbacks.runloop_timer_fire = { timer, callout, info in
      guard let timer, let callout else { return }
      Simulation.shared.core.runLoopTimers.fire(timer, callout: callout, info: info)
    }
  }
}
