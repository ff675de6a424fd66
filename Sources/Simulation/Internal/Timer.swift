/// What a timer does when it fires.
enum TimerAction {
  /// A runtime wake-up job from `Task.sleep`; `sleeper` tells whether it still matters.
  case job(UnownedJob, sleeper: SleeperReference?)
  /// A `VirtualClock` sleep, resumed through the continuation registered under this id.
  case virtualSleep(id: UInt64)
  /// A block handed to `asyncAfter` (`dispatch_after`).
  case block(DispatchBlock)
  /// The earliest timer of a run loop mode, armed on descriptor `fd`; only the newest arming
  /// (`generation`) counts.
  case runLoop(fd: Int32, generation: UInt64, tag: WorkTag?)
  /// A Dispatch timer source's next firing; only the newest arming (`generation`) counts.
  case source(id: Int32, generation: UInt64, onMain: Bool, tag: WorkTag?)
}

/// One scheduled wake-up, ordered by deadline and then by arrival.
struct Timer: Comparable {
  var deadline: Int64
  var sequence: UInt64
  var action: TimerAction
  var label: String?
  var clock: String

  static func < (lhs: Timer, rhs: Timer) -> Bool {
    (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
  }
  static func == (lhs: Timer, rhs: Timer) -> Bool {
    lhs.deadline == rhs.deadline && lhs.sequence == rhs.sequence
  }
}

/// A job ready to run.
enum ReadyJob {
  /// A Swift concurrency job, and whether it was enqueued on the main executor.
  case task(UnownedJob, onMain: Bool)
  /// A Dispatch block.
  case block(DispatchBlock)
  /// A run loop pass that fires the timers of descriptor `fd` due now.
  case runLoop(fd: Int32, tag: WorkTag?)
  /// A Dispatch timer source's event handler, on its queue.
  case source(id: Int32, generation: UInt64, onMain: Bool, tag: WorkTag?)

  /// Whether it runs as the main actor (the main thread).
  var onMain: Bool {
    switch self {
    case .task(_, let onMain): return onMain
    case .block(let block): return block.isMain
    case .runLoop: return true
    case .source(_, _, let onMain, _): return onMain
    }
  }
}
