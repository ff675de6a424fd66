import Foundation
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
      (.gateOfUnknownAction(action: "createDirectChta", nearest: "createDirectChat"),
       "`offered` names `createDirectChta`, which is no action of this model; did you mean `createDirectChat`?"),
      (.reachedByUnknownAction(action: "ad", nearest: "add"),
       "`reachedBy` names `ad`, which is no action or property of this model; did you mean `add`?"),
      (.notSetOfUnknownProperty(property: "pgae", nearest: "page"),
       "`notSetByViews` names `pgae`, which is no property of this model; did you mean `page`?"),
      (.nothingToStep(requests: "a response to http #r1 (GET /a)"),
       "nothing to step: no job is ready and no timer is set; waiting for a response to http #r1 (GET /a) (`respond` answers)"),
      (.nothingToStep(requests: nil), "nothing to step: no job is ready and no timer is set (the simulation is idle)"),
      (.nothingToUndo, "nothing to undo: no session yet; `use MODEL` first"),
      (.nothingToRedo, "nothing to redo: no step has been undone since the last new command"),
      (.noModelInUse, "no model in use; `use MODEL` first (`models` lists them)"),
      (.couldNot("write t.svg", because: "no such folder"), "could not write t.svg: no such folder"),
      // The language's own words.
      (.badReference("#1x", what: "an effect", prefix: "#", example: "#1"), "`#1x` is not an effect reference; expected `#` and a number, like `#1`"),
      (.expectedValue, "expected a value"),
      (.unclosedJSON("{\"a\":1", closer: "}"), "the JSON value `{\"a\":1` is not closed; expected `}`"),
      (.unknownEscape("q"), "unknown escape `\\q` in a string; expected \\\", \\\\ or \\n"),
      (.notANumberOrDuration("2x3"), "`2x3` is not a number or a duration"),
      (.notACommand(found: "#1"), "expected a command, found `#1`; commands are words like `send` (`help` lists them)"),
      (.commandIsAction("refesh", action: "refresh"), "unknown command `refesh`; did you mean `send refresh`?"),
      (.failsTwice, "`fails` once is enough: `fails fails ...` says nothing more"),
      (.stepCannotStart("await", usage: .step),
       "`step` starts `connect`, `disconnect`, `send`, `set`, `cancel` or `respond` without running their jobs, not `await`; usage: "
         + CommandName.step.usage),
      (.badJobNumber("0"), "`step` takes the number of a job that may run next, 1 or more (`ready` lists them), or `until EXPR`; got `0`"),
      (.stubTakesNoRequest(dependency: "api", request: "#r1"),
       "`stub` sets what future requests get and takes no request; `respond api #r1 ...` answers a pending one"),
      (.badStepNumber("x"), "expected a step number (`history` lists them), got `x`"),
      (.routeWithoutPath(method: "GET"), "`GET` needs a path after it, like `GET /items` (`*` stands for any run of characters)"),
      (.badDeparture("4-2"),
       "`4-2` is not a departure; write CHOICE:CANDIDATE, a choice point from 1 and a candidate from 2 (candidate 1 is first in, first out), like `4:2`, or `fifo`"),
      (.choicePinnedTwice(3), "choice point 3 is pinned twice; a choice point runs one candidate"),
      (.unexpectedInUsage("x", usage: .defaults), "unexpected `x`; usage: " + CommandName.defaults.usage),
      (.needs("a key and a value", usage: .defaults), "`defaults` needs a key and a value; usage: " + CommandName.defaults.usage),
      (.secondDate("2026-01-02"), "unexpected `2026-01-02`: `date` takes one date; usage: date [DATE] [tz=ZONE] [locale=ID]"),
      (.unknownEffectStatus("runing", nearest: "running"),
       "unknown effect status `runing`; expected running, finished, cancelled or failed; did you mean `running`?"),
      (.expectTimeOperator, "`expect time` compares with ==, !=, <, <=, > or >="),
      (.expectLogForm, "`expect log` takes `contains \"TEXT\"`"),
      // Scripted dependencies and their arguments.
      (.notOneOf(parameter: "sort", cases: ["name", "date"], got: "nmae", nearest: "name"), "`sort` expects one of name, date, got `nmae`; did you mean `name`?"),
      (.wrongKind(parameter: "count", expects: "an integer", got: .string("three")), "`count` expects an integer, got a string `\"three\"`"),
      (.unknownOutcome(dependency: "http", outcome: "okay", expected: "ok, status=CODE or error=KIND", nearest: "ok"),
       "`http` has no outcome `okay`; expected ok, status=CODE or error=KIND; did you mean `ok`?"),
      (.noSuchArgument(owner: "action `add`", name: "cont", nearest: "count", takes: ["count"]),
       "action `add` has no argument `cont`; did you mean `count`? (it takes count)"),
      (.noSuchArgument(owner: "model `cart`", name: "x", nearest: nil, takes: []), "model `cart` has no argument `x`; it takes none"),
      (.tooManyArguments(owner: "action `add`", at: .int(2), takes: 1), "action `add`: too many arguments at `2`; it takes 1"),
      (.tooManyArguments(owner: "action `reset`", at: .int(2), takes: 0), "action `reset`: too many arguments at `2`; it takes none"),
      (.givenTwice(owner: "action `add`", parameter: "count"), "action `add`: `count` is given twice"),
      (.argumentMissing(owner: "action `add`", parameter: "count", type: "Int", positional: false),
       "action `add` needs `count` (Int); write `count=VALUE`"),
      (.argumentMissing(owner: "action `select`", parameter: "_0", type: "Int", positional: true),
       "action `select` needs `_0` (Int); write it after the action's name"),
      (.noCassette(path: "/s/api.json"), "no cassette at /s/api.json; record one with `use MODEL http=record:FILE`"),
      (.notACassette(path: "/s/api.json", problem: "bad JSON"), "the cassette /s/api.json is not one vmrepl wrote: bad JSON"),
      (.notInCassette(path: "/s/api.json", request: "GET /b", nearest: "GET /a"),
       "the cassette /s/api.json has no recording of GET /b; the nearest recorded request is GET /a (the app gets URLError.resourceUnavailable)"),
      (.notInCassette(path: "/s/api.json", request: "GET /b", nearest: nil),
       "the cassette /s/api.json has no recording of GET /b; it records no request (the app gets URLError.resourceUnavailable)"),
      (.notAnHTTPMode("recording"), "`http=recording` is not an HTTP mode; expected script, live, record:FILE or replay:FILE"),
      (.httpModeNotAWord, "`http=` takes script, live, record:FILE or replay:FILE"),
      (.unknownTransportError("offline", expected: ["timedOut", "notConnectedToInternet"]),
       "unknown transport error `offline`; expected timedOut, notConnectedToInternet"),
      (.notAnHTTPStatus(700), "`700` is not an HTTP status; expected 100 to 599"),
      (.oneBodyOnly, "give one body: `json=`, `text=` or `body=@FILE`"),
      (.invalidJSON("{a}"), "`json=` is not valid JSON: {a}"),
      (.bodyWithoutAt, "`body=` names a file with `@`: body=@fixtures/items.json"),
      (.badHeader("X-Token"), "a header is `NAME: VALUE`, not `X-Token`"),
      (.noFile("a.json", folder: "/s"), "no file at a.json (looked in /s)"),
      (.routeForHTTPOnly(dependency: "api", method: "GET", path: "/x"), "`api` is stubbed by outcome alone; a route (`GET /x`) is for `http`"),
      // The session.
      (.logLacks("saved"), "expectation failed: the log does not contain \"saved\""),
      (.filesNotAFolderName, "`files=` names a folder beside the scenario"),
      (.noFolderToSeed("/s/seed"), "`files=` names a folder to copy into the sandbox's home; there is none at /s/seed"),
      (.noSandbox, "there is no storage sandbox in this process (VMREPL_NO_SANDBOX is set)"),
      (.defaultsListKinds, "a list for UserDefaults holds numbers, booleans and strings only"),
      (.defaultsValueKind("a duration"), "UserDefaults keeps numbers, booleans, strings and lists of them; a duration is none"),
      (.nothingToConnect(model: "cart"), "model `cart` has no lifecycle work to connect"),
      (.nothingConnected, "nothing is connected; `connect` first"),
      (.actionThrew(action: "save", error: "diskFull"), "action `save` threw: diskFull"),
      (.nothingToCancel, "no effect is running; nothing to cancel"),
      (.effectEnded(2, status: "finished"), "effect #2 has already finished; nothing to cancel"),
      (.localeFixed(current: "en_US_POSIX", requested: "de_DE"),
       "the locale cannot be changed here: Foundation on Linux gives every program `en_US_POSIX`, whatever the machine's LANG, so it is already the same everywhere; to check another locale, format with an explicit `Locale(identifier: \"de_DE\")`"),
      (.badDate("tomorrow"),
       "bad date `tomorrow`: expected YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], optionally ending in Z or an offset like +09:00 (example: date 2026-03-15T08:30:00Z)"),
      (.dateOutOfRange("1066-10-14", from: 1971, to: 2262), "date `1066-10-14` is out of range: the virtual clock reaches years 1971 to 2262"),
      (.awaitTimerLimit(10_000), "await gave up after 10000 timers with work still running (a timer that repeats forever?)"),
      (.awaitWallLimit("5s", waitingFor: ["a URLSession transfer"]), "await gave up after 5s of wall time waiting for a URLSession transfer"),
      (.simulationStopped("interrupted (Ctrl-C)"), "interrupted (Ctrl-C)"),
      (.interactiveOnly(.run, file: "b.scenario"), "`run` works in the interactive REPL only; in a script, put the lines of `b.scenario` here instead"),
      (.cannotExploreHere, "`explore` is carried out by a front end (the REPL, `run`, `replay`), and this session has none; `vmrepl explore FILE` explores a scenario"),
      (.noScriptedDependencies(model: "counter"), "model `counter` has no scripted dependencies"),
      (
        .standInUnanswered(member: "Keychain.token", signature: "var token: String"),
        "the stand-in `Keychain.token` (`var token: String`) was called and nobody answered it: add `stub Keychain.token value=...` (or `json=`, `error=`) before this step"
      ),
      (.cannotUndo(1, current: 1), "cannot undo 1 step: step 1 is 0 steps after the `use` at step 1"),
      (.cannotUndo(3, current: 2), "cannot undo 3 steps: step 2 is 1 step after the `use` at step 1"),
      (.cannotRedo(2, undone: 1), "cannot redo 2 steps: 1 undone step can be redone"),
      (.noSuchJob(3, ready: 0), "there is no job 3 to step: no job may run next (`ready` lists them)"),
      (.noSuchJob(3, ready: 1), "there is no job 3 to step: only 1 job may run next (`ready` lists them)"),
      (.noSuchJob(3, ready: 2), "there is no job 3 to step: only 2 jobs may run next (`ready` lists them)"),
      (.onlyOutsideWork("a URLSession transfer"),
       "nothing to step yet: no job is ready and no timer is set, but work outside the simulation is under way (a URLSession transfer); `await` waits for it"),
      (.untilLimit(condition: "isLoading == false", jobs: 10_000, at: "2s"),
       "`isLoading == false` still does not hold after 10000 jobs; stopped there (at 2s)"),
      (.neverHolds(condition: "count == 3", after: " (no job ran)", at: "0s"),
       "`count == 3` never holds: nothing is left to run and no timer is set (no job ran), at 0s"),
      (.cannotOrder("a string \"a\"", with: .int(2), comparison: "<"), "cannot order a string \"a\" and an integer `2` with `<`; use == or !="),
      (.cannotCompare("a list", with: .int(2)), "cannot compare a list with an integer `2`"),
      (.containsNeedsText(.int(2)), "a string contains text; got an integer `2`"),
      (.containsNeedsCollection("an integer 3"), "`contains` needs a list, a string or a dictionary; this is an integer 3"),
      (.unwritablePayload(action: "Action.pick", field: "date", type: "Date"),
       "`Action.pick` has `date: Date`, which a command cannot write; use String, an integer, a floating-point number, Bool, Duration, a String or Int raw-value enum that is CaseIterable, an array of these, or make the type CommandValueConvertible"),
      (.doesNotFit(field: "count", value: "300", type: "UInt8"), "`count` = 300 does not fit UInt8"),
      (.actionNotMade(action: "Cart.Action.add", error: "keyNotFound"), "`Cart.Action.add` could not be made: keyNotFound"),
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
    #expect(reason("undo 0") == .outOfRange(option: "undo", range: "a number of steps, 1 or more", got: "0"))
    #expect(reason("fails fails send x") == .failsTwice)
    #expect(reason("expect time contains 1s") == .expectTimeOperator)
    #expect(reason("expect #1 runing") == .unknownEffectStatus("runing", nearest: "running"))
    #expect(reason("stub api #r1 ok") == .stubTakesNoRequest(dependency: "api", request: "#r1"))
    #expect(reason("date 2026-01-01 2026-01-02") == .secondDate("2026-01-02"))
  }

  @Test("vmrepl's own errors are kinds: no source file words one with the public message initializer")
  func noHandWrittenMessages() throws {
    // `ScenarioError("...")` is for a view-model's own code; a message of vmrepl's goes in `Reason`.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let sources = root.appendingPathComponent("Sources")
    var found: [String] = []
    let walker = FileManager.default.enumerator(atPath: sources.path)
    while let path = walker?.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
      for (index, line) in lines.enumerated() where !line.hasPrefix("//") {
        // The message on the same line, or on the next when the call opens a line of its own.
        let opensLine = line.hasSuffix("ScenarioError(") && index + 1 < lines.count && lines[index + 1].hasPrefix("\"")
        if line.contains("ScenarioError(\"") || opensLine { found.append("Sources/\(path):\(index + 1)") }
      }
    }
    #expect(found.isEmpty, "hand-written messages: \(found)")
  }
}
