/// What a timer does when it fires.
enum TimerAction {
  /// A runtime wake-up job from `Task.sleep`; `sleeper` tells whether it still matters.
  case job(UnownedJob, sleeper: SleeperReference?)
  /// A `VirtualClock` sleep, resumed through the continuation registered under this id.
  case virtualSleep(id: UInt64)
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

/// A job ready to run and which executor it was enqueued on.
struct ReadyJob {
  var job: UnownedJob
  var onMain: Bool
}
