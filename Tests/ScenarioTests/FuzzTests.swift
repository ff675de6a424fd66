import Testing

@testable import Scenario

/// Random and mutated lines, from a fixed seed so a failure can be replayed.
struct LineFuzzer {
  static let corpus = [
    "use refresh work=2s", "send refresh", "await send refresh", "await #1 #2", "cancel all",
    "advance 1.5s", "settle", #"set word "swift""#, "state uiState.isLoading",
    "expect uiState.randomNumbers.count == 10", "expect #1 cancelled", "expect time == 2s",
    #"expect log contains "task cancel""#, "respond search ok count=3", "stub search status=403 latency=300ms",
    "seed 42", "effects", "time", "log", "help send", "describe", "models", "connect", "disconnect",
    "send search word=\"a b\" page=2 tags=[1, 2, 3]", "# comment", "",
  ]
  static let alphabet = Array(#"abcdefghijklmnopqrstuvwxyz0123456789 #"\[],.=<>!-_:sm\#t"#)

  var random: RandomSource

  mutating func next() -> String {
    var generator = random
    switch Int.random(in: 0..<4, using: &generator) {
    case 0:
      let length = Int.random(in: 0..<40, using: &generator)
      return String((0..<length).map { _ in Self.alphabet.randomElement(using: &generator)! })
    default:
      var characters = Array(Self.corpus.randomElement(using: &generator)!)
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let index = characters.isEmpty ? 0 : Int.random(in: 0..<characters.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0 where !characters.isEmpty: characters.remove(at: index)
        case 1: characters.insert(Self.alphabet.randomElement(using: &generator)!, at: index)
        default: if !characters.isEmpty { characters[index] = Self.alphabet.randomElement(using: &generator)! }
        }
      }
      return String(characters)
    }
  }
}

@Suite("Fuzzing the parser")
struct FuzzTests {
  @Test("100,000 random and mutated lines: each is parsed or answered with a located error")
  func parserNeverCrashes() {
    var fuzzer = LineFuzzer(random: RandomSource(seed: 2026))
    var accepted = 0
    var rejected = 0
    for _ in 0..<100_000 {
      let line = fuzzer.next()
      do {
        _ = try CommandParser.parse(line, actions: ["refresh"])
        accepted += 1
      } catch {
        rejected += 1
        #expect(!error.message.isEmpty)
        if let column = error.column { #expect(column >= 1 && column <= line.count + 1) }
      }
    }
    #expect(accepted + rejected == 100_000)
    #expect(accepted > 1_000 && rejected > 1_000)
  }
}
