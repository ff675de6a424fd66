import Observation
import Simulation
import Testing

@testable import Scenario

@Suite("Answering a particular request")
struct RequestReferenceTests {
  func error(_ line: String) -> String? {
    do {
      _ = try CommandParser.parse(line, actions: [])
      return nil
    } catch {
      return error.description
    }
  }

  @Test("`#rN` is a request reference, `#N` an effect reference, `#` then anything else a comment")
  func lexing() throws {
    #expect(try Lexer.tokenize("respond api #r12 ok").map(\.kind) == [
      .value(.word("respond")), .value(.word("api")), .value(.request(12)), .value(.word("ok")),
    ])
    #expect(try Lexer.tokenize("await #3 # #r2 is ignored").map(\.kind) == [.value(.word("await")), .value(.effect(3))])
    #expect(error("respond api #r2x ok") == "column 13: `#r2x` is not a request reference; expected `#r` and a number, like `#r2`")
  }

  @Test("respond names a pending request or takes the oldest; stub takes none")
  func parsing() throws {
    guard case .session(.respond(let dependency, let request, let outcome, let arguments)) = try CommandParser.parse("respond api #r3 ok value=3") else {
      Issue.record("not a respond")
      return
    }
    #expect(dependency.value == "api")
    #expect(request == .id(Located(value: 3, column: 13)))
    guard case .session(.respond(_, .matching(let text)?, _, _)) = try CommandParser.parse(#"respond api "GET /news" offline"#) else {
      Issue.record("not a respond by description")
      return
    }
    #expect(text == Located(value: "GET /news", column: 13))
    #expect(outcome.value == "ok")
    #expect(arguments.count == 1)
    guard case .session(.respond(_, nil, let status, let shorthand)) = try CommandParser.parse("respond api status=403") else {
      Issue.record("not a respond of the oldest request")
      return
    }
    #expect(status.value == "status")
    #expect(shorthand.first?.value == .int(403))
    #expect(
      error("stub api #r1 ok")
        == "column 10: `stub` sets what future requests get and takes no request; `respond api #r1 ...` answers a pending one")
    #expect(error("respond api #r1") == "column 16: `respond` needs an outcome such as `ok`; usage: respond DEPENDENCY [#rN | \"TEXT\" | METHOD PATH] OUTCOME [key=value ...] (example: respond search #r2 ok count=3)")
  }

  @Test("hidden work from the same command text is told apart by its place among the live ones")
  func ordinals() {
    #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(EffectTracker.ordinal) == [
      "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
    ])
    #expect(WorkOrigin(command: "send tap").description == "`send tap`")
    #expect(WorkOrigin(command: "send tap", which: "2nd of 2").description == "`send tap` (2nd of 2)")
  }

  @Test("an off-main write names the paths, the job, the step only when the job's origin is another, and what the property is")
  func offMainText() {
    #expect(
      EventText.line(for: .offMainWrite(paths: ["items"], job: "a task on the global executor", step: "send load", observation: .published))
        == "warning: `items` (@Published) changed off the main thread, by a task on the global executor during `send load`; on a device a SwiftUI view observing it warns \"Publishing changes from background threads is not allowed\" and may not update, and a Combine subscriber gets the change on this thread unless it receives on the main queue")
    #expect(
      EventText.line(
        for: .offMainWrite(
          paths: ["a", "b", "c"], job: "a block on DispatchQueue.global() (work of `send load`)", step: "send load", observation: .plain))
        == "warning: `a`, `b` and `c` (neither @Published nor @Observable: no view is told) changed off the main thread, by a block on DispatchQueue.global() (work of `send load`); nothing warns, and unless a lock guards them, the write races with the main thread's reads, if any")
    #expect(
      EventText.line(for: .offMainWrite(paths: ["status"], job: "a task on the global executor", step: "send sync", observation: .observation))
        == "warning: `status` (tracked by @Observable) changed off the main thread, by a task on the global executor during `send sync`; SwiftUI does not warn, and unless a lock guards it, the write races with the main thread's reads")
    #expect(
      EventText.line(for: .offMainWrite(paths: ["total"], job: "a task on the global executor", step: "send sync", observation: .unknown))
        == "warning: `total` changed off the main thread, by a task on the global executor during `send sync`; unless a lock guards it, the write races with the main thread's reads, if any")
  }

  @Test("what a property is, read from the model: @Published, tracked by @Observable, ignored, an actor, plain")
  @MainActor
  func propertyObservation() {
    #expect(PropertyObservation.kinds(of: Feed()) == ["items": .published, "count": .plain])
    #expect(PropertyObservation.kinds(of: Tracked()) == ["name": .observation, "hits": .plain])
    #expect(PropertyObservation.kinds(of: Keeper()) == ["store": .actor, "spare": .actor, "note": .plain])
    #expect(PropertyObservation.of(path: "items[0].id", in: ["items": .published]) == .published)
    #expect(PropertyObservation.of(path: "uiState.isLoading", in: ["uiState": .plain]) == .plain)
    #expect(PropertyObservation.of(path: "shown", in: [:]) == .unknown)
  }
}

/// Combine's wrapper as reflection sees it: a stored `_items` of type `Published<[Int]>`.
@propertyWrapper
private struct Published<Value> {
  var wrappedValue: Value
}

private final class Feed {
  @Published var items: [Int] = []
  var count = 0
}

@Observable private final class Tracked {
  var name = ""
  @ObservationIgnored var hits = 0
}

private actor Store {}

private final class Keeper {
  let store = Store()
  var spare: Store? = Store()
  var note = ""
}
