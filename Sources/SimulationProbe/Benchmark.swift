import Simulation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

/// Prints the executor's figures; run it from a release build (`swift run -c release`).
func runBenchmark(_ arguments: [String]) {
  let simulation = Simulation.shared
  simulation.maxJobsPerStep = 0
  let yields = option("--yields", in: arguments, default: 2_000_000)
  let sleeps = option("--sleeps", in: arguments, default: 1_000_000)
  let sleepers = option("--sleepers", in: arguments, default: 100_000)

  Task {
    for _ in 0..<yields { await Task.yield() }
  }
  let yieldTime = measure { drive { try simulation.runUntilIdle() } }

  Task {
    for _ in 0..<sleeps { try? await Task.sleep(for: .milliseconds(1)) }
  }
  let sleepTime = measure { drive { try simulation.advance(by: .seconds(Double(sleeps) / 1000 + 1)) } }

  let concurrentTime = measure {
    for index in 0..<sleepers {
      Task { try? await Task.sleep(for: .milliseconds(1 + index % 1000)) }
    }
    drive { try simulation.advance(by: .seconds(2)) }
  }

  print("Task.yield round trips: \(Int(Double(yields) / yieldTime)) per second (\(yields) in \(rounded(yieldTime)) s)")
  print("virtual Task.sleep wake-ups: \(Int(Double(sleeps) / sleepTime)) per second (\(sleeps) in \(rounded(sleepTime)) s)")
  print("\(sleepers) concurrent sleepers scheduled and woken: \(rounded(concurrentTime)) s")
}

func rounded(_ value: Double) -> String {
  let scaled = (value * 1000).rounded() / 1000
  return "\(scaled)"
}
