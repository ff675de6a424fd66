/// A view-model's shape: the bodies of its actions, each a block of the steps apps combine
/// (`async let`, task groups, streams, continuations, actors, sleeps, timers, Combine, Dispatch,
/// requests), written as text so that a failing shape can be kept as a scenario.
///
/// ```swift
/// let shape = Shape(parsing: "let(sleep(10), sleep(20)); timer(16,3) | lost(5)")
/// shape?.actions.count  // 2: `send a` and `send b`
/// ```
public struct Shape: Equatable, Sendable, CustomStringConvertible {
  /// The bodies of actions `a`, `b`, `c`, in that order.
  public var actions: [[ShapeStep]]

  /// A shape with these action bodies.
  public init(actions: [[ShapeStep]]) {
    self.actions = actions
  }

  /// The names the fixture model gives its actions, in order.
  public static let actionNames = ["a", "b", "c"]

  /// The text `init(parsing:)` reads back: actions separated by ` | `, steps by `; `.
  public var description: String {
    actions.map(Self.text).joined(separator: " | ")
  }

  /// A block's text.
  static func text(_ block: [ShapeStep]) -> String {
    block.map(\.description).joined(separator: "; ")
  }

  /// Whether any step, at any depth, satisfies `test`.
  public func contains(where test: (ShapeStep) -> Bool) -> Bool {
    actions.contains { block in block.contains { $0.contains(where: test) } }
  }

  /// How many steps it has at every depth.
  public var size: Int {
    actions.reduce(0) { $0 + $1.reduce(0) { $0 + $1.size } }
  }

  /// What every shrinking step makes smaller: the steps first, then their numbers (a timer that
  /// never stops weighs more than any that does).
  public var weight: Int {
    actions.reduce(0) { $0 + $1.reduce(0) { $0 + $1.weight } }
  }
}

/// One step of an action's body.
public indirect enum ShapeStep: Equatable, Sendable, CustomStringConvertible {
  /// `Task.sleep(for: .milliseconds(n))`, its cancellation ignored (`try?`).
  case sleep(Int)
  /// `ContinuousClock().sleep(for:)`, the same on a clock.
  case clock(Int)
  /// `value += 1` on the main actor.
  case bump
  /// Read `value`, sleep `n` ms, write it back plus one: a lost update when two overlap.
  case lost(Int)
  /// Two blocks side by side with `async let`, both awaited.
  case asyncLet([ShapeStep], [ShapeStep])
  /// Blocks as children of `withTaskGroup`.
  case group([[ShapeStep]])
  /// An `AsyncStream` whose producer `Task` yields `n` values 1 ms apart; each is counted.
  case stream(Int)
  /// `withCheckedContinuation`, resumed from `DispatchQueue.global().asyncAfter` in `n` ms.
  case resume(Int)
  /// `await` an actor's method.
  case actor
  /// A repeating run-loop `Timer` every `every` ms, invalidated after `firings` (0: never).
  case timer(every: Int, firings: Int)
  /// A `DispatchSourceTimer` on the main queue, cancelled after `firings` (0: never).
  case source(every: Int, firings: Int)
  /// A Combine `Just` delayed `n` ms on `RunLoop.main`, counted in `sink`.
  case runLoop(Int)
  /// The same on `DispatchQueue.main`.
  case mainQueue(Int)
  /// `DispatchQueue.global().async` with a hop back to `DispatchQueue.main`, which counts.
  case global
  /// An unstructured `Task` running the block, kept by the model (`send stop` cancels it).
  case task([ShapeStep])
  /// A `URLSession` request (`GET /shapes/item`), counted when it succeeds.
  case request
  /// Ends the block when the task is cancelled.
  case checkCancel

  /// The step's text, as `Shape(parsing:)` reads it.
  public var description: String {
    switch self {
    case .sleep(let n): "sleep(\(n))"
    case .clock(let n): "clock(\(n))"
    case .bump: "bump"
    case .lost(let n): "lost(\(n))"
    case .asyncLet(let first, let second): "let(\(Shape.text(first)), \(Shape.text(second)))"
    case .group(let blocks): "group(\(blocks.map(Shape.text).joined(separator: ", ")))"
    case .stream(let n): "stream(\(n))"
    case .resume(let n): "resume(\(n))"
    case .actor: "actor"
    case .timer(let every, let firings): "timer(\(every),\(firings))"
    case .source(let every, let firings): "source(\(every),\(firings))"
    case .runLoop(let n): "runloop(\(n))"
    case .mainQueue(let n): "mainqueue(\(n))"
    case .global: "global"
    case .task(let block): "task(\(Shape.text(block)))"
    case .request: "request"
    case .checkCancel: "checkcancel"
    }
  }

  /// The blocks it holds.
  public var blocks: [[ShapeStep]] {
    switch self {
    case .asyncLet(let first, let second): [first, second]
    case .group(let blocks): blocks
    case .task(let block): [block]
    default: []
    }
  }

  /// Whether it, or a step inside it, satisfies `test`.
  public func contains(where test: (ShapeStep) -> Bool) -> Bool {
    test(self) || blocks.contains { block in block.contains { $0.contains(where: test) } }
  }

  /// Itself and every step inside it.
  var size: Int {
    1 + blocks.reduce(0) { $0 + $1.reduce(0) { $0 + $1.size } }
  }

  /// See `Shape.weight`.
  var weight: Int {
    let own: Int
    switch self {
    case .sleep(let n), .clock(let n), .lost(let n), .stream(let n), .resume(let n), .runLoop(let n), .mainQueue(let n): own = n
    case .timer(_, let firings), .source(_, let firings): own = firings == 0 ? 1_000 : firings
    default: own = 0
    }
    return 10_000 + own + blocks.reduce(0) { $0 + $1.reduce(0) { $0 + $1.weight } }
  }
}
