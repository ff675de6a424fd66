import ScheduleNotation
import Testing

@testable import ScenarioLanguage

@Suite("Command language")
struct ParserTests {
  /// The error `line` gets from the parser, as users see it, or nil when it parses.
  func error(_ line: String) -> String? {
    do {
      _ = try CommandParser.parse(line, actions: ["refresh", "refreshFireAndForget"])
      return nil
    } catch {
      return error.description
    }
  }

  @Test("values: quoting, escapes, numbers, durations, lists, key=value, #N")
  func values() throws {
    let tokens = try Lexer.tokenize(#"send search word="sw\"ift\n" page=2 [1, 2.5, x] -3 1.5s 250ms #12 true nil # a comment"#)
    #expect(tokens.map(\.kind) == [
      .value(.word("send")), .value(.word("search")),
      .keyValue("word", .string("sw\"ift\n")), .keyValue("page", .int(2)),
      .value(.list([.int(1), .double(2.5), .word("x")])), .value(.int(-3)),
      .value(.duration(.milliseconds(1500))), .value(.duration(.milliseconds(250))),
      .value(.effect(12)), .value(.bool(true)), .value(.null),
    ])
    #expect(tokens.map(\.column) == [1, 6, 13, 30, 37, 49, 52, 57, 63, 67, 72])
  }

  @Test("schedule and explore: departures sorted, options in any order, defaults")
  func scheduleAndExplore() throws {
    #expect(try CommandParser.parse("schedule 9:3 4:2") == .session(.schedule(.pinned([Departure(choice: 4, pick: 2), Departure(choice: 9, pick: 3)]))))
    #expect(try CommandParser.parse("sched fifo") == .session(.schedule(.fifo)))
    #expect(try CommandParser.parse("schedule") == .session(.schedule(.show)))
    #expect(try CommandParser.parse("explore") == .frontEnd(.explore(ExploreRequest())))
    #expect(
      try CommandParser.parse("explore 200 seed=7 strategy=random depth=3")
        == .frontEnd(.explore(ExploreRequest(schedules: 200, strategy: .random, depth: 3, seed: 7))))
    #expect(error("exp 5") == "column 1: ambiguous command `exp`: it starts `expect`, `explore`")
    #expect(error("explore 5 7") == "column 11: unexpected `7` after `explore`; usage: explore [N] [strategy=pct|random] [depth=D] [seed=S]")
  }

  @Test("blank and comment lines hold no command")
  func emptyLines() throws {
    #expect(try CommandParser.parse("") == nil)
    #expect(try CommandParser.parse("   # just a note") == nil)
  }

  @Test("unique prefixes abbreviate commands; exact names win over longer ones")
  func abbreviations() throws {
    #expect(try CommandParser.parse("adv 2s") == .session(.advance(.seconds(2))))
    #expect(try CommandParser.parse("set word x") == .session(.set(property: Located(value: "word", column: 5), value: Located(value: .word("x"), column: 10))))
    #expect(try CommandParser.parse("sett") == .session(.settle))
    #expect(try CommandParser.parse("await send refresh") == .session(.send(action: Located(value: "refresh", column: 12), arguments: [], awaited: true)))
    #expect(try CommandParser.parse("cancel #1 #3") == .session(.cancel(.ids([Located(value: 1, column: 8), Located(value: 3, column: 11)]))))
    #expect(try CommandParser.parse("cancel all") == .session(.cancel(.all)))
    #expect(try CommandParser.parse("expect items.count >= 3") == .session(.expectState(path: Located(value: "items.count", column: 8), comparison: .greaterOrEqual, value: Located(value: .int(3), column: 23))))
    #expect(try CommandParser.parse("expect log contains \"task cancel\"") == .session(.expectLog(text: "task cancel")))
    #expect(try CommandParser.parse("expect time == 1.5s") == .session(.expectTime(comparison: .equal, value: .milliseconds(1500))))
  }

  @Test("errors name the column, the word, what was expected and the nearest choice")
  func errorTexts() {
    #expect(error("sned refresh") == "column 1: unknown command `sned`; did you mean `send`?")
    #expect(error("refesh") == "column 1: unknown command `refesh`; did you mean `send refresh`?")
    #expect(error("zzz") == "column 1: unknown command `zzz` (`help` lists commands)")
    #expect(error("s refresh") == "column 1: ambiguous command `s`: it starts `send`, `settle`, `set`, `state`, `stub`, `seed`, `storage`, `schedule`, `step`, `save`")
    #expect(error("advance 2") == "column 9: bad duration `2`: it has no unit; expected ns, us, ms, s, m or h (like `2s`)")
    #expect(error("advance 2x") == "column 9: bad duration `2x`: unknown unit `x`; expected ns, us, ms, s, m or h; did you mean `s`?")
    #expect(error("advance") == "column 8: `advance` needs a duration such as 2s or 250ms; usage: advance DURATION | advance until EXPR (example: advance 1.5s)")
    #expect(error("advance -1s") == "column 9: a duration cannot be negative, got `-1s`")
    #expect(error(#"set word "swift"#) == #"column 10: unbalanced quote: the string that starts here is not closed; add a `"`"#)
    #expect(error("send refresh [1, 2") == "column 14: unbalanced bracket: the list that starts here is not closed; add a `]`")
    #expect(error(#"set word "a\q""#) == #"column 12: unknown escape `\q` in a string; expected \", \\ or \n"#)
    #expect(error("expect #1 done") == "column 11: unknown effect status `done`; expected running, finished, cancelled or failed")
    #expect(error("expect x =< 3") == "column 10: unknown operator `=<`; expected one of ==, !=, <, <=, >, >=")
    #expect(error("expect log == \"x\"") == "column 8: `expect log` takes `contains \"TEXT\"`")
    #expect(error("cancel #1x") == "column 8: `#1x` is not an effect reference; expected `#` and a number, like `#1`")
    #expect(error("cancel now") == "column 8: expected effect references like `#1`, or `all`, found `now`")
    #expect(error("time now") == "column 6: unexpected `now` after `time`; usage: time")
    #expect(error("seed -1") == "column 6: `seed` takes a whole number 0 or more, got `-1`")
    #expect(error("await refresh") == "column 7: expected `send` or effect references like `#1` after `await`, found `refresh`")
    #expect(error("use") == "column 4: `use` needs a model name (`models` lists them); usage: use MODEL [key=value ...] (example: use refresh work=2s)")
  }

  @Test("front-end commands parse like the others: quoted paths, flags, help, prefixes")
  func frontEndCommands() throws {
    #expect(try CommandParser.parse(#"save "my runs/a b.scenario" --force"#) == .frontEnd(.save(file: Located(value: "my runs/a b.scenario", column: 6), force: true)))
    #expect(try CommandParser.parse("sa runs/2.scenario") == .frontEnd(.save(file: Located(value: "runs/2.scenario", column: 4), force: false)))
    #expect(try CommandParser.parse("ru a.scenario") == .frontEnd(.run(file: Located(value: "a.scenario", column: 4))))
    #expect(error("save") == "column 5: `save` needs a file name ending in .scenario; usage: save FILE [--force] (example: save scenarios/double-tap.scenario)")
    #expect(error("save a.scenario b.scenario") == "column 17: unexpected `b.scenario` after `save`; usage: save FILE [--force]")
    #expect(error("r x") == "column 1: ambiguous command `r`: it starts `race`, `respond`, `requests`, `ready`, `redo`, `run`")
    #expect(CommandName.allCases.allSatisfy { !$0.usage.isEmpty && !$0.summary.isEmpty && !$0.example.isEmpty })
    // Every example in the table parses to its own command (`fails` to the one it wraps).
    for name in CommandName.allCases {
      #expect(try CommandParser.parse(name.example)?.name == (name == .exit ? .quit : name == .fails ? .send : name), "\(name.example)")
    }
  }

  @Test("durations print in their shortest exact unit")
  func durationText() {
    #expect(Duration.zero.commandText == "0s")
    #expect(Duration.milliseconds(1500).commandText == "1500ms")
    #expect(Duration.seconds(120).commandText == "2m")
    #expect(Duration.microseconds(3).commandText == "3us")
  }

  @Test("`fails` wraps a command, or the error it got when it did not parse; `race` takes an optional text")
  func failsAndRace() throws {
    let expectation = ErrorExpectation(text: Located(value: "no unit", column: 7), column: 1)
    #expect(try CommandParser.parse(#"fails "no unit" advance 2s"#) == .failing(expectation, .success(.session(.advance(.seconds(2))))))
    #expect(try CommandParser.parse("fails connect") == .failing(ErrorExpectation(text: nil, column: 1), .success(.session(.connect))))
    // The command's own error is the one the line checks, with its column in the whole line.
    guard case .failing(_, .failure(let wrong))? = try CommandParser.parse("fails advance 2") else {
      Issue.record("`fails advance 2` did not keep its command's error")
      return
    }
    #expect(wrong.column == 15)
    guard case .failing(_, .failure(let lexed))? = try CommandParser.parse(#"fails "unit" advance 2x"#) else {
      Issue.record("a lexer error after `fails COMMAND` is not the line's check")
      return
    }
    #expect(lexed.description == "column 22: bad duration `2x`: unknown unit `x`; expected ns, us, ms, s, m or h; did you mean `s`?")
    #expect(error("fails") == "column 6: `fails` needs a command that must fail, like `fails send refesh`; usage: fails [\"TEXT\"] COMMAND (example: fails \"unknown action\" send refesh)")
    #expect(error("fails fails connect") == "column 7: `fails` once is enough: `fails fails ...` says nothing more")
    #expect(try CommandParser.parse(#"race "count == 2""#) == .session(.race(Located(value: "count == 2", column: 6))))
    #expect(try CommandParser.parse("race") == .session(.race(nil)))
    #expect(error("race count") == "column 6: expected a quoted text the failure must contain, like `race \"count == 2\"`, found `count`")
  }

  @Test("an enum case with a payload is one value, spaces and parentheses in its strings included")
  func enumPayload() throws {
    let tokens = try Lexer.tokenize(#"expect state == .failed("no (real) network") "#)
    #expect(tokens.last?.kind == .value(.word(#".failed("no (real) network")"#)))
    #expect(error(#"expect state == .failed("x""#) == "column 17: unbalanced parenthesis: the enum case payload that starts here is not closed; add a `)`")
  }
}
