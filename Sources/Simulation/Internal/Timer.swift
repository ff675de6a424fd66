/// What a timer does when it fires.
enum TimerAction {
  /// A runtime wake-up job from `Task.sleep`; `sleeper` tells whether it still matters.
  case job(UnownedJob, sleeper: SleeperReference?)
  /// A `VirtualClock` sleep, resumed through the continuation registered under this id.
  case virtualSleep(id: UInt64)
  /// A block handed to `asyncAfter` (`dispatch_after`).
  case block(DispatchBlock)
  /// The earliest timer of a run loop mode (only its newest arming, `generation`, counts), or a
  /// Dispatch timer source's next firing.
  case firing(TimerFiring, generation: UInt64)
  /// The deadline of simulated thread `id`'s timed wait or sleep, for its park `generation`.
  case thread(id: Int32, generation: UInt64)
}

/// One scheduled wake-up, ordered by deadline and then by arrival.
struct Timer: Comparable {
  var deadline: Int64
  var sequence: UInt64
  var action: TimerAction
  var label: String?
  var clock: String
  /// The id of the `WorkTag` of whoever set it.
  var work: UInt64? = nil

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
  /// A Dispatch block.
  case block(DispatchBlock)
  /// A run loop pass, or a Dispatch timer source's event handler on its queue.
  case firing(TimerFiring)
  /// Simulated thread `id` goes on from where it parked (or starts).
  case thread(Int32)

  /// What an off-main job is, as a main-thread warning names it.
  var offMainDescription: String {
    switch self {
    case .task: return "a task on the global executor"
    case .block(let block):
      return "a block on \(block.appQueueName)" + (block.tag.map { " (work of `\($0.label)`)" } ?? "")
    case .firing(let firing):
      return "a DispatchSourceTimer handler" + (firing.tag.map { " (work of `\($0.label)`)" } ?? "")
    case .thread(let id):
      return SimulatedThreads.describe(id)
    }
  }

  /// Whether it runs as the main actor (the main thread).
  var onMain: Bool {
    switch self {
    case .task(_, let onMain, _): return onMain
    case .block(let block): return block.isMain
    case .firing(let firing): return firing.onMain
    case .thread: return false
    }
  }
}
