/// A job in the ready queue as `ready` lists it: where it runs, the code it resumes in, and
/// whose work it is, in words that never depend on addresses.
package struct ReadyJobInfo: Sendable, Equatable {
  /// Its number among the jobs that may run next (1 is the one first in, first out runs), as
  /// `schedule` counts candidates; nil when it must wait for a job ahead of it on its lane.
  package let candidate: Int?
  /// Where it runs: `the main actor`, `the global executor`, `DispatchQueue.main`,
  /// `DispatchQueue.global()`, `Thread 1`.
  package let place: String
  /// The function or closure it runs or resumes in (`RefreshViewModel.refresh()`), when the
  /// symbol table names it.
  package let code: String?
  /// What kind of job it is.
  package let kind: Kind
  /// The task it belongs to (its address, to match an effect's task; never printed).
  package let task: UInt?
  /// The id of the work it is (a block's, a timer's, a thread's), or, for a task's job, of the
  /// work that made it ready.
  package let work: UInt64?
  /// Why it is ready, when the simulation knows more than "enqueued": `its timer fired`, or what
  /// a thread waited on (`DispatchSemaphore.wait()`).
  package let reason: Reason

  /// What kind of job it is.
  package enum Kind: Sendable, Equatable {
    /// A job of an async task.
    case task
    /// A default actor's turn, with the actor's type when the symbol table names it.
    case actorTurn(actor: String?)
    /// A Dispatch block.
    case block
    /// A run loop pass, or a Dispatch timer source's handler.
    case runLoopTimer, sourceTimer
    /// A simulated thread going on (or starting).
    case thread

    /// Whether it is the Swift runtime's job (a task's or an actor's), which something enqueued.
    package var isSwiftJob: Bool {
      switch self {
      case .task, .actorTurn: true
      default: false
      }
    }

    /// The kind in words: `a task`, `a turn of actor Stock`, `a DispatchSourceTimer handler`.
    package var text: String {
      switch self {
      case .task: "a task"
      case .actorTurn(let actor?): "a turn of actor \(actor)"
      case .actorTurn(nil): "an actor's turn"
      case .block: "a block"
      case .runLoopTimer: "a run loop timer"
      case .sourceTimer: "a DispatchSourceTimer handler"
      case .thread: "a thread"
      }
    }
  }

  /// Why a job is ready.
  package enum Reason: Sendable, Equatable {
    /// Handed over by running code (enqueued, resumed, dispatched).
    case enqueued
    /// Its sleep or deadline fell due.
    case timerFired
    /// A thread that will start.
    case threadStarts
    /// A thread parked in a blocking call goes on: what it waited on, and whether it timed out.
    case threadResumes(after: String)
  }
}

/// What `Simulation.step(candidate:)` did.
package struct SteppedJob: Sendable, Equatable {
  /// The job it ran.
  package let job: ReadyJobInfo
  /// The virtual time it fired a timer at first, because nothing was ready; nil if something was.
  package let firedTimerAt: Duration?
}
