import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// Every kind of error's text, written once in `ScenarioError.Reason.text`, checked once here.
@Suite("Error messages")
struct ErrorReasonTests {
  @Test("each kind of error reads as users see it")
  func texts() {
    let cases: [(ScenarioError.Reason, String)] = [
      (.unexpectedWord("b.scenario", after: .save), "unexpected `b.scenario` after `save`; usage: save FILE [--force]"),
      (.missing("a duration such as 2s or 250ms", in: .advance),
       "`advance` needs a duration such as 2s or 250ms; usage: advance DURATION | advance until EXPR (example: advance 1.5s)"),
      (.expected("a property name", found: "#1"), "expected a property name, found `#1`"),
      (.expected("a file name", found: "3", usage: .run), "expected a file name, found `3`; usage: run FILE"),
      (.durationWithoutUnit("2"), "bad duration `2`: it has no unit; expected ns, us, ms, s, m or h (like `2s`)"),
      (.negativeDuration("-1s"), "a duration cannot be negative, got `-1s`"),
      (.badDuration("soon"), "bad duration `soon`: expected a number and a unit, like 2s or 250ms"),
      (.unknownDurationUnit("2sec", unit: "sec", nearest: "s"), "bad duration `2sec`: unknown unit `sec`; expected ns, us, ms, s, m or h; did you mean `s`?"),
      (.durationTooLong("99999999999h"), "duration `99999999999h` is too long"),
      (.notANumber("4x2"), "`4x2` is not a number; expected something like 42, -3 or 1.5"),
      (.unknownOperator("=<"), "unknown operator `=<`; expected one of ==, !=, <, <=, >, >="),
      (.optionWithoutValue("work"), "`work=` has no value; write `work=VALUE`"),
      (.unbalanced(mark: "quote", what: "string", closer: "\""), "unbalanced quote: the string that starts here is not closed; add a `\"`"),
      (.unbalanced(mark: "bracket", what: "list", closer: "]"), "unbalanced bracket: the list that starts here is not closed; add a `]`"),
      (.unknownOption("sed", of: .explore, nearest: "seed"),
       "unknown option `sed` of `explore`; did you mean `seed`?; usage: explore [N] [strategy=pct|random] [depth=D] [seed=S]"),
      (.unknownOption("x", of: .date, nearest: nil), "unknown option `x` of `date`; usage: date [DATE] [tz=ZONE] [locale=ID]"),
      (.unknown(kind: "model", word: "refesh", nearest: "refresh", listedAs: .init(plural: "models", all: ["refresh", "search"]), suffix: "", otherwise: " (none near)"),
       "unknown model `refesh`; did you mean `refresh`? (models: refresh, search)"),
      (.unknown(kind: "command", word: "zzz", nearest: nil, listedAs: nil, suffix: "", otherwise: " (`help` lists commands)"),
       "unknown command `zzz` (`help` lists commands)"),
      (.ambiguousCommand("exp", candidates: [.expect, .explore]), "ambiguous command `exp`: it starts `expect`, `explore`"),
      (.outOfRange(option: "depth", range: "a whole number from 1 to 10", got: "11"), "`depth` takes a whole number from 1 to 10, got `11`"),
      (.noHistory, "no history yet; `use MODEL` first"),
      (.noSuchStep(9, steps: 3), "there is no step 9; the history has steps 1 to 3 (`history` lists them)"),
      (.noSuchEffect(2, effects: 0), "there is no effect #2; no effect has started"),
      (.noSuchEffect(5, effects: 3), "there is no effect #5; effects are #1 to #3"),
      (.expectationFailed(claim: "count == 2", actual: "1"), "expectation failed: count == 2, but it is 1"),
      (.nothingToRespondTo(dependency: "http"), "`http` has no pending request to answer; `stub http ...` answers future ones"),
      (.noSuchPendingRequest(dependency: "search", wanted: "#r9", pending: []), "`search` has no pending request #r9; it has no pending request"),
      (.noSuchPendingRequest(dependency: "http", wanted: "#r9", pending: [.init(id: "r1", description: "GET /a"), .init(id: "r2", description: "GET /b")]),
       "`http` has no pending request #r9; pending: #r1 (GET /a), #r2 (GET /b)"),
      (.badStatePath("items[0", problem: "`[` without `]`"), "bad state path `items[0`: `[` without `]`"),
      (.actionFailed(action: "add", problem: "needs `item` (a string); write `item=VALUE`"), "action `add`: needs `item` (a string); write `item=VALUE`"),
      (.cannotFollowPath(here: "`items`", problem: "has 2 elements; index 5 is out of range"), "`items` has 2 elements; index 5 is out of range"),
      (.actionEnumUnreadable(problem: "`Action` did not ask for its coding keys"),
       "`Action` did not ask for its coding keys; an action enum needs the Decodable conformance the compiler writes (no hand-written init(from:))"),
      (.nothingToStep(requests: "a response to http #r1 (GET /a)"),
       "nothing to step: no job is ready and no timer is set; waiting for a response to http #r1 (GET /a) (`respond` answers)"),
      (.nothingToStep(requests: nil), "nothing to step: no job is ready and no timer is set (the simulation is idle)"),
      (.nothingToUndo, "nothing to undo: no session yet; `use MODEL` first"),
      (.nothingToRedo, "nothing to redo: no step has been undone since the last new command"),
      (.noModelInUse, "no model in use; `use MODEL` first (`models` lists them)"),
      (.couldNot("write t.svg", because: "no such folder"), "could not write t.svg: no such folder"),
      (.message("anything else"), "anything else"),
    ]
    for (reason, text) in cases {
      #expect(reason.text == text)
      #expect(ScenarioError(reason, column: 4, line: 2).description == "line 2, column 4: " + text)
    }
  }

  @Test("the parser throws the kinds, not text: the same kind from every command that shares it")
  func kinds() {
    func reason(_ line: String) -> ScenarioError.Reason? {
      do {
        _ = try CommandParser.parse(line)
        return nil
      } catch {
        return error.reason
      }
    }
    #expect(reason("advance 2") == .durationWithoutUnit("2"))
    #expect(reason("advance") == .missing("a duration such as 2s or 250ms", in: .advance))
    #expect(reason("timeline --png") == .unexpectedWord("--png", after: .timeline))
    #expect(reason("explore depth=0") == .outOfRange(option: "depth", range: "a whole number from 1 to 10", got: "0"))
    #expect(reason("seed -1") == .outOfRange(option: "seed", range: "a whole number 0 or more", got: "-1"))
    #expect(reason("date 2026-01-01 zone=UTC") == .unknownOption("zone", of: .date, nearest: nil))
    #expect(reason("exp") == .ambiguousCommand("exp", candidates: [.expect, .explore]))
    #expect(reason("set word \"a") == .unbalanced(mark: "quote", what: "string", closer: "\""))
    #expect(reason("send add ids=[1 2]") == .expected("`,` or `]` in a list", found: "2"))
    #expect(reason("advance 2sec") == .unknownDurationUnit("2sec", unit: "sec", nearest: "s"))
  }
}
