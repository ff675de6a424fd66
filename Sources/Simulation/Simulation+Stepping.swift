internal import CSimulationRuntime

extension Simulation {
  /// The ready queue, in order: each job with its candidate number when it may run next.
  ///
  /// ```swift
  /// for job in Simulation.shared.readyJobs() { print(job.candidate ?? 0, job.place, job.code ?? "") }
  /// ```
  package func readyJobs() -> [ReadyJobInfo] {
    core.admitInbox()
    return core.state.guarded { state in
      var lanes = LaneTracker()
      var count = 0
      return state.ready.map { job in
        var candidate: Int?
        if lanes.admit(Lane(job)) != nil && job.isRunnable(excludingMain: false) {
          count += 1
          candidate = count
        }
        return job.info(candidate: candidate)
      }
    }
  }

  /// Where a suspended task will resume, named as `ready` names code, with its caller:
  /// `closure #2 in closure #1 in Examples.refresh, called from FooViewModel.randomNumbers()`.
  /// `task` is the address of a task that is alive (an effect's, whose handle keeps it).
  package func suspensionPoint(ofTask task: UInt) -> String? {
    guard let pointer = UnsafeRawPointer(bitPattern: task) else { return nil }
    let frames = CodeNames.taskFunctions(pointer, limit: 2)
    guard let first = frames.first else { return nil }
    return frames.count > 1 ? "\(first), called from \(frames[1])" : first
  }

  /// The ids of the work the ready jobs belong to (or, for a task's job, that made it ready):
  /// what `ready` would name, without naming code.
  package func readyWork() -> Set<UInt64> {
    core.state.guarded { state in
      var ids = Set<UInt64>()
      for job in state.ready {
        if let id = job.workID { ids.insert(id) }
      }
      return ids
    }
  }

  /// When no job may run: lets what reached the real main queue or the run loop, and what other
  /// threads (URLSession's) hand over once they have settled, join the ready queue, as a drain
  /// does at its idle points, so what `ready` and `step` see does not depend on thread timing.
  package func settleOutsideWork() {
    guard !core.state.guarded({ $0.hasRunnableJob }) else { return }
    _ = vmrepl_threads_admit_foreign()
    if core.runOutsideWork() { return }
    if core.hasForeignWorkHook.load(ordering: .relaxed), let hook = core.foreignWorkHook.guarded({ $0 }), hook.whenIdle() {
      core.noteActivity()
      core.admitInbox()
    }
  }

  /// Runs exactly one job: the `candidate`-th of those that may run next (1: the one first in,
  /// first out runs). When nothing is ready, first fires the next timer, moving virtual time to
  /// it. Returns nil, running nothing, when no job is ready and no timer is set; throws when
  /// fewer than `candidate` jobs may run next.
  package func step(candidate: Int = 1) throws(StepError) -> SteppedJob? {
    core.admitInbox()
    var firedAt: Duration?
    settleOutsideWork()
    if !core.state.guarded({ $0.hasRunnableJob }) {
      guard core.fireNextTimer(notAfter: nil) else { return nil }
      firedAt = now
    }
    let taken = core.state.guarded { state -> Result<(ReadyJob, ReadyJobInfo), StepError> in
      var lanes = LaneTracker()
      var positions: [Int] = []
      for (position, job) in state.ready.enumerated() {
        if lanes.admit(Lane(job)) != nil && job.isRunnable(excludingMain: false) { positions.append(position) }
      }
      guard candidate >= 1 && candidate <= positions.count else {
        return .failure(StepError(candidate: candidate, candidates: positions.count))
      }
      let job = state.ready.remove(at: positions[candidate - 1])
      return .success((job, job.info(candidate: candidate)))
    }
    let (job, info) = try taken.get()
    core.runStepped(job)
    return SteppedJob(job: info, firedTimerAt: firedAt)
  }
}

/// `step N` named a job that may not run next.
package struct StepError: Error, Sendable, Equatable {
  /// The number asked for, and how many jobs may run next.
  package let candidate: Int
  package let candidates: Int
}

extension SimulationCore {
  /// Runs one job outside a drain, counted as every job is.
  func runStepped(_ job: ReadyJob) {
    jobsThisStep.wrappingAdd(1, ordering: .relaxed)
    run(job)
    jobsRun.wrappingAdd(1, ordering: .relaxed)
  }
}
