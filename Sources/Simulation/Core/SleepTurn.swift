internal import CSimulationRuntime
import Synchronization

/// An off-main job of a task that is inside `Task.sleep`: every frame from where it resumes up to
/// the program's nearest is the concurrency library's sleep code, read from its resume chain
/// before it runs.
///
/// A main-actor function that sleeps costs two such jobs a turn: the hop off the main actor into
/// the sleep (`entering`), which hands the executor a wake-up and suspends, and the return from
/// it, which goes back into the program's frame, whose continuation hops to the main actor before
/// any of its code runs. Neither runs the program's code, so the main-thread checker need not
/// read the view state around them; in a sleeping loop those readings were most of a debug
/// build's time. Whether one ran none of the program's code is confirmed after it ran
/// (`confirmed(_:)`); the return is only predicted for a frame seen to hop to the main actor at
/// once before (`SleepHops`).
struct SleepTurn {
  /// The task's address.
  let task: UInt
  /// Whether the job enters the sleep (its first frame is a sleep function's entry after the hop
  /// off the caller's actor), rather than returning from it.
  let entering: Bool
  /// The program's nearest frame: its async context, and where it resumes.
  let programContext: UInt
  let programResume: UInt

  /// Reads the chain of `job`, a task's job off main; nil unless it is such a job of a task that
  /// is not cancelled (a cancelled sleep returns into the program at once).
  init?(job: UnownedJob) {
    let pointer = unsafeBitCast(job, to: UnsafeRawPointer.self)
    // Most jobs off main resume elsewhere: one remembered lookup tells.
    guard let leaf = vmrepl_job_function(pointer), case .sleep(let entering) = CodeNames.frameCode(UInt(bitPattern: leaf)),
      jobTaskIDOf(job) != 0
    else { return nil }
    var found: (context: UInt, resume: UInt)?
    withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: 16) { functions in
      withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: 16) { contexts in
        let count = Int(vmrepl_task_frames(pointer, functions.baseAddress!, contexts.baseAddress!, Int32(functions.count)))
        for index in 1..<max(count, 1) {
          guard let function = functions[index] else { return }
          let address = UInt(bitPattern: function)
          switch CodeNames.frameCode(address) {
          case .sleep: continue
          // The first frame that is not sleep code must be the program's: the runtime's other
          // frames (a task group's, an async sequence's) may call the program's closures.
          case .runtime: return
          case .program:
            guard let context = contexts[index] else { return }
            found = (UInt(bitPattern: context), address)
            return
          }
        }
      }
    }
    guard let found, !unsafeBitCast(pointer, to: UnsafeCurrentTask.self).isCancelled else { return nil }
    self.task = UInt(bitPattern: pointer)
    self.entering = entering
    self.programContext = found.context
    self.programResume = found.resume
  }
}

/// What the core saw of one task while its job ran: whether it was enqueued again, where, and
/// whether it went to sleep. Set by the enqueue and wake-up paths while `task` is nonzero.
final class SleepTurnWitness: Sendable {
  let task = Atomic<UInt>(0)
  /// The async context the task was enqueued on the main actor with, 0 if it was not.
  let mainEnqueueContext = Atomic<UInt>(0)
  /// Whether it was enqueued anywhere else.
  let otherEnqueue = Atomic<Bool>(false)
  /// Whether it handed the executor a wake-up (it suspended in a sleep).
  let slept = Atomic<Bool>(false)

  func watch(_ turn: SleepTurn) {
    mainEnqueueContext.store(0, ordering: .relaxed)
    otherEnqueue.store(false, ordering: .relaxed)
    slept.store(false, ordering: .relaxed)
    task.store(turn.task, ordering: .relaxed)
  }

  /// Called by the core when `job` is enqueued.
  @inline(__always)
  func enqueued(_ job: UnownedJob, onMain: Bool) {
    let watched = task.load(ordering: .relaxed)
    guard watched != 0, watched == UInt(bitPattern: unsafeBitCast(job, to: UnsafeRawPointer.self)) else { return }
    if onMain {
      mainEnqueueContext.store(UInt(bitPattern: vmrepl_task_resume_context(UnsafeRawPointer(bitPattern: watched))), ordering: .relaxed)
    } else {
      otherEnqueue.store(true, ordering: .relaxed)
    }
  }

  /// Called by the core when the running task hands it a wake-up.
  @inline(__always)
  func sleeping(_ task: UInt) {
    if task != 0, task == self.task.load(ordering: .relaxed) { slept.store(true, ordering: .relaxed) }
  }

  /// Whether `turn`'s job ran none of the program's code: it was enqueued on the main actor in
  /// the program's frame (the frame's continuation hopped there before anything else), or, when
  /// it entered the sleep, it suspended there without being enqueued at all.
  func confirmed(_ turn: SleepTurn) -> Bool {
    defer { task.store(0, ordering: .relaxed) }
    if otherEnqueue.load(ordering: .relaxed) { return false }
    let context = mainEnqueueContext.load(ordering: .relaxed)
    if context != 0 { return context == turn.programContext }
    return turn.entering && slept.load(ordering: .relaxed)
  }
}

/// Where the program's frames resume that were seen to hop to the main actor before running any
/// code (a main-actor function's continuation after a sleep): a return from a sleep into one is
/// predicted to run none of the program's code, and confirmed after.
final class SleepHops: Sendable {
  private let known = Mutex<Set<UInt>>([])

  func contains(_ resume: UInt) -> Bool { known.guarded { $0.contains(resume) } }
  func learn(_ resume: UInt) { known.guarded { _ = $0.insert(resume) } }
  func forget(_ resume: UInt) { known.guarded { _ = $0.remove(resume) } }
}
