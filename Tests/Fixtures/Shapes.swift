// The view-model the shape generator (issue 73) exercises: its actions run a `Shape`, text that
// combines what apps combine (`async let`, task groups, streams, continuations, actors, sleeps,
// run-loop and Dispatch timers, Combine on the main run loop and queue, Dispatch hops, requests),
// so that one compiled model stands for every shape `vmrepl-shapes` draws.
import Foundation
import OpenCombine
import OpenCombineDispatch
import OpenCombineFoundation
import Scenario
import ViewModelShapes

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An actor a step awaits.
actor ShapeTally {
  private(set) var count = 0
  func add() { count += 1 }
}

/// How many more firings a timer has before it stops itself.
@MainActor
final class Countdown {
  var left: Int
  init(_ left: Int) { self.left = left }

  /// Counts one firing; true when it was the last.
  func fired() -> Bool {
    left -= 1
    return left == 0
  }
}

@MainActor
final class ShapeModel {
  var value = 0
  var ticks = 0
  var finished: [String] = []
  private let shape: Shape
  nonisolated let tally = ShapeTally()
  private var tasks: [Task<Void, Never>] = []
  private var timers: [Timer] = []
  private var sources: [any DispatchSourceTimer] = []
  private var cancellables: Set<AnyCancellable> = []

  init(shape: Shape) {
    self.shape = shape
  }

  /// Runs action `index`'s body; an action the shape does not have does nothing.
  func perform(_ index: Int) async {
    guard index < shape.actions.count else { return }
    await ShapeRunner.run(shape.actions[index], model: self)
    finished.append(Shape.actionNames[index])
  }

  func bump() { value += 1 }
  func write(_ newValue: Int) { value = newValue }
  func tick() { ticks += 1 }
  func keep(_ task: Task<Void, Never>) { tasks.append(task) }

  /// The screen's cleanup: what the model keeps, cancelled.
  func stop() {
    for task in tasks { task.cancel() }
    for timer in timers { timer.invalidate() }
    for source in sources { source.cancel() }
    tasks = []
    timers = []
    sources = []
    cancellables = []
  }

  func startTimer(every milliseconds: Int, firings: Int) {
    let countdown = Countdown(firings)
    let timer = Timer(timeInterval: Double(milliseconds) / 1000, repeats: true) { [weak self] timer in
      let last = MainActor.assumeIsolated {
        self?.tick()
        return countdown.fired()
      }
      if last { timer.invalidate() }
    }
    RunLoop.main.add(timer, forMode: .common)
    timers.append(timer)
  }

  func startSource(every milliseconds: Int, firings: Int) {
    let countdown = Countdown(firings)
    let source = DispatchSource.makeTimerSource(queue: .main)
    source.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds))
    // The handler holds its source until it cancels it (a cancelled source lets go of it).
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        self?.tick()
        if countdown.fired() { source.cancel() }
      }
    }
    source.resume()
    sources.append(source)
  }

  func delayed(_ milliseconds: Int, onRunLoop: Bool) {
    let just = Just(1)
    let delayed: AnyPublisher<Int, Never> =
      onRunLoop
      ? just.delay(for: .milliseconds(milliseconds), scheduler: RunLoop.main).eraseToAnyPublisher()
      : just.delay(for: .milliseconds(milliseconds), scheduler: DispatchQueue.main).eraseToAnyPublisher()
    delayed.sink { [weak self] _ in MainActor.assumeIsolated { self?.bump() } }.store(in: &cancellables)
  }
}

/// Carries out a shape's steps, off the main actor as a service's code runs, hopping to it to
/// write.
enum ShapeRunner {
  static func run(_ block: [ShapeStep], model: ShapeModel) async {
    for step in block {
      guard await run(step, model: model) else { return }
    }
  }

  /// Runs one step; false when the block ends there (`checkcancel` in a cancelled task).
  private static func run(_ step: ShapeStep, model: ShapeModel) async -> Bool {
    switch step {
    case .sleep(let n): try? await Task.sleep(for: .milliseconds(n))
    case .clock(let n): try? await ContinuousClock().sleep(for: .milliseconds(n))
    case .bump: await model.bump()
    case .lost(let n):
      let current = await model.value
      try? await Task.sleep(for: .milliseconds(n))
      await model.write(current + 1)
    case .asyncLet(let first, let second):
      async let one: Void = run(first, model: model)
      async let two: Void = run(second, model: model)
      _ = await (one, two)
    case .group(let blocks):
      await withTaskGroup(of: Void.self) { group in
        for block in blocks { group.addTask { await run(block, model: model) } }
      }
    case .stream(let count):
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      let producer = Task {
        for value in 0..<count {
          try? await Task.sleep(for: .milliseconds(1))
          continuation.yield(value)
        }
        continuation.finish()
      }
      for await _ in stream { await model.bump() }
      producer.cancel()
    case .resume(let n):
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(n)) { continuation.resume() }
      }
    case .actor: await model.tally.add()
    case .timer(let every, let firings): await model.startTimer(every: every, firings: firings)
    case .source(let every, let firings): await model.startSource(every: every, firings: firings)
    case .runLoop(let n): await model.delayed(n, onRunLoop: true)
    case .mainQueue(let n): await model.delayed(n, onRunLoop: false)
    case .global:
      DispatchQueue.global().async {
        DispatchQueue.main.async { MainActor.assumeIsolated { model.bump() } }
      }
    case .task(let block): await model.keep(Task { await run(block, model: model) })
    case .request:
      if (try? await URLSession.shared.data(from: URL(string: "https://shapes.example/shapes/item")!)) != nil {
        await model.bump()
      }
    case .checkCancel: return !Task.isCancelled
    }
    return true
  }
}

/// The shape's text was not one.
struct ShapeTextError: Error, CustomStringConvertible {
  let text: String
  var description: String { "not a shape: \(text)" }
}

let shapeModel = ModelDefinition(
  "shape", summary: "actions made of a shape's steps (the shape generator's model)",
  options: [Parameter("program", .string, default: .string(""), "the shape's text; empty: $VMREPL_SHAPE (for `audit`)")]
) { context in
  let given = context.options.string("program")
  let text = given.isEmpty ? ProcessInfo.processInfo.environment["VMREPL_SHAPE"] ?? "bump" : given
  guard let shape = Shape(parsing: text) else { throw ShapeTextError(text: text) }
  return ShapeModel(shape: shape)
} describe: { model in
  for (index, name) in Shape.actionNames.enumerated() {
    model.asyncAction(name, "the shape's action \(name)", perform: { shape, _ in await shape.perform(index) })
  }
  model.action("stop", "cancel the tasks, timers and subscriptions the model keeps", perform: { shape, _ in shape.stop() })
  model.show("value", \.value)
  model.show("ticks", \.ticks)
  model.show("finished", \.finished)
}
