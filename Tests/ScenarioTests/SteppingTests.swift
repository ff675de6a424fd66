import Simulation
import Testing

@testable import Scenario
@testable import Simulation

/// Stepping through concurrency (issue 29): the language of `ready`, `step`, `until`, `watch`
/// and `timeline`, how code is named, and the timeline picture, checked as values in process.
@Suite("Stepping")
struct SteppingTests {
  func error(_ line: String) -> String? { parseError(line) }

  @Test("step, ready, until, watch and timeline parse; `step COMMAND` starts only what runs no job")
  func language() throws {
    #expect(try CommandParser.parse("ready") == .session(.ready))
    #expect(try CommandParser.parse("step") == .session(.step(nil)))
    #expect(try CommandParser.parse("step 2") == .session(.step(Located(value: 2, column: 6))))
    #expect(try CommandParser.parse("ste connect") == .session(.stepInto(.connect)))
    #expect(
      try CommandParser.parse("step until count >= 2")
        == .session(.stepUntil(.state(path: Located(value: "count", column: 12), comparison: .greaterOrEqual, value: Located(value: .int(2), column: 21)))))
    #expect(try CommandParser.parse("advance until #1 finished") == .session(.advanceUntil(.effect(id: Located(value: 1, column: 15), status: Located(value: .finished, column: 18)))))
    #expect(try CommandParser.parse("watch items.count") == .session(.watch(Located(value: "items.count", column: 7))))
    #expect(try CommandParser.parse("watch off") == .session(.watchOff))
    #expect(try CommandParser.parse("timeline") == .timeline(.timeline(svg: nil)))
    #expect(try CommandParser.parse("timeline --svg a.svg") == .timeline(.timeline(svg: Located(value: "a.svg", column: 16))))
    #expect(error("step 0") == "column 6: `step` takes the number of a job that may run next, 1 or more (`ready` lists them), or `until EXPR`; got `0`")
    #expect(error("step advance 1s") == "column 6: `step` starts `connect`, `disconnect`, `send`, `set`, `cancel` or `respond` without running their jobs, not `advance`; usage: step [N] | step until EXPR | step COMMAND")
    #expect(error("step until") == "column 11: `step` needs an expression of `expect`'s language after `until` (`uiState.isLoading == false`, `#1 finished`, `time >= 1s`); usage: step [N] | step until EXPR | step COMMAND (example: step 2)")
    #expect(error("timeline --png x") == "column 10: unexpected `--png` after `timeline`; usage: timeline [--svg FILE]")
    #expect(error("s") == "column 1: ambiguous command `s`: it starts `send`, `settle`, `set`, `state`, `stub`, `seed`, `storage`, `schedule`, `step`, `save`")
  }

  @Test("code is named as its reader wrote it: no module, no signature types, no async machinery")
  func codeNames() {
    #expect(CodeNames.simplify("(3) suspend resume partial function for Examples.FooViewModel.(refreshRandomNumbers in _52259C45109639E5255445D2559DBC0A)() async -> ()") == "FooViewModel.refreshRandomNumbers()")
    #expect(CodeNames.simplify("Examples.SearchViewModel.search(text: Swift.String, page: Swift.Int) -> ()") == "SearchViewModel.search(text:page:)")
    #expect(CodeNames.simplify("implicit closure #2 () async -> () in Examples.CartViewModel.onAppear() async -> ()") == "implicit closure #2 in CartViewModel.onAppear()")
    #expect(CodeNames.simplify("partial apply forwarder for closure #1 @Sendable () async -> () in Examples.Loader.load(_: Swift.Int) -> ()") == "closure #1 in Loader.load(_:)")
    #expect(CodeNames.simplify("closure #1 () -> () in closure #2 () -> () in VMReplFixtures.Pipeline.run(items: Swift.Int) -> ()") == "closure #1 in closure #2 in Pipeline.run(items:)")
    // vmrepl's own code (the task an effect runs in) is nobody's code to a user.
    #expect(CodeNames.isMachinery("closure #1 () async -> () in closure #1 () -> () in Scenario.EffectTracker.start(_: Swift.String) -> ()"))
    #expect(!CodeNames.isMachinery("closure #1 in Examples.CartViewModel.onAppear() async -> ()"))
    // A function an app's extension adds to a toolchain type is the app's, named by its type.
    let extended = "(extension in MiniStore):FoundationNetworking.URLSession.load(url: FoundationEssentials.URL) async throws -> (FoundationEssentials.Data, FoundationNetworking.URLResponse)"
    #expect(CodeNames.simplify(extended) == "URLSession.load(url:)")
    #expect(CodeNames.systemOwner(of: extended) == nil)
    #expect(CodeNames.simplify("closure #1 () async -> () in " + extended) == "closure #1 in URLSession.load(url:)")
    #expect(CodeNames.isMachinery("(extension in Scenario):Swift.Array.render() -> Swift.String"))
    #expect(CodeNames.simplify("MiniStore.NetworkSession.load<A where A: Swift.Decodable, A: Swift.Encodable>(_: MiniStore.Request<A>) async throws -> A") == "NetworkSession.load(_:)")
  }

  @Test("timeline: a row per effect, hidden work and dependency; marks under the step that caused them")
  func picture() {
    let steps: [(number: Int, time: Duration, events: [TimedEvent])] = [
      (1, .zero, []),
      (2, .zero, [TimedEvent(time: .zero, event: .effectStarted(id: 1, action: "connect")), TimedEvent(time: .zero, event: .requestPending(dependency: "api", id: "r1", request: "GET /a"))]),
      (3, .seconds(1), [TimedEvent(time: .seconds(1), event: .backgroundPending(origin: WorkOrigin(command: "send tap"), waits: [.unseen]))]),
      (4, .seconds(2), [
        TimedEvent(time: .seconds(2), event: .requestAnswered(dependency: "api", id: "r1", outcome: "ok")),
        TimedEvent(time: .seconds(2), event: .effectEnded(id: 1, action: "connect", status: .cancelled, error: nil)),
      ]),
    ]
    let picture = TimelinePicture(steps: steps)
    #expect(picture.lines.dropLast() == [
      "timeline: steps 1 to 4, 0s to 2s",
      "step             1   2   3   4",
      "time            0s  0s  1s  2s",
      "#1 connect           ●━━━━━━━✖",
      "api requests         ◆       ◇",
      "`send tap`               ●━━━━▶",
    ])
    #expect(picture.rows.map(\.label) == ["#1 connect", "api requests", "`send tap`"])
    #expect(picture.svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(TimelinePicture.compact(.milliseconds(1250)) == "1.25s")
  }
}
