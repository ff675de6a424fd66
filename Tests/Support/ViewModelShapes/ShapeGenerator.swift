package import ScheduleNotation

/// Draws shapes and the scenarios that exercise them from a seed: the same seed, the same shape
/// and lines, on every machine.
package struct ShapeGenerator {
  private var random: SplitMix64
  /// Steps left to draw in the shape being made, so that nesting stays small.
  private var budget = 0

  /// A generator for `seed`.
  package init(seed: UInt64) {
    random = SplitMix64(seed: seed, stream: 73)
  }

  /// The shape and scenario of `seed`.
  package static func scenario(seed: UInt64) -> ShapeScenario {
    var generator = ShapeGenerator(seed: seed)
    let shape = generator.shape()
    return ShapeScenario(shape: shape, commands: generator.commands(for: shape))
  }

  private mutating func pick<T>(_ choices: [T]) -> T { choices[random.below(choices.count)] }

  private mutating func chance(_ percent: Int) -> Bool { random.below(100) < percent }

  /// One to three actions, twelve steps at most in all.
  package mutating func shape() -> Shape {
    budget = 12
    let count = 1 + random.below(3)
    return Shape(actions: (0..<count).map { _ in block(depth: 0) })
  }

  private mutating func block(depth: Int) -> [ShapeStep] {
    let length = 1 + random.below(depth == 0 ? 3 : 2)
    var steps: [ShapeStep] = []
    for _ in 0..<length where budget > 0 || steps.isEmpty {
      steps.append(step(depth: depth))
    }
    return steps
  }

  private mutating func milliseconds() -> Int { pick([1, 5, 10, 20, 50, 200]) }

  private mutating func step(depth: Int) -> ShapeStep {
    budget -= 1
    // Nesting only while there is room: a leaf otherwise.
    let nests = depth < 2 && budget > 2
    switch random.below(nests ? 17 : 14) {
    case 0: return .sleep(milliseconds())
    case 1: return .clock(milliseconds())
    case 2: return .bump
    case 3: return .lost(milliseconds())
    case 4: return .stream(1 + random.below(3))
    case 5: return .resume(milliseconds())
    case 6: return .actor
    case 7: return .timer(every: pick([16, 100, 1000]), firings: pick([0, 1, 3]))
    case 8: return .source(every: pick([16, 100, 1000]), firings: pick([0, 1, 3]))
    case 9: return .runLoop(milliseconds())
    case 10: return .mainQueue(milliseconds())
    case 11: return .global
    case 12: return .request
    case 13: return .checkCancel
    case 14: return .asyncLet(block(depth: depth + 1), block(depth: depth + 1))
    case 15: return .group((0..<(2 + random.below(2))).map { _ in block(depth: depth + 1) })
    default: return .task(block(depth: depth + 1))
    }
  }

  /// Two to seven commands after `use`: sends, time, cancellation, `await`, the screen left.
  package mutating func commands(for shape: Shape) -> [String] {
    let count = 2 + random.below(6)
    var commands: [String] = []
    var sent = 0
    for index in 0..<count {
      let last = index == count - 1
      switch random.below(last ? 9 : 8) {
      case 0, 1, 2:
        commands.append("send " + Shape.actionNames[random.below(shape.actions.count)])
        sent += 1
      case 3: commands.append("advance \(pick([1, 5, 10, 20, 50, 100, 1000]))ms")
      case 4 where sent > 0: commands.append("cancel #\(1 + random.below(sent))")
      case 5: commands.append("await")
      case 6: commands.append("settle")
      case 7: commands.append("send stop")
      case 8: commands.append("leave")
      default: commands.append("send " + Shape.actionNames[0])
      }
    }
    return commands
  }
}

/// A shape and the commands that exercise it.
package struct ShapeScenario: Equatable, Sendable {
  package var shape: Shape
  package var commands: [String]

  package init(shape: Shape, commands: [String]) {
    self.shape = shape
    self.commands = commands
  }

  /// The scenario's lines: the model with its shape, a stub that answers its requests, then
  /// the commands.
  package var lines: [String] {
    var lines = ["use shape program=\"\(shape)\""]
    if shape.contains(where: { $0 == .request }) { lines.append("stub http ok latency=5ms") }
    return lines + commands
  }

  /// The scenario as a file.
  package var text: String { lines.joined(separator: "\n") + "\n" }

  /// Reads a scenario file written by `text` (comments and blank lines aside); nil if it is not one.
  package init?(text: String) {
    let lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    let prefix = "use shape program=\""
    guard let first = lines.first, first.hasPrefix(prefix), first.hasSuffix("\""),
      let shape = Shape(parsing: String(first.dropFirst(prefix.count).dropLast()))
    else { return nil }
    self.init(shape: shape, commands: lines.dropFirst().filter { !$0.hasPrefix("stub http") })
  }
}
