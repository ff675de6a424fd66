import Synchronization

/// Finds and stops the work that keeps a step from becoming idle.
///
/// While diagnosing, every job enqueued from the driving thread records the task that enqueued
/// it and that task's work tag: a task that yields in a loop enqueues itself, and a task that
/// starts tasks in a loop enqueues their first jobs. Those tasks are then cancelled; a task that
/// goes on regardless is quarantined, which means its jobs are dropped from then on (the task is
/// never resumed again: its memory is kept, nothing else about it changes).
final class RunawayDiagnosis: Sendable {
  let active = Atomic<Bool>(false)
  let hasQuarantine = Atomic<Bool>(false)
  private let seen = Mutex<[(task: SleeperReference, work: RunawayReport.Work?)]>([])
  private let quarantined = Mutex<Set<UInt>>([])

  /// Records the current task as one that enqueued a job during diagnosis.
  func recordCurrentTask() {
    guard let task = SleeperReference.current() else { return }
    // Its id and label, not the tag: holding the tag would keep the work alive.
    let work = WorkTag.current.map { RunawayReport.Work(id: $0.id, label: $0.label) }
    seen.guarded { seen in
      if seen.contains(where: { $0.task.address == task.address }) {
        task.release()
      } else {
        seen.append((task, work))
      }
    }
  }

  /// Whether the current task's jobs are dropped.
  func currentTaskIsQuarantined() -> Bool {
    guard hasQuarantine.load(ordering: .relaxed) else { return false }
    return withUnsafeCurrentTask { task in
      guard let task else { return false }
      let address = UInt(bitPattern: unsafeBitCast(task, to: UnsafeMutableRawPointer.self))
      return quarantined.guarded { $0.contains(address) }
    }
  }

  /// The tasks seen since `begin`, with their work, in the order they were first seen.
  func takeSeen() -> [(task: SleeperReference, work: RunawayReport.Work?)] {
    seen.guarded { seen in
      defer { seen.removeAll() }
      return seen
    }
  }

  /// Whether any task was ever quarantined: its jobs are dropped, so it never ends.
  var hasQuarantined: Bool { quarantined.guarded { !$0.isEmpty } }

  func quarantine(_ tasks: [SleeperReference]) {
    quarantined.guarded { set in
      for task in tasks { set.insert(task.address) }
    }
    hasQuarantine.store(true, ordering: .relaxed)
  }
}

/// What the runaway recovery found and did.
package struct RunawayReport: Equatable, Sendable {
  /// A piece of work, known by its tag's id; the label is how reports name it.
  package struct Work: Equatable, Sendable {
    package var id: UInt64
    package var label: String

    package init(id: UInt64, label: String) {
      self.id = id
      self.label = label
    }
  }

  /// The work of the tasks that kept the step busy, each once, in the order first seen (nil:
  /// tasks that carry no work tag).
  package var work: [Work?]
  /// Whether they ignored cancellation, so that their jobs are no longer run.
  package var quarantined: Bool

  package init(work: [Work?], quarantined: Bool) {
    self.work = work
    self.quarantined = quarantined
  }
}
