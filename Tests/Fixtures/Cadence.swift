// Repeating timers of 1/60 s, made the three other ways apps make them (the run-loop `Timer` is
// `ScrumClock`): each counts whole seconds since it started from the clock, as a workout or
// stopwatch screen does. The n-th firing must come no earlier than n sixtieths of a second (issue
// 61): Dispatch and CoreFoundation keep 1/60 s cut to whole nanoseconds, so n firings summed
// from that came up to n nanoseconds early, and a screen showed 19 s at 20 s.
import OpenCombine
import OpenCombineFoundation
import Foundation
import Scenario

@MainActor
final class Stopwatches {
  var dispatchSeconds = 0
  var publisherSeconds = 0
  var runLoopSeconds = 0
  private var started = Date()
  private var source: (any DispatchSourceTimer)?
  private var tick: AnyCancellable?
  private var runLoopTimer: Timer?

  func start() {
    started = Date()
    let source = DispatchSource.makeTimerSource(queue: .main)
    source.schedule(deadline: .now() + 1.0 / 60, repeating: 1.0 / 60)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.dispatchSeconds = self?.elapsed ?? 0 }
    }
    source.resume()
    self.source = source
    tick = Timer.publish(every: 1.0 / 60, on: .main, in: .common)
      .autoconnect()
      .sink { [weak self] _ in
        MainActor.assumeIsolated { self?.publisherSeconds = self?.elapsed ?? 0 }
      }
    let timer = Timer(timeInterval: 1.0 / 60, repeats: true) { [weak self] _ in
      MainActor.assumeIsolated { self?.runLoopSeconds = self?.elapsed ?? 0 }
    }
    RunLoop.main.add(timer, forMode: .common)
    runLoopTimer = timer
  }

  func stop() {
    source?.cancel()
    source = nil
    tick = nil
    runLoopTimer?.invalidate()
    runLoopTimer = nil
  }

  private var elapsed: Int { Int(Date().timeIntervalSince(started)) }
}

let stopwatches = ModelDefinition(
  "stopwatches", summary: "1/60 s timers from Dispatch, Timer.publish and RunLoop.add, each counting whole seconds"
) { _ in
  Stopwatches()
} describe: { model in
  model.action("start", "start the three timers", perform: { watches, _ in watches.start() })
  model.action("stop", "cancel the three timers", perform: { watches, _ in watches.stop() })
  model.show("dispatchSeconds", \.dispatchSeconds)
  model.show("publisherSeconds", \.publisherSeconds)
  model.show("runLoopSeconds", \.runLoopSeconds)
}
