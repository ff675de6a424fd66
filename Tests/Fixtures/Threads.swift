// View-models that block, written the way legacy apps and SDK wrappers write them (issue 28):
// a hop back to the UI with `main.sync`, sync-over-async with a semaphore, a `Thread` with a
// lock and a sleep, a producer and a consumer on `NSCondition`, an `OperationQueue` of their own.
// Their golden scenarios are in Tests/VMReplTests/Scenarios/threads.
import Foundation
import Scenario

/// A callback-style client, as SDKs of the completion-handler era ship them: the answer arrives
/// half a second later on a global queue.
final class CallbackClient: @unchecked Sendable {
  // Unchecked: immutable after init.
  let delay: Double
  init(delay: Double) { self.delay = delay }

  func fetchScore(for name: String, completion: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
      completion(name.count * 10)
    }
  }
}

/// A value handed from a callback to the thread that waits for it (what a Swift 5 app writes as
/// a captured `var`).
final class ResultBox: @unchecked Sendable {
  // Unchecked: written before the semaphore is signalled, read after the wait returns.
  var value = 0
}

/// Loads on a global queue and hops back with `DispatchQueue.main.sync`, or blocks a global
/// block on a semaphore until a callback arrives (sync-over-async).
final class LegacyLoader: @unchecked Sendable {
  // Unchecked: as in the apps it imitates, state is written on the main queue only; vmrepl's
  // main-thread checker reports any write that is not.
  var score = 0
  var status = "idle"
  let client = CallbackClient(delay: 0.5)

  /// The hop back most apps write: compute in the background, publish with `main.sync`.
  func hopBack() {
    status = "loading"
    DispatchQueue.global(qos: .userInitiated).async {
      let computed = (1...10).reduce(0, +)
      DispatchQueue.main.sync {
        self.score = computed
        self.status = "loaded"
      }
    }
  }

  /// Sync-over-async inside a background block: wait for the callback, then publish.
  func syncOverAsync() {
    status = "loading"
    DispatchQueue.global().async {
      let semaphore = DispatchSemaphore(value: 0)
      let result = ResultBox()
      self.client.fetchScore(for: "swift") { value in
        result.value = value
        semaphore.signal()
      }
      semaphore.wait()
      DispatchQueue.main.async {
        self.score = result.value
        self.status = "loaded"
      }
    }
  }

  /// The main thread itself waits for the callback (`syncWith`-style helpers do this).
  func blockMain() {
    let semaphore = DispatchSemaphore(value: 0)
    let result = ResultBox()
    client.fetchScore(for: "kotlin") { value in
      result.value = value
      semaphore.signal()
    }
    semaphore.wait()
    score = result.value
    status = "loaded"
  }

  /// Waits with a timeout shorter than the callback: gives up at 0.2 s.
  func waitWithTimeout() {
    status = "loading"
    DispatchQueue.global().async {
      let semaphore = DispatchSemaphore(value: 0)
      self.client.fetchScore(for: "go") { _ in semaphore.signal() }
      let outcome = semaphore.wait(timeout: .now() + 0.2)
      DispatchQueue.main.async { self.status = outcome == .timedOut ? "timed out" : "loaded" }
    }
  }

  /// A semaphore nobody ever signals: the block waits forever.
  func neverSignalled() {
    status = "waiting"
    DispatchQueue.global(qos: .utility).async {
      let semaphore = DispatchSemaphore(value: 0)
      semaphore.wait()
      DispatchQueue.main.async { self.status = "never" }
    }
  }
}

let legacyLoader = ModelDefinition("legacy-loader", summary: "main.sync hops, semaphores over callbacks, a main thread that waits") { _ in
  LegacyLoader()
} describe: { model in
  model.action("hopBack", "compute on a global queue, publish with DispatchQueue.main.sync", perform: { loader, _ in loader.hopBack() })
  model.action("syncOverAsync", "a global block waits on a semaphore for a callback 0.5 s later", perform: { loader, _ in loader.syncOverAsync() })
  model.action("blockMain", "the main thread waits on a semaphore for a callback 0.5 s later", perform: { loader, _ in loader.blockMain() })
  model.action("waitWithTimeout", "a semaphore wait that times out after 0.2 s", perform: { loader, _ in loader.waitWithTimeout() })
  model.action("neverSignalled", "a global block waits on a semaphore nobody signals", perform: { loader, _ in loader.neverSignalled() })
  model.show("score", \.score)
  model.show("status", \.status)
}

/// A worker `Thread` that sleeps, takes a lock, counts and reports back, as pre-GCD code and
/// some SDKs still do.
final class ThreadWorker: @unchecked Sendable {
  // Unchecked: `count` is guarded by `lock`; `status` and `shown` are written on main only.
  let lock = NSLock()
  var count = 0
  var shown = 0
  var status = "idle"

  func start(name: String) {
    status = "working"
    let thread = Thread {
      Thread.sleep(forTimeInterval: 1)
      self.lock.lock()
      self.count += 1
      let value = self.count
      self.lock.unlock()
      DispatchQueue.main.async {
        self.shown = value
        self.status = "done"
      }
    }
    thread.name = name
    thread.start()
  }
}

let threadWorker = ModelDefinition("thread-worker", summary: "a Thread that sleeps a second, counts under an NSLock and hops to main") { _ in
  ThreadWorker()
} describe: { model in
  model.action("start", "start a worker thread", perform: { worker, _ in worker.start(name: "worker") })
  model.show("shown", \.shown)
  model.show("status", \.status)
}

/// A producer thread and a consumer thread sharing a buffer under an `NSCondition`.
final class Pipeline: @unchecked Sendable {
  // Unchecked: `buffer` and `finished` are guarded by `condition`; `received` is written on main.
  let condition = NSCondition()
  var buffer: [Int] = []
  var finished = false
  var received: [Int] = []

  func run(items: Int) {
    let producer = Thread {
      for item in 1...items {
        Thread.sleep(forTimeInterval: 0.1)
        self.condition.lock()
        self.buffer.append(item)
        self.condition.signal()
        self.condition.unlock()
      }
      self.condition.lock()
      self.finished = true
      self.condition.broadcast()
      self.condition.unlock()
    }
    let consumer = Thread {
      while true {
        self.condition.lock()
        while self.buffer.isEmpty && !self.finished { self.condition.wait() }
        if self.buffer.isEmpty {
          self.condition.unlock()
          return
        }
        let item = self.buffer.removeFirst()
        self.condition.unlock()
        DispatchQueue.main.async { self.received.append(item) }
      }
    }
    consumer.start()
    producer.start()
  }
}

let pipeline = ModelDefinition("pipeline", summary: "a producer and a consumer Thread on an NSCondition") { _ in
  Pipeline()
} describe: { model in
  model.action("run", "produce 3 items, 0.1 s apart; the consumer hands each to main", perform: { pipeline, _ in pipeline.run(items: 3) })
  model.show("received", \.received)
}

/// An `OperationQueue` of the view-model's own: two operations, the second depending on the first,
/// each completion block adding to the main queue.
final class Importer: @unchecked Sendable {
  // Unchecked: `steps` is written on the main queue only.
  let queue: OperationQueue = {
    let queue = OperationQueue()
    queue.name = "importer"
    queue.maxConcurrentOperationCount = 2
    return queue
  }()
  var steps: [String] = []

  func importAll() {
    let download = BlockOperation { Thread.sleep(forTimeInterval: 0.3) }
    download.completionBlock = { DispatchQueue.main.async { self.steps.append("downloaded") } }
    let parse = BlockOperation { Thread.sleep(forTimeInterval: 0.2) }
    parse.completionBlock = { DispatchQueue.main.async { self.steps.append("parsed") } }
    parse.addDependency(download)
    queue.addOperations([download, parse], waitUntilFinished: false)
  }
}

let importer = ModelDefinition("importer", summary: "an OperationQueue of its own: two dependent operations") { _ in
  Importer()
} describe: { model in
  model.action("importAll", "download (0.3 s), then parse (0.2 s)", perform: { importer, _ in importer.importAll() })
  model.show("steps", \.steps)
}

/// A main thread that waits for a background block that waits for the main thread: the classic
/// deadlock of `main.sync` under a lock or a semaphore the main thread holds.
final class Handshake: @unchecked Sendable {
  // Unchecked: `value` is written on main only.
  var value = 0

  func deadlock() {
    let ready = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      DispatchQueue.main.sync { self.value = 1 }
      ready.signal()
    }
    ready.wait()
  }
}

let handshake = ModelDefinition("handshake", summary: "the main thread waits on a block that waits on the main thread") { _ in
  Handshake()
} describe: { model in
  model.action("deadlock", "wait on a semaphore that a main.sync block would signal", perform: { model, _ in model.deadlock() })
  model.show("value", \.value)
}

/// Two taps book the last seat from two background blocks; each checks, waits for the server
/// (a blocking call), then books: the check-then-act race of legacy code. Which tap wins depends
/// on the order the two blocks wake in, which `explore` varies.
final class SeatBooking: @unchecked Sendable {
  // Unchecked: `seats` is guarded by `lock`; `bookedBy` and `overbooked` are written on main.
  let lock = NSLock()
  var seats = 1
  var bookedBy: [String] = []

  func book(_ name: String) {
    DispatchQueue.global().async {
      self.lock.lock()
      let free = self.seats > 0
      self.lock.unlock()
      guard free else { return }
      Thread.sleep(forTimeInterval: 0.05)  // the server round trip, written as a blocking call
      self.lock.lock()
      self.seats -= 1
      self.lock.unlock()
      DispatchQueue.main.async { self.bookedBy.append(name) }
    }
  }
}

let seatBooking = ModelDefinition("seat-booking", summary: "two background bookings race for the last seat") { _ in
  SeatBooking()
} describe: { model in
  model.action("book", "book the seat from a background block", parameters: [Parameter("name", .string)]) { model, arguments in
    model.book(arguments.string("name"))
  }
  model.show("bookedBy", \.bookedBy)
}

/// A worker thread that lives as long as the view-model, waiting for jobs on a semaphore, as
/// pre-GCD code and some SDKs keep one: each `enqueue` wakes it once.
final class JobWorker: @unchecked Sendable {
  // Unchecked: `pending` is guarded by `lock`; `done` is written on main only.
  let lock = NSLock()
  let wake = DispatchSemaphore(value: 0)
  var pending: [String] = []
  var done: [String] = []

  init() {
    let thread = Thread { [unowned self] in
      while true {
        self.wake.wait()
        self.lock.lock()
        let job = self.pending.removeFirst()
        self.lock.unlock()
        Thread.sleep(forTimeInterval: 0.1)
        DispatchQueue.main.async { self.done.append(job) }
      }
    }
    thread.name = "jobs"
    thread.start()
  }

  func enqueue(_ job: String) {
    lock.lock()
    pending.append(job)
    lock.unlock()
    wake.signal()
  }
}

let jobWorker = ModelDefinition("job-worker", summary: "a worker Thread that waits for jobs on a semaphore for its whole life") { _ in
  JobWorker()
} describe: { model in
  model.action("enqueue", "hand the worker a job", parameters: [Parameter("job", .string)]) { worker, arguments in
    worker.enqueue(arguments.string("job"))
  }
  model.show("pending", \.pending)
  model.show("done", \.done)
}
