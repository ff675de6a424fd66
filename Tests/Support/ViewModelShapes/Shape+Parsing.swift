extension Shape {
  /// Reads a shape's text (see `description`); nil when it is not one.
  public init?(parsing text: String) {
    var reader = ShapeReader(text)
    var actions: [[ShapeStep]] = []
    repeat {
      guard let block = reader.block() else { return nil }
      actions.append(block)
    } while reader.take(" | ")
    guard reader.atEnd, actions.count <= Self.actionNames.count else { return nil }
    self.init(actions: actions)
  }
}

/// A cursor over a shape's text: recursive descent, one method per rule.
struct ShapeReader {
  private let characters: [Character]
  private var index = 0

  init(_ text: String) {
    characters = Array(text)
  }

  var atEnd: Bool { index == characters.count }

  /// Takes `literal` when the text goes on with it.
  mutating func take(_ literal: String) -> Bool {
    let wanted = Array(literal)
    guard index + wanted.count <= characters.count, Array(characters[index..<index + wanted.count]) == wanted else { return false }
    index += wanted.count
    return true
  }

  /// Steps separated by `; `; an empty block is `()`-less nothing, which no rule writes.
  mutating func block() -> [ShapeStep]? {
    var steps: [ShapeStep] = []
    repeat {
      guard let step = step() else { return nil }
      steps.append(step)
    } while take("; ")
    return steps
  }

  private mutating func word() -> String {
    var word = ""
    while index < characters.count, characters[index].isLetter {
      word.append(characters[index])
      index += 1
    }
    return word
  }

  private mutating func number() -> Int? {
    var digits = ""
    while index < characters.count, characters[index].isASCII, characters[index].isNumber {
      digits.append(characters[index])
      index += 1
    }
    return Int(digits)
  }

  /// `(n)`.
  private mutating func argument() -> Int? {
    guard take("("), let n = number(), take(")") else { return nil }
    return n
  }

  /// `(every,firings)`.
  private mutating func pair() -> (Int, Int)? {
    guard take("("), let first = number(), take(","), let second = number(), take(")") else { return nil }
    return (first, second)
  }

  /// `(block, block, ...)`.
  private mutating func blocks() -> [[ShapeStep]]? {
    guard take("(") else { return nil }
    var blocks: [[ShapeStep]] = []
    repeat {
      guard let block = block() else { return nil }
      blocks.append(block)
    } while take(", ")
    return take(")") ? blocks : nil
  }

  mutating func step() -> ShapeStep? {
    switch word() {
    case "sleep": argument().map(ShapeStep.sleep)
    case "clock": argument().map(ShapeStep.clock)
    case "bump": .bump
    case "lost": argument().map(ShapeStep.lost)
    case "let":
      blocks().flatMap { $0.count == 2 ? ShapeStep.asyncLet($0[0], $0[1]) : nil }
    case "group": blocks().map(ShapeStep.group)
    case "stream": argument().map(ShapeStep.stream)
    case "resume": argument().map(ShapeStep.resume)
    case "actor": .actor
    case "timer": pair().map { ShapeStep.timer(every: $0.0, firings: $0.1) }
    case "source": pair().map { ShapeStep.source(every: $0.0, firings: $0.1) }
    case "runloop": argument().map(ShapeStep.runLoop)
    case "mainqueue": argument().map(ShapeStep.mainQueue)
    case "global": .global
    case "task": blocks().flatMap { $0.count == 1 ? ShapeStep.task($0[0]) : nil }
    case "request": .request
    case "checkcancel": .checkCancel
    default: nil
    }
  }
}
