import Dispatch
import Foundation
import Simulation
import Synchronization

internal import Platform

let programs: [String: @Sendable ([String]) -> Void] = [
  "mixed": runMixed,
  "equal-deadlines": runEqualDeadlines,
  "fractional": runFractional,
  "cancel": runCancel,
  "foreign": runForeign,
  "idle": runIdle,
  "marks": runMarks,
  "runaway": runRunaway,
  "watchdog": runWatchdog,
  "dispatch": runDispatch,
  "runloop": runRunLoop,
  "world": runWorld,
  "urlsession": runURLSession,
]

// MARK: mixed — every kind of concurrency a view-model uses, under load and repeated

/// Starts the mixed program's tasks; the caller drives them and calls the result once the first
/// drain is over, to let the other thread resume its continuation.
func startMixed(_ trace: Trace) -> @Sendable () -> Void {
  let clock = VirtualClock()
  Task { @MainActor in
    trace.log("main actor: start, sleeping 1.5s")
    try? await Task.sleep(for: .seconds(1.5))
    trace.log("main actor: woke")
  }
  Task {
    trace.log("global: start")
    try? await Task.sleep(nanoseconds: 250_000_000)
    trace.log("global: woke from Task.sleep(nanoseconds:)")
    try? await Task.sleep(until: .now + .seconds(1), clock: .suspending)
    trace.log("global: woke on SuspendingClock")
    try? await clock.sleep(for: .milliseconds(333))
    trace.log("global: woke on VirtualClock")
  }
  Task {
    let sum = await withTaskGroup(of: Int.self) { group in
      for index in 1...3 {
        group.addTask {
          try? await Task.sleep(for: .milliseconds(100 * (4 - index)))
          trace.log("task group: child \(index) done")
          return index
        }
      }
      var sum = 0
      for await value in group { sum += value }
      return sum
    }
    trace.log("task group: sum \(sum)")
    await withDiscardingTaskGroup { group in
      for index in 1...2 {
        group.addTask {
          await Task.yield()
          trace.log("discarding group: child \(index)")
        }
      }
    }
    trace.log("discarding group: done")
  }
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  Task {
    for await value in stream { trace.log("stream: got \(value)") }
    trace.log("stream: finished")
  }
  Task {
    for value in 1...3 {
      continuation.yield(value)
      try? await Task.sleep(for: .milliseconds(50))
    }
    continuation.finish()
  }
  let external = Simulation.shared.beginExternalWork("a Dispatch callback")
  // The other thread resumes only once the task has suspended: a continuation resumed before
  // its task suspends lets the task go on without a job, at a moment only that thread decides.
  let suspended = DispatchSemaphore(value: 0)
  Task {
    let value = await withCheckedContinuation { (resume: CheckedContinuation<Int, Never>) in
      // A thread of its own: a block handed to Dispatch from the driving thread would run on it.
      Thread.detachNewThread {
        suspended.wait()
        resume.resume(returning: 42)
        external.finish()
      }
    }
    trace.log("continuation resumed on another thread: \(value)")
  }
  let sleeper = Task {
    await withTaskCancellationHandler {
      do {
        try await Task.sleep(for: .seconds(10))
        trace.log("sleeper: woke (wrong)")
      } catch {
        trace.log("sleeper: \(error)")
      }
    } onCancel: {
      trace.log("sleeper: cancellation handler ran")
    }
  }
  Task {
    try? await Task.sleep(for: .milliseconds(700))
    trace.log("canceller: cancelling the sleeper")
    sleeper.cancel()
  }
  return { suspended.signal() }
}

/// Runs until nothing is left, waiting for announced external work while time stands still.
func driveToEnd(_ simulation: Simulation) throws(SimulationError) {
  while true {
    try simulation.runUntilIdle()
    if !simulation.idleState.externalWork.isEmpty {
      _ = simulation.waitForForeignWork(timeout: .seconds(5))
      continue
    }
    if try !simulation.advanceToNextTimer() { return }
  }
}

func runMixed(_ arguments: [String]) {
  let repeats = option("--repeat", in: arguments, default: 1)
  let burners = option("--burn", in: arguments, default: 0)
  final class Flag: Sendable { let raised = Atomic<Bool>(false) }
  let stop = Flag()
  // Dedicated threads, not Dispatch's pool: on two cores, burners in the pool would starve
  // the Dispatch callback the program waits for.
  for _ in 0..<burners {
    Thread.detachNewThread {
      var x: UInt64 = 1
      while !stop.raised.load(ordering: .relaxed) { x = x &* 6364136223846793005 &+ 1442695040888963407 }
      if x == 0 { print("") }
    }
  }
  var first: String?
  var firstDifferent: String?
  var identical = 0
  for _ in 0..<repeats {
    let trace = Trace()
    let release = startMixed(trace)
    drive { try Simulation.shared.runUntilIdle() }
    release()
    drive { try driveToEnd(Simulation.shared) }
    trace.log("end; live timers: \(Simulation.shared.idleState.liveTimers)")
    if first == nil { first = trace.text }
    if trace.text == first { identical += 1 } else if firstDifferent == nil { firstDifferent = trace.text }
  }
  stop.raised.store(true, ordering: .relaxed)
  print(first ?? "")
  print("identical: \(identical)/\(repeats)")
  if let firstDifferent { print("first different trace:\n\(firstDifferent)") }
}

// MARK: ordering and exact time

func runEqualDeadlines(_ arguments: [String]) {
  let trace = Trace()
  let clock = VirtualClock()
  for index in 1...6 {
    if index % 2 == 0 {
      Task {
        try? await clock.sleep(for: .seconds(1))
        trace.log("sleeper \(index) (VirtualClock)")
      }
    } else {
      Task {
        try? await Task.sleep(for: .seconds(1))
        trace.log("sleeper \(index) (ContinuousClock)")
      }
    }
  }
  drive { try Simulation.shared.advance(by: .seconds(2)) }
  print(trace.text)
}

func runFractional(_ arguments: [String]) {
  let trace = Trace()
  let delays: [Duration] = [
    .seconds(1.5), .milliseconds(250), .milliseconds(333), .milliseconds(1_234),
    .milliseconds(2.5), .seconds(2), .milliseconds(1), .seconds(3_600),
  ]
  for delay in delays {
    Task {
      try? await Task.sleep(for: delay)
      trace.log("slept \(delay.secondsText)")
    }
  }
  Task {
    for _ in 0..<10 { try? await Task.sleep(for: .milliseconds(100)) }
    trace.log("ten sleeps of 100ms")
  }
  Task {
    // A job that computes for a while before it sleeps still gets its exact deadline.
    var spin: UInt64 = 0
    for index in 0..<3_000_000 { spin &+= UInt64(index) }
    try? await Task.sleep(for: .milliseconds(1_250))
    trace.log("slept 1.250s after computing \(spin % 2 == 0 ? "a while" : "a while")")
  }
  let clock = VirtualClock()
  for delay: Duration in [.nanoseconds(1_234_567_891), .microseconds(2.5)] {
    Task {
      try? await clock.sleep(for: delay)
      trace.log("VirtualClock slept \(delay.secondsText)")
    }
    Task {
      try? await Task.sleep(for: delay + .nanoseconds(7))
      trace.log("ContinuousClock slept \((delay + .nanoseconds(7)).secondsText)")
    }
  }
  Task {
    let start = ContinuousClock.now
    try? await Task.sleep(for: .milliseconds(40))
    trace.log("ContinuousClock.now measured \((ContinuousClock.now - start).secondsText) of virtual time")
  }
  print("runtime clock reads virtual time: \(Simulation.shared.readsVirtualClock)")
  drive { try driveToEnd(Simulation.shared) }
  print(trace.text)
}

func runCancel(_ arguments: [String]) {
  let trace = Trace()
  let clock = VirtualClock()
  let sleeper = Task {
    do { try await Task.sleep(for: .seconds(10)) } catch { trace.log("Task.sleep sleeper: \(error)") }
  }
  let virtualSleeper = Task {
    do { try await clock.sleep(for: .seconds(20)) } catch { trace.log("VirtualClock sleeper: \(error)") }
  }
  drive { try Simulation.shared.advance(by: .seconds(1)) }
  print("timers before cancel: \(Simulation.shared.pendingTimers.map(\.description))")
  sleeper.cancel()
  virtualSleeper.cancel()
  drive { try Simulation.shared.runUntilIdle() }
  print("timers after cancel: \(Simulation.shared.pendingTimers.map(\.description))")
  var jumped = false
  drive { jumped = try Simulation.shared.advanceToNextTimer() }
  print("advance to next timer jumped: \(jumped); now \(Simulation.shared.now.secondsText)")
  print(trace.text)
}

// MARK: other threads and idle states

func runForeign(_ arguments: [String]) {
  let trace = Trace()
  final class Continuations: Sendable {
    let byIndex = Mutex<[Int: CheckedContinuation<Void, Never>]>([:])
  }
  let continuations = Continuations()
  for index in 1...3 {
    Task {
      await withCheckedContinuation { continuation in
        continuations.byIndex.guarded { $0[index] = continuation }
      }
      trace.log("task \(index) resumed")
    }
  }
  drive { try Simulation.shared.runUntilIdle() }
  let external = Simulation.shared.beginExternalWork("resumer thread")
  Thread.detachNewThread {
    for index in [3, 1, 2] {
      continuations.byIndex.guarded { $0[index]!.resume() }
      usleep(1_000)
    }
    external.finish()
  }
  while !Simulation.shared.idleState.externalWork.isEmpty {
    _ = Simulation.shared.waitForForeignWork(timeout: .seconds(5))
  }
  drive { try Simulation.shared.runUntilIdle() }
  print(trace.text)
}

func describe(_ state: IdleState) -> String {
  "quiescent=\(state.isQuiescent) liveTimers=\(state.liveTimers) "
    + "nextTimer=\(state.nextTimer?.secondsText ?? "none") external=\(state.externalWork)"
}

func runIdle(_ arguments: [String]) {
  let simulation = Simulation.shared
  drive { try simulation.runUntilIdle() }
  print("nothing started: \(describe(simulation.idleState))")
  let sleeper = Task { try? await Task.sleep(for: .seconds(3)) }
  drive { try simulation.runUntilIdle() }
  print("a sleeper: \(describe(simulation.idleState))")
  print("pending: \(simulation.pendingTimers.map(\.description))")
  let work = simulation.beginExternalWork("GET /search")
  print("external work: \(describe(simulation.idleState))")
  work.finish()
  sleeper.cancel()
  drive { try simulation.runUntilIdle() }
  Task {
    await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
  }
  drive { try simulation.runUntilIdle() }
  print("a task waits on a continuation nobody resumes: \(describe(simulation.idleState))")
  let tag = WorkTag("send refresh")
  weak let weakTag = tag
  WorkTag.$current.withValue(tag) {
    Task {
      try? await Task.sleep(for: .seconds(1))
    }
  }
  drive { try simulation.runUntilIdle() }
  print("hidden work tagged: \(simulation.pendingTimers.map(\.description))")
  _ = consume tag
  print("hidden work alive: \(weakTag != nil)")
  drive { try simulation.advance(by: .seconds(1)) }
  print("hidden work alive after it ended: \(weakTag != nil)")
}

/// Whether the activity mark moves across each kind of thing that can run the program's code.
func runMarks(_ arguments: [String]) {
  let simulation = Simulation.shared
  drive { try simulation.runUntilIdle() }
  func report(_ what: String, _ body: () -> Void) {
    let before = simulation.activityMark
    body()
    let after = simulation.activityMark
    let verdict = before == nil || after == nil ? "unknown" : before == after ? "same" : "moved"
    print("\(what): \(verdict)")
  }
  report("nothing") { drive { try simulation.runUntilIdle() } }
  report("a main-actor job") {
    Task { @MainActor in }
    drive { try simulation.runUntilIdle() }
  }
  report("a job off the main actor") {
    Task.detached {}
    drive { try simulation.runUntilIdle() }
  }
  report("a block on the main queue") {
    DispatchQueue.main.async {}
    drive { try simulation.runUntilIdle() }
  }
  report("code the session calls") { simulation.watched {} }
  report("time with no timer") { drive { try simulation.advance(by: .seconds(1)) } }
  report("a step noted") { simulation.noteActivity() }
  let work = simulation.beginExternalWork("GET /search")
  print("while foreign work runs: \(simulation.activityMark == nil ? "unknown" : "known")")
  work.finish()
  report("foreign work that began and ended") { simulation.beginExternalWork("GET /other").finish() }
  report("nothing again") { drive { try simulation.runUntilIdle() } }
}

// MARK: guards

func runRunaway(_ arguments: [String]) {
  let simulation = Simulation.shared
  simulation.maxJobsPerStep = option("--limit", in: arguments, default: 10_000)
  simulation.beginStep("spin")
  Task {
    while !Task.isCancelled { await Task.yield() }
  }
  do {
    try simulation.runUntilIdle()
    print("no error (wrong)")
  } catch {
    print("error: \(error)")
  }
}

func runWatchdog(_ arguments: [String]) {
  let simulation = Simulation.shared
  simulation.watchdogLimit = .milliseconds(option("--ms", in: arguments, default: 300))
  simulation.setWatchdogHint("set by --ms")
  simulation.beginStep("line 3: send spin")
  Task {
    var counter = 0
    while counter >= 0 { counter = (counter &+ 1) & 0xFFFF }
  }
  drive { try simulation.runUntilIdle() }
  print("returned (wrong)")
}
