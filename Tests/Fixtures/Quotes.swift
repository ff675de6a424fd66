// Two values loaded side by side with `async let`, then a repeating timer, as a quote screen does
// (issue 73): every explored schedule of `send connect` must end, whatever order it picks.
import Foundation
import Scenario

@MainActor
final class Ticker {
  var bid = 0
  var ask = 0
  var ticks = 0
  private var timer: Timer?
  private var source: (any DispatchSourceTimer)?

  func connect() async {
    async let b = quote(1)
    async let a = quote(2)
    (bid, ask) = await (b, a)
    startTicking()
  }

  private func startTicking() {
    timer = Timer.scheduledTimer(withTimeInterval: 1.0 / 60, repeats: true) { [weak self] _ in
      MainActor.assumeIsolated { self?.ticks += 1 }
    }
  }

  /// The same, ticking on a Dispatch timer source nobody cancels: a leaked source keeps firing
  /// after the session, and letting it go would run its cancel handler, the program's code.
  func connectSource() async {
    async let b = quote(1)
    async let a = quote(2)
    (bid, ask) = await (b, a)
    let source = DispatchSource.makeTimerSource(queue: .main)
    source.schedule(deadline: .now() + 1.0 / 60, repeating: 1.0 / 60)
    source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.ticks += 1 } }
    source.resume()
    self.source = source
  }

  func disconnect() {
    timer?.invalidate()
    timer = nil
  }

  private nonisolated func quote(_ n: Int) async -> Int {
    try? await Task.sleep(for: .milliseconds(10 * n))
    return 100 + n
  }
}

let ticker = ModelDefinition("ticker", summary: "two quotes loaded with async let, then a repeating timer") { _ in
  Ticker()
} describe: { model in
  model.asyncAction("connect", "load bid and ask side by side, then tick every 1/60 s", perform: { ticker, _ in await ticker.connect() })
  model.asyncAction("connectSource", "the same, ticking on a Dispatch timer source", perform: { ticker, _ in await ticker.connectSource() })
  model.action("disconnect", "stop the timer", perform: { ticker, _ in ticker.disconnect() })
  model.show("bid", \.bid)
  model.show("ask", \.ask)
  model.show("ticks", \.ticks)
}
