import Observation
import Testing

@testable import Scenario
@testable import ScenarioLanguage

@Observable
final class ObservableModel {
  var title = "Inbox"
  var items: [Item] = [Item(id: 1, name: "a")]
  var status: Status = .loaded(count: 2)
  var tags: Set<String> = ["b", "a", "c"]
  var scores: [String: Int] = ["z": 1, "a": 2]
  var optional: Int?
}

struct Item: Equatable { var id: Int; var name: String }
enum Status: Equatable { case idle, loaded(count: Int) }

@Suite("View state")
struct StateTests {
  @Test("reflection shows the view-model's own names, in a stable order")
  func reflectionIsClean() {
    let text = StateRenderer.render(StateValue.reflecting(ObservableModel()))
    #expect(text == """
      ObservableModel(
        title: "Inbox",
        items: [
          [0]: Item(
            id: 1,
            name: "a"
          )
        ],
        status: .loaded(count: 2),
        tags: ["a", "b", "c"],
        scores: [
          "a": 2,
          "z": 1
        ],
        optional: nil
      )
      """)
  }

  @Test("paths reach fields, elements, counts and enum payloads; errors suggest names")
  func paths() throws {
    let state = StateValue.reflecting(ObservableModel())
    #expect(try StatePath.resolve("items.count", in: state, column: nil) == .int(1))
    #expect(try StatePath.resolve("items[0].name", in: state, column: nil) == .string("a"))
    #expect(try StatePath.resolve("items.0.id", in: state, column: nil) == .int(1))
    #expect(try StatePath.resolve("status.count", in: state, column: nil) == .int(2))
    #expect(try StatePath.resolve("scores.z", in: state, column: nil) == .int(1))
    #expect(throws: ScenarioError(.cannotFollowPath(here: "the state", problem: "has no `titel`; did you mean `title`? (it has title, items, status, tags, scores, optional)"), column: 3)) {
      try StatePath.resolve("titel", in: state, column: 3)
    }
    #expect(throws: ScenarioError(.cannotFollowPath(here: "`items`", problem: "has 1 elements; index 4 is out of range"))) {
      try StatePath.resolve("items[4]", in: state, column: nil)
    }
  }

  @Test("comparisons for expect")
  func comparisons() throws {
    #expect(try StateComparison.holds(.int(3), .greaterOrEqual, .int(2), column: nil))
    #expect(try StateComparison.holds(.double(1.5), .less, .int(2), column: nil))
    #expect(try StateComparison.holds(.enumCase(type: "S", name: "completed", values: []), .equal, .word("completed"), column: nil))
    enum Outcome { case success, failure }
    enum Job { case processing, waiting(Outcome?) }
    let waiting = StateValue.reflecting(Job.waiting(.success))
    #expect(try StateComparison.holds(waiting, .equal, try Lexer.bareValue(".waiting(.success)", column: 1), column: nil))
    #expect(try StateComparison.holds(waiting, .equal, try Lexer.bareValue(".waiting", column: 1), column: nil))
    #expect(try !StateComparison.holds(waiting, .equal, try Lexer.bareValue(".waiting(.failure)", column: 1), column: nil))
    #expect(try StateComparison.holds(.list([.int(1), .int(2)]), .contains, .int(2), column: nil))
    #expect(try StateComparison.holds(.string("swift"), .contains, .string("if"), column: nil))
    #expect(try !StateComparison.holds(.null, .equal, .int(1), column: nil))
    #expect(throws: ScenarioError(.cannotCompare("a boolean", with: .int(3)))) {
      try StateComparison.holds(.bool(true), .equal, .int(3), column: nil)
    }
  }

  @Test("changed paths and marked lines")
  func changes() {
    let old = StateValue.record(type: "S", fields: [.init(name: "a", value: .int(1)), .init(name: "b", value: .bool(false))])
    let new = StateValue.record(type: "S", fields: [.init(name: "a", value: .int(1)), .init(name: "b", value: .bool(true))])
    #expect(StatePath.changes(from: old, to: new) == ["b"])
    #expect(LineDiff.lines(["x", "y", "z"], ["x", "Y", "z"]) == [.same("x"), .removed("y"), .added("Y"), .same("z")])
  }

  @Test("a line diff is the shortest edit, each changed run's removals before its additions; unified hunks count from 1")
  func lineDiff() {
    #expect(LineDiff.lines([], []) == [])
    #expect(LineDiff.lines([], ["a"]) == [.added("a")])
    #expect(LineDiff.lines(["a", "b"], []) == [.removed("a"), .removed("b")])
    #expect(LineDiff.lines(["a", "b", "c", "d"], ["a", "X", "Y", "d", "e"])
      == [.same("a"), .removed("b"), .removed("c"), .added("X"), .added("Y"), .same("d"), .added("e")])
    #expect(LineDiff.unified(old: ["a"], new: ["a"], oldName: "old", newName: "new") == nil)
    #expect(LineDiff.unified(old: ["1", "2", "3", "4", "5", "6", "7", "8"], new: ["1", "2", "3", "4", "five", "6", "7", "8"], oldName: "golden", newName: "replayed", context: 1) == """
      --- golden
      +++ replayed
      @@ -4,3 +4,3 @@
       4
      -5
      +five
       6
      """)
  }
}
