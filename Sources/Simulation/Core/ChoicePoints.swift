internal import CSimulationRuntime
internal import HeapModule

/// The Swift runtime's identifier of the task a job belongs to (0 for jobs that are not a task's).
@_silgen_name("swift_task_getJobTaskId")
private func jobTaskID(_ job: UnownedJob) -> UInt64

/// `jobTaskID` for the rest of the module.
func jobTaskIDOf(_ job: UnownedJob) -> UInt64 { jobTaskID(job) }

/// Where a scheduler may choose, and only there: the orders the runtime could really produce.
///
/// - The main actor's jobs, main-queue blocks and main-thread firings share one serial lane and
///   keep their first-in-first-out order.
/// - A job of the global executor (a task, a default actor's turn, a sleep's wake-up) may run
///   before or after anything else: on a device it runs on another thread. An actor's own jobs
///   keep the order the runtime gives them, because the runtime hands the simulation only the
///   actor's turn.
/// - Blocks on a Dispatch queue keep their order on that queue (all of them, even on a
///   concurrent queue: a missed race is better than a false one); a timer source's handler off
///   the main queue keeps its order against every Dispatch block, since its queue is not known.
/// - Timers due at the same instant may fire in any order, except those bound for the same
///   serial lane.
extension SimulationState {
  /// The next ready job: the first that may run now, unless a scheduler picks another.
  /// `excludingMain` leaves the main lane's jobs (the main thread is blocked in a job).
  mutating func takeReady(excludingMain: Bool = false) -> ReadyJob? {
    let constrained = excludingMain || vmrepl_queue_busy_count() > 0
    guard scheduler != nil, ready.count > 1 else {
      guard constrained else { return ready.popFirst() }
      guard let index = ready.firstIndex(where: { $0.isRunnable(excludingMain: excludingMain) }) else { return nil }
      return ready.remove(at: index)
    }
    var lanes = LaneTracker()
    var candidates: [Candidate] = []
    swap(&candidates, &candidateScratch)
    defer { swap(&candidates, &candidateScratch) }
    candidates.removeAll(keepingCapacity: true)
    for (position, job) in ready.enumerated() {
      // A job that may not run still holds its lane: what follows it there waits too.
      guard let thread = lanes.admit(Lane(job)) else { continue }
      if !constrained || job.isRunnable(excludingMain: excludingMain) {
        candidates.append(Candidate(position: position, thread: thread))
      }
    }
    guard let first = candidates.first else { return nil }
    guard candidates.count > 1 else { return ready.remove(at: first.position) }
    let index = scheduler!.choose(candidates)
    if index == 0 { return ready.remove(at: first.position) }
    if scheduler!.describesDepartures {
      scheduler!.records.append(
        DepartureRecord(
          departure: scheduler!.departures.last!, candidates: candidates.count,
          chosen: describe(ready[candidates[index].position]), instead: describe(ready[first.position]), isTimer: false))
    }
    return ready.remove(at: candidates[index].position)
  }

  /// The timer to fire of those due at the earliest live timer's instant: that one, unless a
  /// scheduler picks another. Removes it from the heap.
  mutating func takeTimer(_ first: Timer) -> Timer {
    guard scheduler != nil else { return timers.removeMin() }
    // A timer fires at each turn of a timer-driven scenario: the scratch arrays keep this
    // choice point from allocating.
    var due: [Timer] = []
    swap(&due, &timerScratch)
    defer {
      due.removeAll(keepingCapacity: true)
      swap(&due, &timerScratch)
    }
    due.removeAll(keepingCapacity: true)
    for timer in timers.unordered where timer.deadline == first.deadline && isLive(timer) { due.append(timer) }
    guard due.count > 1 else { return timers.removeMin() }
    due.sort()
    var lanes = LaneTracker()
    var candidates: [Candidate] = []
    swap(&candidates, &candidateScratch)
    defer { swap(&candidates, &candidateScratch) }
    candidates.removeAll(keepingCapacity: true)
    for (position, timer) in due.enumerated() {
      if let thread = lanes.admit(Lane(timer)) { candidates.append(Candidate(position: position, thread: thread)) }
    }
    guard candidates.count > 1 else { return timers.removeMin() }
    let index = scheduler!.choose(candidates)
    if index == 0 { return timers.removeMin() }
    let chosen = due[candidates[index].position]
    if scheduler!.describesDepartures {
      scheduler!.records.append(
        DepartureRecord(
          departure: scheduler!.departures.last!, candidates: candidates.count,
          chosen: chosen.description, instead: due[0].description, isTimer: true))
    }
    // The timers before the chosen one in the heap's order (those due with it, and stale ones
    // between them) are taken out and put back: no new heap is built.
    due.removeAll(keepingCapacity: true)
    while true {
      let next = timers.removeMin()
      if next.sequence == chosen.sequence { break }
      due.append(next)
    }
    for timer in due { timers.insert(timer) }
    return chosen
  }
}

/// The serial lane a job or timer belongs to, which fixes what may overtake it.
enum Lane {
  /// The main thread: main-actor jobs, main-queue blocks, main-thread firings.
  case main
  /// Work of its own thread of control, free to run in any order: `thread` names it for PCT.
  case free(thread: UInt64)
  /// A block on a Dispatch queue other than the main queue.
  case queue(UnsafeMutableRawPointer)
  /// A Dispatch timer source's handler off the main queue, on a queue not known here.
  case dispatchFiring

  init(_ job: ReadyJob) {
    switch job {
    case .task(_, onMain: true, _): self = .main
    case .task(let job, onMain: false, _): self = SwiftTasks.freeLane(of: job)
    case .work(let work): self = work.lane
    }
  }

  init(_ timer: Timer) { self = timer.action.lane }
}

/// The low bits of a lane's PCT thread number, which keep the numbers of different kinds of work
/// apart: a task's id, a thread's id and a sleep's id may be equal numbers.
enum LaneTag {
  /// The main thread (the whole number).
  static let mainThread: UInt64 = 1
  /// A task's job: `task id << 2 | 2`.
  static let task: UInt64 = 2
  /// Timer-source handlers off the main queue (the whole number).
  static let dispatchFiring: UInt64 = 3
  /// A simulated thread: `thread id << 3 | 5`.
  static let thread: UInt64 = 5
  /// A `VirtualClock` sleep: `sleep id << 3 | 7`.
  static let virtualSleep: UInt64 = 7
}

/// Walks work in first-in-first-out order and says which may run first: the head of each
/// serial lane, and every piece of free work.
struct LaneTracker {
  private var seenMain = false
  private var seenDispatch = false
  private var seenDispatchFiring = false
  private var seenQueues: [UnsafeMutableRawPointer] = []

  /// A queue's thread for PCT: a hash of its label, not its address, which depends on what the
  /// process allocated before and would make a schedule differ from one process to another.
  private static func thread(ofQueue queue: UnsafeMutableRawPointer) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var label = vmrepl_dispatch_queue_label(queue)
    while let byte = label?.pointee, byte != 0 {
      hash = (hash ^ UInt64(UInt8(bitPattern: byte))) &* 0x0000_0100_0000_01B3
      label = label?.successor()
    }
    return hash << 2
  }

  /// The thread of work in `lane` if it may run before everything walked so far; nil if not.
  mutating func admit(_ lane: Lane) -> UInt64? {
    switch lane {
    case .main:
      defer { seenMain = true }
      return seenMain ? nil : LaneTag.mainThread
    case .free(let thread):
      return thread
    case .queue(let queue):
      defer {
        seenQueues.append(queue)
        seenDispatch = true
      }
      return seenDispatchFiring || seenQueues.contains(queue) ? nil : Self.thread(ofQueue: queue)
    case .dispatchFiring:
      defer {
        seenDispatch = true
        seenDispatchFiring = true
      }
      return seenDispatch ? nil : LaneTag.dispatchFiring
    }
  }
}

extension SimulationState {
  /// What a job is, as a departure names it; tasks are numbered in the order the schedule's
  /// departures first name them, so the words are the same on every run.
  fileprivate mutating func describe(_ job: ReadyJob) -> String {
    // Named by its code, as `ready` names it: `CartViewModel.add(_:) on the main actor (task 2)`.
    let info = job.info(candidate: nil)
    var text: String
    switch info.reason {
    case .threadStarts: text = "\(info.place) starting"
    case .threadResumes(let after): text = "\(info.place) going on after \(after)"
    default: text = (info.code ?? info.kind.text) + " on " + info.place
    }
    if case .task(let unowned, _, _) = job {
      let id = jobTaskID(unowned)
      if id != 0 { text += " (task \(scheduler!.taskNumber(id)))" }
    }
    return text
  }
}
