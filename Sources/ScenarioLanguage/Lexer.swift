/// Splits a command line into tokens: quoting, escapes, numbers, durations, lists, `key=value`,
/// `#N`, comparison operators and `#` comments.
package struct Lexer {
  private let line: String
  private let characters: [Character]
  /// Where each character starts in `line`, and the line's end: a token's text is a slice of
  /// the line, which costs less than a string built from characters.
  private let starts: [String.Index]
  private var index = 0

  /// Tokens of `line`, or an error pointing at the column that could not be read.
  package static func tokenize(_ line: String) throws(ScenarioError) -> [Token] {
    var lexer = Lexer(line: line)
    return try lexer.tokens()
  }

  private init(line: String) {
    self.line = line
    var characters: [Character] = []
    var starts: [String.Index] = []
    // Most lines are ASCII, where each byte is a character (but for `"\r\n"`, one character).
    if line.utf8.allSatisfy({ $0 < 0x80 && $0 != 13 }) {
      characters.reserveCapacity(line.utf8.count)
      starts.reserveCapacity(line.utf8.count + 1)
      for position in line.utf8.indices {
        starts.append(position)
        characters.append(Character(Unicode.Scalar(line.utf8[position])))
      }
      starts.append(line.endIndex)
      self.characters = characters
      self.starts = starts
      return
    }
    var position = line.startIndex
    while position < line.endIndex {
      let next = line.index(after: position)
      starts.append(position)
      characters.append(line[position])
      position = next
    }
    starts.append(line.endIndex)
    self.characters = characters
    self.starts = starts
  }

  private var current: Character? { index < characters.count ? characters[index] : nil }
  private func peek(_ offset: Int = 1) -> Character? {
    index + offset < characters.count ? characters[index + offset] : nil
  }
  private var column: Int { index + 1 }

  /// `#12` or `#r2` from `start`: the prefix, then digits that end at a space, a comma or the
  /// line's end.
  private mutating func reference(
    from start: Int, prefix: String, what: String, example: String, make: (Int) -> CommandValue
  ) throws(ScenarioError) -> Token {
    index += prefix.count
    let digits = readWhile { $0.isNumber }
    if let terminator = current, !terminator.isLexerSpace, terminator != "," {
      let word = text(from: start) + readBareWord()
      throw ScenarioError(.badReference(word, what: what, prefix: prefix, example: example), column: start + 1)
    }
    return Token(kind: .value(make(Int(digits) ?? 0)), column: start + 1, text: text(from: start))
  }

  private mutating func tokens() throws(ScenarioError) -> [Token] {
    var tokens: [Token] = []
    while true {
      while let character = current, character.isLexerSpace { index += 1 }
      guard let character = current else { return tokens }
      let start = index
      if character == "#" {
        if let next = peek(), next.isNumber {
          tokens.append(try reference(from: start, prefix: "#", what: "an effect", example: "#1", make: CommandValue.effect))
          continue
        }
        if peek() == "r", let digit = peek(2), digit.isNumber {
          tokens.append(try reference(from: start, prefix: "#r", what: "a request", example: "#r2", make: CommandValue.request))
          continue
        }
        return tokens  // a comment runs to the end of the line
      }
      if "=!<>".contains(character) {
        let symbol = readWhile { "=!<>".contains($0) }
        guard let comparison = Comparison(rawValue: symbol), comparison != .contains else {
          throw ScenarioError(.unknownOperator(symbol), column: start + 1)
        }
        tokens.append(Token(kind: .comparison(comparison), column: start + 1, text: symbol))
        continue
      }
      if character == "\"" || character == "[" {
        let value = try readValue()
        tokens.append(Token(kind: .value(value), column: start + 1, text: text(from: start)))
        continue
      }
      if character == ".", let next = peek(), next.isLetter || next == "_" {
        // An enum case as Swift writes it, payload included: `.failed("no network")`.
        let whole = try readEnumCase()
        tokens.append(Token(kind: .value(try Lexer.bareValue(whole, column: start + 1)), column: start + 1, text: whole))
        continue
      }
      let word = readWhile { !$0.isLexerSpace && $0 != "=" && $0 != "\"" && $0 != "[" }
      if current == "=" && isIdentifier(word) {
        index += 1
        guard let next = current, !next.isLexerSpace else {
          throw ScenarioError(.optionWithoutValue(word), column: start + 1)
        }
        // `json=` takes JSON as it is written, objects and arrays alike (`json=[{"id":1}]`).
        let value = word == "json" && (next == "{" || next == "[") ? .string(try readJSON()) : try readValue()
        tokens.append(Token(kind: .keyValue(word, value), column: start + 1, text: text(from: start)))
        continue
      }
      let rest = readBareWord()
      let whole = word + rest
      tokens.append(Token(kind: .value(try Lexer.bareValue(whole, column: start + 1)), column: start + 1, text: whole))
    }
  }

  /// Reads a value at the cursor: a string, a list, or a bare value.
  private mutating func readValue() throws(ScenarioError) -> CommandValue {
    guard let character = current else { throw ScenarioError(.expectedValue, column: column) }
    if character == "\"" { return .string(try readString()) }
    if character == "[" { return try readList() }
    if character == "{" { return .string(try readJSON()) }
    let start = index
    let word = readWhile { !$0.isLexerSpace && $0 != "," && $0 != "]" }
    return try Lexer.bareValue(word, column: start + 1)
  }

  /// A JSON object or array as written, up to its closing bracket (brackets inside JSON strings
  /// do not count).
  private mutating func readJSON() throws(ScenarioError) -> String {
    let start = index
    guard readBalanced(opening: "{[", closing: "}]") else {
      throw ScenarioError(.unclosedJSON(text(from: start), closer: characters[start] == "{" ? "}" : "]"), column: start + 1)
    }
    return text(from: start)
  }

  /// `.name` or `.name(payload)` up to the parenthesis that closes it, strings inside kept as
  /// written (spaces and parentheses in them too), then whatever follows up to a space.
  private mutating func readEnumCase() throws(ScenarioError) -> String {
    let start = index
    _ = readWhile { $0 != "(" && !$0.isLexerSpace }
    guard current == "(" else { return text(from: start) }
    guard readBalanced(opening: "(", closing: ")") else {
      throw ScenarioError(.unbalanced(mark: "parenthesis", what: "enum case payload", closer: ")"), column: start + 1)
    }
    return text(from: start) + readBareWord()
  }

  /// Moves past the bracket at the cursor and everything up to the one that closes it (brackets
  /// inside double-quoted strings do not count); false when the line ends first.
  private mutating func readBalanced(opening: String, closing: String) -> Bool {
    var depth = 0
    var inString = false
    while let character = current {
      index += 1
      if inString {
        // An escape takes the next character, unless the line ends first.
        if character == "\\" { index = min(index + 1, characters.count) } else if character == "\"" { inString = false }
        continue
      }
      if character == "\"" {
        inString = true
      } else if opening.contains(character) {
        depth += 1
      } else if closing.contains(character) {
        depth -= 1
        if depth == 0 { return true }
      }
    }
    return false
  }

  private mutating func readBareWord() -> String {
    readWhile { !$0.isLexerSpace }
  }

  private mutating func readString() throws(ScenarioError) -> String {
    let start = index
    index += 1
    var text = ""
    while let character = current {
      index += 1
      switch character {
      case "\"":
        return text
      case "\\":
        guard let escaped = current else { break }
        index += 1
        switch escaped {
        case "n": text.append("\n")
        case "\"": text.append("\"")
        case "\\": text.append("\\")
        case "t": text.append("\t")
        default:
          throw ScenarioError(.unknownEscape(String(escaped)), column: index - 1)
        }
      default:
        text.append(character)
      }
    }
    throw ScenarioError(.unbalanced(mark: "quote", what: "string", closer: "\""), column: start + 1)
  }

  private mutating func readList() throws(ScenarioError) -> CommandValue {
    let start = index
    index += 1
    var values: [CommandValue] = []
    while true {
      while let character = current, character.isLexerSpace { index += 1 }
      guard let character = current else {
        throw ScenarioError(.unbalanced(mark: "bracket", what: "list", closer: "]"), column: start + 1)
      }
      if character == "]" {
        index += 1
        return .list(values)
      }
      if !values.isEmpty {
        guard character == "," else {
          throw ScenarioError(.expected("`,` or `]` in a list", found: String(character)), column: column)
        }
        index += 1
        while let character = current, character.isLexerSpace { index += 1 }
      }
      values.append(try readValue())
    }
  }

  private mutating func readWhile(_ predicate: (Character) -> Bool) -> String {
    let start = index
    while let character = current, predicate(character) { index += 1 }
    return String(line[starts[start]..<starts[index]])
  }

  private func text(from start: Int) -> String { String(line[starts[start]..<starts[index]]) }

  private func isIdentifier(_ word: String) -> Bool {
    guard let first = word.first, first.isLetter || first == "_" else { return false }
    return word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
  }

  /// Interprets a bare word: `true`, `false`, `nil`, a number, a duration, or a word.
  static func bareValue(_ word: String, column: Int) throws(ScenarioError) -> CommandValue {
    switch word {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "nil": return .null
    default: break
    }
    guard let first = word.first, first.isNumber || ((first == "-" || first == ".") && word.count > 1) else {
      return .word(word)
    }
    // A flag (`--force`) and a file path (`runs/2.scenario`) are words the front end reads.
    if word.hasPrefix("--") || word.contains("/") || word.hasSuffix(".scenario") { return .word(word) }
    // A schedule's departure (`4:2`) is a word; `schedule` reads it.
    if word.contains(":"), word.allSatisfy({ $0.isNumber || $0 == ":" }) { return .word(word) }
    // A calendar date (`2026-03-15`, `2026-03-15T08:30:00Z`) is a word; `date` reads it.
    if word.count >= 10, Array(word)[4] == "-", Array(word)[7] == "-", word.prefix(4).allSatisfy(\.isNumber) {
      return .word(word)
    }
    // An enum case as Swift writes it: `.waiting`, `.waiting(.success)`.
    if first == ".", let second = word.dropFirst().first, second.isLetter || second == "_" {
      return .word(word)
    }
    let numberPart = String(word.prefix { $0.isNumber || $0 == "." || $0 == "-" })
    let unit = String(word.dropFirst(numberPart.count))
    if unit.isEmpty {
      if let integer = Int(numberPart) { return .int(integer) }
      if let number = Double(numberPart), numberPart.contains(".") { return .double(number) }
      throw ScenarioError(.notANumber(word), column: column)
    }
    guard let amount = Double(numberPart) else {
      throw ScenarioError(.notANumberOrDuration(word), column: column)
    }
    let scale: Double
    switch unit {
    case "ns": scale = 1
    case "us": scale = 1_000
    case "ms": scale = 1_000_000
    case "s": scale = 1_000_000_000
    case "m": scale = 60_000_000_000
    case "h": scale = 3_600_000_000_000
    default:
      throw ScenarioError(
        .unknownDurationUnit(word, unit: unit, nearest: Suggestion.nearest(to: unit, in: ["ns", "us", "ms", "s", "m", "h"])), column: column)
    }
    let nanoseconds = (amount * scale).rounded()
    guard nanoseconds.magnitude < 9e18 else {
      throw ScenarioError(.durationTooLong(word), column: column)
    }
    return .duration(.nanoseconds(Int64(nanoseconds)))
  }
}

extension Character {
  /// `isWhitespace`, answered without Unicode's tables for an ASCII character (a command line
  /// is mostly ASCII, and the lexer asks of every character).
  fileprivate var isLexerSpace: Bool {
    guard let ascii = asciiValue else { return isWhitespace }
    return ascii == 0x20 || (0x09...0x0D).contains(ascii)
  }
}
