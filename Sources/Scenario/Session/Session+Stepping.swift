import Simulation

/// The most jobs `step until` and `advance until` run before they give up.
let untilJobLimit = 100_000

extension Session {
  // MARK: ready

  /// `ready`: the ready queue, numbered as `step` and `schedule` count the jobs that may run next.
  func readyListing() throws(ScenarioError) -> [String] {
    _ = try requireModel()
    return readyLines()
  }

  /// The ready list's lines; when nothing is ready, what comes next.
  func readyLines() -> [String] {
    simulation.settleOutsideWork()
    let jobs = simulation.readyJobs()
    guard !jobs.isEmpty else {
      if let next = simulation.idleState.nextTimer {
        return ["ready: nothing; the next timer falls due at \((next - tracker.origin).secondsText) (`step` fires it, `advance` moves time)"]
      }
      switch nothingReady() {
      case .outside(let work): return ["ready: nothing yet; work outside the simulation is under way (\(work))"]
      case .requests(let requests): return ["ready: nothing, and no timer is set; waiting for \(requests) (`respond` answers)"]
      case .idle: return ["ready: nothing, and no timer is set: the simulation is idle"]
      }
    }
    let candidates = jobs.filter { $0.candidate != nil }.count
    let numbers = candidates == 1 ? "1 may run next" : "\(candidates) may run next"
    var lines = ["ready: \(jobs.count) job\(jobs.count == 1 ? "" : "s"), \(numbers) (`step N` runs the N-th)"]
    for job in jobs {
      let mark = job.candidate.map { String($0) } ?? "·"
      var line = "  \(mark.padding(to: 2)) \(describe(job))"
      if job.candidate == nil { line += " (waits for the job ahead of it on its lane)" }
      lines.append(line)
    }
    return lines
  }

  /// A job in words: its code and where it runs, then whose work it is and why it is ready.
  func describe(_ job: ReadyJobInfo) -> String {
    var text: String
    switch job.reason {
    case .threadStarts: text = "\(job.place) starts"
    case .threadResumes(let after): text = "\(job.place) goes on after \(after)"
    case .timerFired where isSleepWakeUp(job):
      // The runtime's own task that wakes a sleeper: what the sleeper resumes in comes next.
      text = "a sleep's wake-up on " + job.place
    default:
      text = (job.code ?? job.kind.text) + " on " + job.place
    }
    var facts: [String] = []
    let effect = job.task.flatMap { task in tracker.effects.first { $0.taskAddress == task } }
    if let effect { facts.append("task of #\(effect.id) `\(effect.action)`") }
    if let work = job.work, let owner = workName(work) {
      // A task's job carries the work that enqueued it; any other job, the work it is.
      if !job.kind.isSwiftJob {
        facts.append("work of \(owner)")
      } else if job.reason == .timerFired {
        if effect == nil { facts.append("work of \(owner)") }
      } else if effect?.work != work {
        facts.append("made ready by \(owner)")
      }
    }
    if job.reason == .timerFired && !isSleepWakeUp(job) {
      facts.append(job.kind.isSwiftJob ? "its sleep ended" : "its timer fell due")
    }
    return facts.isEmpty ? text : text + " — " + facts.joined(separator: ", ")
  }

  /// A job of a task the runtime made to wake a sleeper: no code of the program to name.
  private func isSleepWakeUp(_ job: ReadyJobInfo) -> Bool {
    job.kind == .task && job.code == nil && job.reason == .timerFired
  }

  /// What the session waits for when no job is ready and no timer is set.
  private enum NothingReady {
    /// Work outside the simulation (a real transfer, URLSession's queues), in words.
    case outside(String)
    /// Requests only `respond` can answer, in words.
    case requests(String)
    case idle
  }

  private func nothingReady() -> NothingReady {
    let outside = simulation.idleState.externalWork
    if !outside.isEmpty { return .outside(outside.joined(separator: ", ")) }
    let requests = tracker.pendingRequests()
    if !requests.isEmpty { return .requests(requests.map(EffectTracker.describe).joined(separator: ", ")) }
    return .idle
  }

  /// The work with this tag id as reports name it: `#2 `send refresh`` or `` `send tap` ``.
  func workName(_ work: UInt64) -> String? {
    if let effect = tracker.effects.first(where: { $0.work == work }) { return "#\(effect.id) `\(effect.action)`" }
    if let background = tracker.background.first(where: { $0.work == work }) { return "`\(background.origin)`" }
    return tracker.workOrigins[work].map { "`\($0)`" }
  }

  // MARK: watch

  /// `watch PATH`: follows that part of the state from now on; bare, lists what is followed.
  func watch(_ path: Located<String>?) throws(ScenarioError) -> [String] {
    _ = try requireModel()
    guard let path else {
      let paths = watches.paths
      return [paths.isEmpty ? "watching nothing (`watch PATH` starts)" : "watching " + paths.map { "`\($0)`" }.joined(separator: ", ")]
    }
    let value = try StatePath.resolve(path.value, in: snapshot(), column: path.column)
    watches.add(path.value, value: value)
    simulation.observeJobs(watches)
    let shown = StateRenderer.inline(value) ?? "(a value over several lines)"
    return ["watching `\(path.value)` (now \(shown)): each change is reported with the job that made it"]
  }

  // MARK: step

  /// `step [N]`: runs exactly one job, the N-th that may run next.
  func step(_ candidate: Located<Int>?) throws(ScenarioError) -> [String] {
    _ = try requireModel()
    try stepOnce(candidate?.value ?? 1, column: candidate?.column)
    return readyLines()
  }

  /// Runs one job and says which, first among the step's events; throws when there is none, or
  /// no N-th.
  private func stepOnce(_ candidate: Int, column: Int?) throws(ScenarioError) {
    // `ran:` goes before what the job printed and emitted, which the job did after it began.
    let before = sink.mark()
    let stepped: SteppedJob?
    do {
      stepped = try simulation.step(candidate: candidate)
    } catch {
      let jobs = error.candidates
      throw ScenarioError(.noSuchJob(candidate, ready: jobs), column: column ?? 1)
    }
    guard let stepped else {
      switch nothingReady() {
      case .outside(let work):
        throw ScenarioError(.onlyOutsideWork(work))
      case .requests(let requests):
        throw ScenarioError(.nothingToStep(requests: requests))
      case .idle:
        throw ScenarioError(.nothingToStep(requests: nil))
      }
    }
    sink.insert(.note("ran: \(describe(stepped.job))"), at: before)
    if let at = stepped.firedTimerAt {
      sink.insert(.note("nothing was ready: the next timer fell due at \((at - tracker.origin).secondsText)"), at: before)
    }
    tracker.noteBackgroundEnds()
  }

  // MARK: until

  /// `step until EXPR` and `advance until EXPR`: jobs one at a time (firing timers when nothing
  /// is ready) until the expression holds; says after which job, at what time.
  func runUntil(_ condition: Condition, showsReady: Bool) throws(ScenarioError) -> [String] {
    _ = try requireModel()
    if try holds(condition) {
      return ["`\(condition.text)` already holds at \(now.secondsText); no job ran"] + (showsReady ? readyLines() : [])
    }
    var ran = 0
    var last: SteppedJob?
    while ran < untilJobLimit {
      let stepped: SteppedJob?
      do {
        stepped = try simulation.step(candidate: 1)
      } catch {
        break  // nothing may run next although jobs are ready: handled below as idle
      }
      guard let stepped else { break }
      ran += 1
      last = stepped
      tracker.noteBackgroundEnds()
      if try holds(condition) {
        var lines = [
          "`\(condition.text)` holds at \(now.secondsText), after job \(ran) of this step: \(describe(stepped.job))"
        ]
        if showsReady { lines += readyLines() }
        return lines
      }
    }
    if ran >= untilJobLimit {
      throw ScenarioError(.untilLimit(condition: condition.text, jobs: untilJobLimit, at: now.secondsText))
    }
    let after = last.map { " after \(ran) job\(ran == 1 ? "" : "s") (the last: \(describe($0.job)))" } ?? " (no job ran)"
    throw ScenarioError(.neverHolds(condition: condition.text, after: after, at: now.secondsText))
  }

  /// Whether the expression holds now; a wrong path or a value of the wrong type is an error.
  func holds(_ condition: Condition) throws(ScenarioError) -> Bool {
    switch condition {
    case .state(let path, let comparison, let value):
      let actual = try StatePath.resolve(path.value, in: snapshot(), column: path.column)
      return try StateComparison.holds(actual, comparison, value.value, column: value.column)
    case .effect(let id, let status):
      return try tracker.effect(id).status == status.value
    case .time(let comparison, let value):
      let time = now
      return comparison.holds(order: time < value ? -1 : time == value ? 0 : 1)
    case .log(let text):
      return (logLines + sink.peekLines()).contains { $0.contains(text) }
    }
  }
}
