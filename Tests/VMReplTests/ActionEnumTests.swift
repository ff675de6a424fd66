import TestSupport
import Testing

/// Decodable action enums parsed from the command line, through a REPL binary made the way a
/// user makes theirs (the `inbox` and `drafts` fixtures).
@Suite("Decodable action enums")
struct ActionEnumTests {
  static func fixture(_ input: String) async throws -> ChildProcess.Result {
    try await VMReplProcess.run([], input: input, executable: "VMReplFixtures")
  }

  @Test("every case is an action; describe shows arguments with their types, optionals default to nil")
  func describeCases() async throws {
    let result = try await Self.fixture("use inbox\ndescribe\n")
    #expect(result.errors == "")
    #expect(result.output.contains("""
      actions:
        refresh                              sync   reload the inbox
        search word: String page: Int = nil  sync   Action.search(word: String, page: Int?)
        select _0: Int                       sync   Action.select(Int)
        sort _0: newest|oldest|unread        sync   Action.sort(Sort)
        mark id: Int read: Bool              sync   Action.mark(id: UInt8, read: Bool)
        snooze for: Duration weight: Double  sync   Action.snooze(for: Duration, weight: Double)
        archive ids: [Int]                   sync   Action.archive(ids: [Int])
        wait _0: Duration                    async  Job.wait(Duration)
        ping times: Int                      sync   Background.ping(times: Int)

      """))
  }

  @Test("labelled, positional, optional, enum, integer, boolean, duration, number and list arguments reach the view-model")
  func argumentsReachTheViewModel() async throws {
    let result = try await Self.fixture("""
      use inbox
      send search word="swift" page=2
      send search swift
      send select 3
      send sort oldest
      send mark id=7 read=true
      send snooze for=1.5s weight=2
      send archive ids=[4, 5]
      send archive []
      expect history == ["search swift page 2", "search swift page none", "select 3", "mark 7 read true", "snooze 1.5 seconds weight 2.0", "archive 4 5", "archive "]
      expect sort == .oldest

      """)
    #expect(result.errors == "")
    #expect(result.status == 0)
  }

  @Test("async and tracking entry points start effects that await waits for")
  func effects() async throws {
    let result = try await Self.fixture("use inbox\nawait send wait 1.5s\nsend ping times=2\nawait\nexpect history.count == 3\n")
    #expect(result.errors == "")
    #expect(result.output.contains("[0.000s] effect #1 started: await send wait 1500ms\n[1.500s] effect #1 finished: await send wait 1500ms\n"))
    #expect(result.output.contains("> await\n[3.500s] effect #2 finished: send ping times=2\n"))
  }

  @Test("bad arguments name the line, the word, what was expected and the nearest case or argument")
  func errors() async throws {
    let result = try await Self.fixture("""
      use inbox
      send sort olderst
      send mark id=300 read=true
      send serch
      send search wrd=1
      send search
      send select "x"
      send wait
      send archive ids=[1, "x"]
      send archive ids=3
      use drafts

      """)
    #expect(result.status == 1)
    #expect(result.errors == """
      error: line 2, column 11: `_0` expects one of newest, oldest, unread, got `olderst`; did you mean `oldest`?
      error: line 3, column 6: action `mark`: `id` = 300 does not fit UInt8
      error: line 4, column 6: unknown action `serch`; did you mean `search`? (actions: refresh, search, select, sort, mark, snooze, archive, wait, ping)
      error: line 5, column 13: action `search` has no argument `wrd`; did you mean `word`? (it takes word, page)
      error: line 6, column 12: action `search` needs `word` (a string); write `word=VALUE`
      error: line 7, column 13: `_0` expects an integer, got a string `"x"`
      error: line 8, column 10: action `wait` needs `_0` (a duration (like 2s)); write it after the action's name
      error: line 9, column 14: `ids[1]` expects an integer, got a string `"x"`
      error: line 10, column 14: `ids` expects a list of Int (like [1, 2]), got an integer `3`
      error: line 11, column 5: `VMReplFixtures.Drafts.Action.save` has `_0: Draft`, which a command cannot write; use String, an integer, a floating-point number, Bool, Duration, a String or Int raw-value enum that is CaseIterable, an array of these, or make the type CommandValueConvertible

      """)
  }
}
