import Dispatch
import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import Simulation
import Synchronization

// MARK: dispatch — every way to hand a block to Dispatch, on virtual time

func runDispatch(_ arguments: [String]) {
  let trace = Trace()
  // The main queue and the main actor share one first-in-first-out order.
  Task { @MainActor in trace.log("main actor task 1") }
  DispatchQueue.main.async {
    let isolated = MainActor.assumeIsolated { true }
    trace.log("main queue block 1 (assumeIsolated: \(isolated))")
  }
  Task { @MainActor in trace.log("main actor task 2") }
  DispatchQueue.main.async { trace.log("main queue block 2") }
  OperationQueue.main.addOperation { trace.log("OperationQueue.main operation") }
  drive { try simulation.runUntilIdle() }

  // asyncAfter is exact: 999 ms does not fire a 1 s block; 1 ms more does.
  DispatchQueue.main.asyncAfter(deadline: .now() + 1) { trace.log("asyncAfter 1s fired") }
  let cancelled = DispatchWorkItem { trace.log("cancelled work item ran (wrong)") }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500), execute: cancelled)
  let kept = DispatchWorkItem { trace.log("work item 700ms ran") }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(700), execute: kept)
  cancelled.cancel()
  print("pending: \(simulation.pendingTimers.map(\.description))")
  drive { try simulation.advance(by: .milliseconds(999)) }
  trace.log("advanced 999ms")
  drive { try simulation.advance(by: .milliseconds(1)) }

  // Other queues run on the driving thread too, in the order they were handed over.
  let serial = DispatchQueue(label: "serial")
  let concurrent = DispatchQueue(label: "concurrent", attributes: .concurrent)
  let key = DispatchSpecificKey<String>()
  serial.setSpecific(key: key, value: "serial's own")
  DispatchQueue.global().async { trace.log("global block") }
  serial.async { trace.log("serial block A (specific: \(DispatchQueue.getSpecific(key: key) ?? "none"))") }
  concurrent.async { trace.log("concurrent block") }
  concurrent.async(flags: .barrier) { trace.log("concurrent barrier") }
  serial.sync { trace.log("serial sync B, after A") }
  DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + .milliseconds(250)) {
    trace.log("global asyncAfter 250ms")
    DispatchQueue.main.async { trace.log("back on main from global") }
  }
  let group = DispatchGroup()
  for index in 1...2 {
    DispatchQueue.global().async(group: group) { trace.log("group member \(index)") }
  }
  group.notify(queue: .main) { trace.log("group notified on main") }
  drive { try simulation.advance(by: .milliseconds(300)) }

  // A legacy callback API: the completion comes from a global queue, the caller awaits it.
  Task { @MainActor in
    let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { continuation.resume(returning: 7) }
    }
    trace.log("callback bridged to async: \(value)")
  }
  drive { try simulation.runUntilIdle() }
  print("idle with the callback on its way: \(describe(simulation.idleState))")
  drive { try driveToEnd(simulation) }

  // Another thread hands a block to the main queue: it lands at the next drain.
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    DispatchQueue.main.async { trace.log("main queue block from another thread") }
    done.signal()
  }
  done.wait()
  drive { try simulation.runUntilIdle() }
  // A Dispatch timer source on the main queue: every 500 ms, three times, then cancelled.
  let source = DispatchSource.makeTimerSource(queue: .main)
  final class Ticks: @unchecked Sendable {
    // Touched only on the driving thread, which runs the source's handler.
    var count = 0
  }
  let ticks = Ticks()
  source.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
  source.setEventHandler {
    ticks.count += 1
    trace.log("timer source tick \(ticks.count)")
    if ticks.count == 3 { source.cancel() }
  }
  source.resume()
  drive { try simulation.advance(by: .seconds(3)) }
  print(trace.text)
  print("unsupported: \(simulation.takeUnsupportedSources()); pending: \(simulation.pendingTimers.count)")
}

// MARK: runloop — Foundation timers and performs on virtual time

func runRunLoop(_ arguments: [String]) {
  let trace = Trace()
  final class Box: @unchecked Sendable {
    // Touched only on the driving thread, which runs every timer callout.
    var ticks = 0
    var shortTicks = 0
  }
  let box = Box()
  _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
    box.ticks += 1
    trace.log("repeating timer tick \(box.ticks)")
    if box.ticks == 2 {
      // A perform asked for in a timer's callout runs in the pass after it, at the same instant;
      // one it asks for runs in the pass after that.
      RunLoop.main.perform {
        trace.log("perform from tick 2")
        RunLoop.main.perform { trace.log("perform from that perform") }
      }
    }
    if box.ticks == 3 { timer.invalidate() }
  }
  // Performs asked for by a main queue block and by a main actor task, between timers: the run
  // loop gets a pass when the simulation next becomes idle, though no timer is due then.
  DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) {
    RunLoop.main.perform { trace.log("perform from a main queue block") }
  }
  Task { @MainActor in
    try? await Task.sleep(for: .milliseconds(1750))
    RunLoop.main.perform {
      trace.log("perform from a main actor task")
      _ = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: false) { _ in
        trace.log("one-shot 100ms from that perform")
        // Fire dates of a repeating timer off whole seconds, each a Double a few nanoseconds
        // either side of the instant meant: every tick lands on it.
        _ = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: true) { timer in
          box.shortTicks += 1
          trace.log("0.3s timer tick \(box.shortTicks)")
          if box.shortTicks == 4 { timer.invalidate() }
        }
      }
    }
  }
  let once = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: false) { _ in trace.log("one-shot 250ms") }
  let dropped = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in trace.log("invalidated timer fired (wrong)") }
  dropped.invalidate()
  RunLoop.main.perform { trace.log("RunLoop.main.perform") }
  _ = once
  print("pending: \(simulation.pendingTimers.map(\.description))")
  drive { try simulation.runUntilIdle() }
  drive { try simulation.advance(by: .milliseconds(999)) }
  trace.log("advanced 999ms")
  drive { try simulation.advance(by: .milliseconds(1)) }
  drive { try simulation.advance(by: .seconds(5)) }
  print(trace.text)
  print("pending at the end: \(simulation.pendingTimers.map(\.description))")
}

// MARK: world — wall clock, randomness

func runWorld(_ arguments: [String]) {
  let formatter = ISO8601DateFormatter()
  print("Date() at start: \(formatter.string(from: Date()))")
  drive { try simulation.advance(by: .seconds(90)) }
  print("Date() after 90s: \(formatter.string(from: Date()))")
  simulation.setWallClock(unixNanoseconds: 1_000_000_000 * 1_700_000_000)
  print("Date() after setting: \(formatter.string(from: Date())) \(Date.now.timeIntervalSince1970)")
  simulation.seedRandomness(1)
  let first = (Int.random(in: 0..<1_000_000), UUID().uuidString, [1, 2, 3, 4, 5].shuffled())
  simulation.seedRandomness(1)
  let second = (Int.random(in: 0..<1_000_000), UUID().uuidString, [1, 2, 3, 4, 5].shuffled())
  print("seeded: \(first.0) \(first.1) \(first.2)")
  print("same again: \(first.0 == second.0) \(first.1 == second.1) \(first.2 == second.2)")
  print("redirected: \(simulation.redirections.contains([.concurrencyClock, .dispatch, .foundationClock, .randomness, .runLoop]))")
}

// MARK: urlsession — a real transfer is work outside the simulation until its answer arrives

func runURLSession(_ arguments: [String]) {
  let url = URL(string: arguments.first ?? "http://127.0.0.1:9/")!
  let session = URLSession(configuration: .ephemeral)
  Task { @MainActor in
    do {
      let (data, _) = try await session.data(from: url)
      print("answer: \(data.count) bytes")
    } catch {
      print("answer: an error (\(type(of: error)))")
    }
  }
  drive { try simulation.runUntilIdle() }
  // On a loaded machine the loopback answer can already be handed back (a ready job) by the time
  // the drain ends; either way the simulation knows the transfer is not over.
  let state = simulation.idleState
  print("external or answered while the transfer runs: \(state.externalWork.count > 0 || state.hasReadyJobs)")
  var rounds = 0
  while !simulation.idleState.isQuiescent && rounds < 200 {
    _ = simulation.waitForForeignWork(timeout: .milliseconds(100))
    drive { try simulation.runUntilIdle() }
    rounds += 1
  }
  print("quiescent at the end: \(simulation.idleState.isQuiescent), external: \(simulation.idleState.externalWork)")
}
