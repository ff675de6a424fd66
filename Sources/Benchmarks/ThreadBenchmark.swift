import Foundation
import Simulation

/// The simulated threads' figures: baton hand-offs between two threads that ping-pong on two
/// semaphores, and Dispatch blocks for a global queue (each runs on a pooled simulated thread).
@MainActor
func threadFigures(rounds: Int) -> [String] {
  let simulation = Simulation.shared
  simulation.maxJobsPerStep = 0

  final class Ends: @unchecked Sendable {
    // Unchecked: touched by one simulated thread at a time, which the baton orders.
    let ping = DispatchSemaphore(value: 0)
    let pong = DispatchSemaphore(value: 0)
    var count = 0
  }
  let ends = Ends()
  // Each round: A signals B and parks; B wakes, signals A and parks. Two resumes a round, and
  // each resume is two hand-offs of the baton (to the thread, and back when it parks).
  let pingPongTime = measure {
    // Started as an action starts them: as main-lane code (threads started outside the
    // simulation's code run for real).
    simulation.watched { startPingPong() }
    drive { try simulation.runUntilIdle() }
  }
  func startPingPong() {
    Thread {
      for _ in 0..<rounds {
        ends.pong.signal()
        ends.ping.wait()
      }
    }.start()
    Thread {
      for _ in 0..<rounds {
        ends.pong.wait()
        ends.count += 1
        ends.ping.signal()
      }
    }.start()
  }
  precondition(ends.count == rounds, "the ping-pong did not finish: \(ends.count) of \(rounds)")
  let handOffs = Double(rounds) * 4

  final class Count: @unchecked Sendable {
    // Unchecked: touched by one simulated thread at a time.
    var value = 0
  }
  let blocks = Count()
  let blockCount = rounds
  let blockTime = measure {
    simulation.watched {
      for _ in 0..<blockCount {
        DispatchQueue.global().async { blocks.value += 1 }
      }
    }
    drive { try simulation.runUntilIdle() }
  }
  precondition(blocks.value == blockCount)

  return [
    "baton hand-offs between simulated threads: \(Int(handOffs / pingPongTime)) per second (\(Int(handOffs)) in \(rounded(pingPongTime)) s, \(rounds) semaphore ping-pongs)",
    "DispatchQueue.global().async blocks on pooled simulated threads: \(Int(Double(blockCount) / blockTime)) per second (\(blockCount) in \(rounded(blockTime)) s)",
  ]
}
