extension ShapeScenario {
  /// Scenarios one change smaller: a command left out, an action left out, a step left out or
  /// replaced by what it holds, a number made small. Shrinking takes the first that still fails.
  package var smaller: [ShapeScenario] {
    var candidates: [ShapeScenario] = []
    for index in commands.indices where commands.count > 1 {
      var fewer = self
      fewer.commands.remove(at: index)
      candidates.append(fewer)
    }
    for shape in shape.smaller {
      var simpler = self
      simpler.shape = shape
      // A command that sends an action the shape no longer has is left out with it.
      simpler.commands = commands.filter { command in
        guard command.hasPrefix("send "), let index = Shape.actionNames.firstIndex(of: String(command.dropFirst(5))) else { return true }
        return index < shape.actions.count
      }
      candidates.append(simpler)
    }
    return candidates
  }
}

extension Shape {
  /// Shapes one change smaller (see `ShapeScenario.smaller`).
  var smaller: [Shape] {
    var shapes: [Shape] = []
    // The last action only: the names of the others stay what the commands send.
    if actions.count > 1 { shapes.append(Shape(actions: Array(actions.dropLast()))) }
    for index in actions.indices {
      for block in Self.smaller(actions[index]) {
        var shape = self
        shape.actions[index] = block
        shapes.append(shape)
      }
    }
    return shapes
  }

  static func smaller(_ block: [ShapeStep]) -> [[ShapeStep]] {
    var blocks: [[ShapeStep]] = []
    for index in block.indices {
      if block.count > 1 {
        var fewer = block
        fewer.remove(at: index)
        blocks.append(fewer)
      }
      // A step replaced by each block it holds, spliced in; then each smaller form of it.
      for inner in block[index].blocks {
        blocks.append(Array(block[..<index]) + inner + Array(block[(index + 1)...]))
      }
      for step in block[index].smaller {
        var changed = block
        changed[index] = step
        blocks.append(changed)
      }
    }
    return blocks
  }
}

extension ShapeStep {
  /// The step one change smaller: a block inside it smaller, or its numbers at their least.
  var smaller: [ShapeStep] {
    switch self {
    case .sleep(let n) where n > 1: [.sleep(1)]
    case .clock(let n) where n > 1: [.clock(1)]
    case .lost(let n) where n > 1: [.lost(1)]
    case .stream(let n) where n > 1: [.stream(1)]
    case .resume(let n) where n > 1: [.resume(1)]
    case .runLoop(let n) where n > 1: [.runLoop(1)]
    case .mainQueue(let n) where n > 1: [.mainQueue(1)]
    case .timer(let every, let firings): firings == 1 ? [] : [.timer(every: every, firings: 1)]
    case .source(let every, let firings): firings == 1 ? [] : [.source(every: every, firings: 1)]
    case .asyncLet(let first, let second):
      Shape.smaller(first).map { .asyncLet($0, second) } + Shape.smaller(second).map { .asyncLet(first, $0) }
    case .group(let blocks):
      (blocks.count > 1 ? blocks.indices.map { index in ShapeStep.group(blocks.enumerated().filter { $0.offset != index }.map(\.element)) } : [])
        + blocks.indices.flatMap { index in
          Shape.smaller(blocks[index]).map { block in
            var changed = blocks
            changed[index] = block
            return ShapeStep.group(changed)
          }
        }
    case .task(let block): Shape.smaller(block).map(ShapeStep.task)
    default: []
    }
  }
}
