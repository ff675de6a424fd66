import Foundation
import Scenario
import Simulation

/// A view-model whose one action starts a task of 1,000 jobs: a counter that yields between ticks.
@MainActor
final class Ticker {
  var ticks = 0

  func run(_ jobs: Int) -> Task<Void, Never> {
    Task {
      for _ in 0..<jobs {
        ticks += 1
        await Task.yield()
      }
    }
  }
}

/// Single steps per second: `step` run through the session (the job, its events, the state's
/// snapshot and diff, and the ready list in words) over a 1,000-job session, without rendering
/// the transcript; and the simulation's own `step(candidate:)`, which names nothing.
@MainActor
func steppingFigures(jobs: Int) -> [String] {
  let ticker = ModelDefinition("ticker", summary: "a task of many jobs") { _ in Ticker() } describe: { model in
    model.action("run", "start the ticking task", tracking: { ticker, _ in ticker.run(jobs) })
    model.show("ticks", \.ticks)
  }
  let timeline = Timeline(models: [ticker])
  _ = timeline.execute("use ticker")
  _ = timeline.execute("step send run")
  var steps = 0
  var failure: String?
  let sessionTime = measure {
    while true {
      let result = timeline.execute("step")
      if let error = result.error {
        if !error.message.hasPrefix("nothing to step") { failure = error.message }
        break
      }
      steps += 1
    }
  }
  _ = timeline.session.finish()

  let simulation = Simulation.shared
  var raw = 0
  let rawTime = measure {
    Task.detached {
      for _ in 0..<jobs { await Task.yield() }
    }
    while (try? simulation.step()) != nil { raw += 1 }
  }
  return [
    "step through the session (\(steps) jobs of one task): \(Int(Double(steps) / sessionTime)) single steps per second (\(rounded(sessionTime * 1000)) ms)"
      + (failure.map { "; FAILED: \($0)" } ?? ""),
    "Simulation.step(), naming nothing (\(raw) jobs): \(Int(Double(raw) / rawTime)) per second",
  ]
}
