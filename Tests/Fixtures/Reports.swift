// View-models written as apps write them, each the smallest reproduction of a report about
// background work that was once wrong (issue 26); their golden scenarios are in
// Tests/VMReplTests/Scenarios/reports.
import Foundation
import Scenario

/// Two repeating run-loop timers, started and stopped by separate actions, as Apple's ScrumTimer
/// keeps its own: each timer is work of the step that scheduled it.
@MainActor
final class TwoTimers {
  var ticksA = 0
  var ticksB = 0
  var timerA: Timer?
  var timerB: Timer?

  func startA() {
    timerA = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
      MainActor.assumeIsolated { self?.ticksA += 1 }
    }
  }

  func startB() {
    timerB = Timer.scheduledTimer(withTimeInterval: 3, repeats: true) { [weak self] _ in
      MainActor.assumeIsolated { self?.ticksB += 1 }
    }
  }

  func stopA() {
    timerA?.invalidate()
    timerA = nil
  }

  func stopB() {
    timerB?.invalidate()
    timerB = nil
  }

  /// A one-shot timer whose callback starts a task: the task is the scheduling step's work too.
  func saveLater() {
    Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { [weak self] _ in
      MainActor.assumeIsolated { self?.finishSaving() }
    }
  }

  private func finishSaving() {
    Task {
      try? await Task.sleep(for: .seconds(1))
      ticksA = 100
    }
  }
}

let twoTimers = ModelDefinition("two-timers", summary: "two repeating run-loop timers, each started and stopped by its own action") { _ in
  TwoTimers()
} describe: { model in
  model.action("startA", "a timer that ticks A every second", perform: { timers, _ in timers.startA() })
  model.action("startB", "a timer that ticks B every 3 seconds", perform: { timers, _ in timers.startB() })
  model.action("stopA", "invalidate A's timer", perform: { timers, _ in timers.stopA() })
  model.action("stopB", "invalidate B's timer", perform: { timers, _ in timers.stopB() })
  model.action("saveLater", "a one-shot timer whose callback starts a task", perform: { timers, _ in timers.saveLater() })
  model.show("ticksA", \.ticksA)
  model.show("ticksB", \.ticksB)
}

/// A text field whose `didSet` starts a task that sleeps one second a character: two edits, two
/// pieces of hidden work with the same command name.
@MainActor
final class Typing {
  var text = "" {
    didSet {
      let length = text.count
      Task { try? await Task.sleep(for: .seconds(length)) }
    }
  }
}

let typing = ModelDefinition("typing", summary: "each edit starts a hidden task that sleeps a second a character") { _ in
  Typing()
} describe: { model in
  model.property("text", \.text)
}

/// A polling task kept in a property, stopped by cancelling it: `stop` ends `start`'s work.
@MainActor
final class Poller {
  var polls = 0
  private var task: Task<Void, Never>?

  func start() {
    task = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(1))
        polls += 1
      }
    }
  }

  func stop() {
    task?.cancel()
    task = nil
  }
}

let poller = ModelDefinition("poller", summary: "a polling task started by one action and cancelled by another") { _ in
  Poller()
} describe: { model in
  model.action("start", "start polling every second", perform: { poller, _ in poller.start() })
  model.action("stop", "cancel the polling task", perform: { poller, _ in poller.stop() })
  model.show("polls", \.polls)
}

/// A dashboard that stores the dependency it was given and loads four panels at once with
/// `async let`, plus a refresh it starts and hides.
@MainActor
final class Dashboard {
  let api: ScriptedDependency<Int>
  var trends = 0
  var news = 0
  var weather = 0
  var stocks = 0
  var badge = 0

  init(api: ScriptedDependency<Int>) { self.api = api }

  func loadAll() async {
    async let trends = try? api.request("GET /trends")
    async let news = try? api.request("GET /news")
    async let weather = try? api.request("GET /weather")
    async let stocks = try? api.request("GET /stocks")
    let (t, n, w, s) = await (trends, news, weather, stocks)
    self.trends = t ?? -1
    self.news = n ?? -1
    self.weather = w ?? -1
    self.stocks = s ?? -1
  }

  func refreshBadge() {
    Task { badge = (try? await api.request("GET /badge")) ?? -1 }
  }
}

let dashboard = ModelDefinition("dashboard", summary: "stores its scripted dependency; four requests at once with async let") { context in
  Dashboard(
    api: context.dependency("api", outcomes: [Outcome("ok", [Parameter("value", .int)]), Outcome("offline")]) { answer in
      answer.name == "ok" ? .success(answer.arguments.int("value")) : .failure(URLError(.notConnectedToInternet))
    })
} describe: { model in
  model.asyncAction("loadAll", "load four panels at once", perform: { dashboard, _ in await dashboard.loadAll() })
  model.action("refreshBadge", "a hidden task that asks for the badge count", perform: { dashboard, _ in dashboard.refreshBadge() })
}

/// Apple's ScrumTimer shape: a repeating 1/60 s run-loop timer whose callback reads the wall
/// clock. Its 600th fire date, summed in `CFAbsoluteTime`, lands a fraction of a microsecond
/// before 10 s; run-loop deadlines are rounded up to the whole microsecond, so it fires at 10 s
/// and sees 10 whole seconds, as a device (which fires late, never early) does.
@MainActor
final class ScrumClock {
  var secondsElapsed = 0
  private var startDate: Date?
  private var timer: Timer?

  func start() {
    startDate = Date()
    timer = Timer.scheduledTimer(withTimeInterval: 1.0 / 60, repeats: true) { [weak self] _ in
      MainActor.assumeIsolated { self?.update() }
    }
  }

  func stop() {
    timer?.invalidate()
    timer = nil
  }

  private func update() {
    guard let startDate else { return }
    secondsElapsed = Int(Date().timeIntervalSince1970 - startDate.timeIntervalSince1970)
  }
}

let scrumClock = ModelDefinition("scrum-clock", summary: "a 1/60 s run-loop timer that reads the wall clock") { _ in
  ScrumClock()
} describe: { model in
  model.action("start", "start the 1/60 s timer", perform: { clock, _ in clock.start() })
  model.action("stop", "invalidate the timer", perform: { clock, _ in clock.stop() })
  model.show("secondsElapsed", \.secondsElapsed)
}

/// A list loaded on a global queue that writes its result there, as apps written before Swift
/// Concurrency often do (the compiler says nothing in Swift 5 mode), and a fixed version that
/// hops back to the main queue first.
// Unchecked on purpose: the class reproduces the off-main write the checker reports; the
// simulation runs every block on one thread, so the race itself cannot corrupt memory here.
final class BackgroundLoader: @unchecked Sendable {
  var items: [String] = []
  var isLoading = false

  func loadOffMain() {
    isLoading = true
    DispatchQueue.global().async {
      self.items = ["a", "b"]
      self.isLoading = false
    }
  }

  func loadOnMain() {
    isLoading = true
    DispatchQueue.global().async {
      let loaded = ["a", "b"]
      DispatchQueue.main.async {
        self.items = loaded
        self.isLoading = false
      }
    }
  }

  func reset() {
    items = []
  }
}

let backgroundLoader = ModelDefinition("background-loader", summary: "writes its state from a global queue, and a fixed version") { _ in
  BackgroundLoader()
} describe: { model in
  model.action("loadOffMain", "load on a global queue and write the result there", perform: { loader, _ in loader.loadOffMain() })
  model.action("loadOnMain", "load on a global queue, write the result on the main queue", perform: { loader, _ in loader.loadOnMain() })
  model.action("reset", "empty the list", perform: { loader, _ in loader.reset() })
}

/// A list a `Task` loads through a service, from a view-model without `@MainActor`, as apps
/// written before Swift 6 often do: the task starts on the global executor, so what it writes
/// after the service returns is written off the main thread.
// Unchecked on purpose, as `BackgroundLoader`: the off-main write is what the checker reports.
final class ProductList: @unchecked Sendable {
  var products: [String] = []
  var loading = false
  private let service: any ProductService

  init(service: any ProductService) {
    self.service = service
  }

  func reload() {
    Task {
      loading = true
      products = await service.products()
      loading = false
    }
  }
}

/// Where products come from, as an app's service protocol with its live client.
protocol ProductService: Sendable {
  func products() async -> [String]
}

/// A client whose answer takes a second of virtual time.
struct SlowProductService: ProductService {
  func products() async -> [String] {
    try? await Task.sleep(for: .seconds(1))
    return ["mug", "shirt"]
  }
}

/// A view-model with a main-actor loop that sleeps a second a turn and a method without
/// isolation that sleeps and then writes: the loop's returns from `Task.sleep` hop straight to the
/// main actor and are passed by unread, while the other method's return runs its write off the
/// main thread and is still caught.
// Unchecked on purpose, as `ProductList`: the off-main write is what the checker reports.
final class Sleepers: @unchecked Sendable {
  var beats = 0
  var drifted = false

  @MainActor
  func beat() async {
    while !Task.isCancelled {
      try? await Task.sleep(for: .seconds(1))
      beats += 1
    }
  }

  func drift() async {
    try? await Task.sleep(for: .seconds(1))
    drifted = true
  }
}

let sleepers = ModelDefinition("sleepers", summary: "a main-actor sleeping loop beside a write after a sleep off the main actor") { _ in
  Sleepers()
} describe: { model in
  model.asyncAction("beat", "a main-actor loop: sleep 1 s, count a beat", perform: { sleepers, _ in await sleepers.beat() })
  model.asyncAction("drift", "sleep 1 s without isolation, then write", perform: { sleepers, _ in await sleepers.drift() })
}

let productList = ModelDefinition("product-list", summary: "a Task that writes its state off the main thread") { _ in
  ProductList(service: SlowProductService())
} describe: { model in
  model.action("reload", "load the products in a Task", perform: { list, _ in list.reload() })
}

/// A repeating run-loop timer whose callback blocks the main thread (a synchronous save, written
/// as `Thread.sleep`) after handing a follow-up to a detached task, beside a clock timer: while
/// the callback blocks, virtual time moves on, the clock falls due (its deadline armed by the run
/// loop in that very pass) and the task wakes; once the main thread is free, the clock's firing
/// and the task's hop to the main actor run in the order they fell due.
@MainActor
final class BlockingAutosave {
  var saves = 0
  var events: [String] = []
  private var autosave: Timer?
  private var clock: Timer?
  private var begun = Date()

  func start() {
    begun = Date()
    clock = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: true) { [weak self] _ in
      MainActor.assumeIsolated { self?.note("clock") }
    }
    autosave = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
      MainActor.assumeIsolated {
        guard let self else { return }
        Task.detached {
          try? await Task.sleep(for: .milliseconds(300))
          await self.note("upload")
        }
        Thread.sleep(forTimeInterval: 0.6)
        self.saves += 1
        self.note("saved")
      }
    }
  }

  func stop() {
    autosave?.invalidate()
    clock?.invalidate()
  }

  private func note(_ what: String) {
    events.append(what + " " + String(format: "%.2f", Date().timeIntervalSince(begun)))
  }
}

let blockingAutosave = ModelDefinition("blocking-autosave", summary: "a run-loop timer whose callback blocks the main thread, beside a clock timer") { _ in
  BlockingAutosave()
} describe: { model in
  model.action("start", "an autosave every second that blocks 0.6 s, and a clock every 0.3 s", perform: { autosave, _ in autosave.start() })
  model.action("stop", "invalidate both timers", perform: { autosave, _ in autosave.stop() })
  model.show("saves", \.saves)
  model.show("events", \.events)
}
