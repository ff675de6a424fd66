/// One scheduled wake-up, ordered by deadline and then by arrival.
///
/// Two words and one reference: every look at the next timer (several per firing while time
/// moves) copies the heap's top, and a copy of the action, label and clock themselves (an
/// existential and two strings) was a sixth of a run-loop timer's firing.
struct Timer: Comparable {
  let deadline: Int64
  let sequence: UInt64
  private let details: Details

  /// What firing it does; its type is the scheduling source that armed it.
  var action: any TimerAction { details.action }
  var label: String? { details.label }
  var clock: String { details.clock }
  /// The id of the `WorkTag` of whoever set it.
  var work: UInt64? { details.work }

  init(deadline: Int64, sequence: UInt64, action: any TimerAction, label: String?, clock: String, work: UInt64? = nil) {
    self.deadline = deadline
    self.sequence = sequence
    self.details = Details(action: action, label: label, clock: clock, work: work)
  }

  /// What a timer does and who set it, fixed when it is armed.
  private final class Details {
    let action: any TimerAction
    let label: String?
    let clock: String
    let work: UInt64?

    init(action: any TimerAction, label: String?, clock: String, work: UInt64?) {
      self.action = action
      self.label = label
      self.clock = clock
      self.work = work
    }
  }

  static func < (lhs: Timer, rhs: Timer) -> Bool {
    (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
  }
  static func == (lhs: Timer, rhs: Timer) -> Bool {
    lhs.deadline == rhs.deadline && lhs.sequence == rhs.sequence
  }
}

/// Who made a task job ready, packed in one word so that jobs stay small: the id of the work that
/// enqueued it, with the top bit set when its timer woke it.
enum ReadyBy {
  static let timer: UInt64 = 1 << 63

  static func enqueued(by work: UInt64?) -> UInt64 { work ?? 0 }
  static func woken(_ timer: Timer) -> UInt64 { (timer.work ?? 0) | Self.timer }
}

/// A job ready to run.
enum ReadyJob {
  /// A Swift concurrency job, whether it was enqueued on the main executor, and who made it ready
  /// (`ReadyBy`: the id of the work that enqueued it, or of the timer that woke it).
  case task(UnownedJob, onMain: Bool, by: UInt64)
  /// Work of another scheduling source: a Dispatch block, a firing, a thread's turn.
  case work(any ReadyWork)

  /// Whether it runs as the main actor (the main thread).
  var onMain: Bool {
    switch self {
    case .task(_, let onMain, _): onMain
    case .work(let work): work.onMain
    }
  }

  /// The id of the work it is, or, for a task's job, of the work that made it ready.
  var workID: UInt64? {
    switch self {
    case .task(_, _, let by): by & ~ReadyBy.timer == 0 ? nil : by & ~ReadyBy.timer
    case .work(let work): work.workID
    }
  }

  /// Whether it is the wake-up `Task.sleep` hands the runtime with its deadline: a task of the
  /// concurrency library's own whose every function is the toolchain's (it resumes the
  /// sleeper's continuation, which enqueues the sleeper). None of the program's code runs in
  /// it, so it cannot change the program's state: the main-thread checker and the readings'
  /// marks pass it by. Only a timer readies such a job; the sleeper's own turn after it, which
  /// returns into the program, is an ordinary job.
  var isSleepWakeUp: Bool {
    guard case .task(let job, onMain: false, let by) = self, by & ReadyBy.timer != 0, jobTaskIDOf(job) != 0 else {
      return false
    }
    let chain = CodeNames.taskChain(unsafeBitCast(job, to: UnsafeRawPointer.self))
    return !chain.isEmpty && CodeNames.programFunctions(in: chain).isEmpty
  }

  /// What an off-main job is, as a main-thread warning names it.
  var offMainName: OffMainName {
    switch self {
    case .task(let job, _, _):
      SwiftTasks.offMainName(of: job)
    case .work(let work): work.offMainName
    }
  }

  /// The job as `ready` lists it.
  func info(candidate: Int?) -> ReadyJobInfo {
    switch self {
    case .task(let job, let onMain, let by): SwiftTasks.info(of: job, onMain: onMain, by: by, candidate: candidate)
    case .work(let work): work.info(candidate: candidate)
    }
  }

  /// Whether it may run now: not a main-lane job while the main thread is blocked, not a block
  /// for a queue that a parked thread occupies.
  func isRunnable(excludingMain: Bool) -> Bool {
    switch self {
    case .task(_, let onMain, _): !(excludingMain && onMain)
    case .work(let work): !(excludingMain && work.onMain) && work.mayRunNow
    }
  }
}

extension ReadyJob: CustomStringConvertible {
  /// What the job is, as a departure names it.
  var description: String {
    switch self {
    case .task(_, onMain: true, _): "a main-actor job"
    case .task(_, onMain: false, _): "a global-executor job"
    case .work(let work): work.description
    }
  }
}

extension Timer: CustomStringConvertible {
  /// The timer, as a departure names it: its clock and whose it is.
  var description: String {
    "the \(clock) timer" + (label.map { " of `\($0)`" } ?? "")
  }
}
