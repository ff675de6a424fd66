import Foundation
import Simulation

internal import Platform

func wallSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func measure(_ body: () -> Void) -> Double {
  let start = wallSeconds()
  body()
  return wallSeconds() - start
}

/// The executor's figures: yields, virtual sleeps, and many concurrent sleepers.
@MainActor
func executorFigures(yields: Int, sleeps: Int, sleepers: Int) -> [String] {
  let simulation = Simulation.shared
  simulation.maxJobsPerStep = 0

  // Detached, so the loops run on the global executor as nonisolated code does; the main-actor
  // figure is measured separately.
  Task.detached {
    for _ in 0..<yields { await Task.yield() }
  }
  let yieldTime = measure { drive { try simulation.runUntilIdle() } }

  Task { @MainActor in
    for _ in 0..<yields { await Task.yield() }
  }
  let mainYieldTime = measure { drive { try simulation.runUntilIdle() } }

  Task.detached {
    for _ in 0..<sleeps { try? await Task.sleep(for: .milliseconds(1)) }
  }
  let sleepTime = measure { drive { try simulation.advance(by: .seconds(Double(sleeps) / 1000 + 1)) } }

  let concurrentTime = measure {
    for index in 0..<sleepers {
      Task.detached { try? await Task.sleep(for: .milliseconds(1 + index % 1000)) }
    }
    drive { try simulation.advance(by: .seconds(2)) }
  }

  // Dispatch on the simulation: a main-queue block that hands over the next, and a chain of
  // 1 ms asyncAfter timers.
  final class Count: @unchecked Sendable {
    // Touched only on the driving thread, which runs every simulated block.
    var value = 0
  }
  let hops = Count()
  func hop() {
    DispatchQueue.main.async {
      hops.value += 1
      if hops.value < yields { hop() }
    }
  }
  let hopTime = measure {
    hop()
    drive { try simulation.runUntilIdle() }
  }
  let wakeUps = Count()
  func wake() {
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1)) {
      wakeUps.value += 1
      if wakeUps.value < sleeps { wake() }
    }
  }
  let afterTime = measure {
    wake()
    drive { try simulation.advance(by: .seconds(Double(sleeps) / 1000 + 1)) }
  }

  return [
    "DispatchQueue.main.async round trips: \(Int(Double(hops.value) / hopTime)) per second (\(hops.value) in \(rounded(hopTime)) s)",
    "DispatchQueue.main.asyncAfter wake-ups: \(Int(Double(wakeUps.value) / afterTime)) per second (\(wakeUps.value) in \(rounded(afterTime)) s)",
    "Task.yield round trips: \(Int(Double(yields) / yieldTime)) per second (\(yields) in \(rounded(yieldTime)) s)",
    "Task.yield round trips on the main actor: \(Int(Double(yields) / mainYieldTime)) per second",
    "virtual Task.sleep wake-ups: \(Int(Double(sleeps) / sleepTime)) per second (\(sleeps) in \(rounded(sleepTime)) s)",
    "\(sleepers) concurrent sleepers scheduled and woken: \(rounded(concurrentTime)) s",
  ]
}

func drive(_ body: () throws -> Void) {
  do { try body() } catch { fatalError("benchmark step failed: \(error)") }
}

func rounded(_ value: Double) -> String {
  let scaled = (value * 1000).rounded() / 1000
  return "\(scaled)"
}
