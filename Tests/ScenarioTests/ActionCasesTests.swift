import Foundation
import Testing

@testable import Scenario

/// How a `Decodable` action enum is read into actions, without running a session.
@Suite("Action enums")
struct ActionCasesTests {
  enum Priority: Int, Decodable, CaseIterable { case low = 1, high = 2 }

  enum Action: Decodable, Equatable {
    case open(Int)
    case rename(id: Int, title: String)
    case filter(priority: Priority?, limit: Int8?)
    case close
  }

  /// Decodes by hand, as JSON-only code would: the command line must refuse it, not guess.
  enum HandWritten: Decodable {
    case one
    init(from decoder: any Decoder) throws {
      _ = try decoder.singleValueContainer()
      self = .one
    }
  }

  enum Nested: Decodable {
    struct Draft: Decodable { var title: String }
    case save(Draft)
  }

  /// Codes as `{"find": {"q": …, "p": …}}` and `{"reset": {}}`, as an app talking to a server might.
  enum Renamed: Decodable, Equatable {
    case search(word: String, page: Int?)
    case clear
    case only
    enum CodingKeys: String, CodingKey { case search = "find", clear = "reset", only }
    enum SearchCodingKeys: String, CodingKey { case word = "q", page = "p" }
  }

  enum Lists: Decodable {
    case tag(ids: [UInt8])
    case attach(drafts: [Nested.Draft])
  }

  static func arguments(_ parameters: [Parameter], _ values: [CommandArgument]) throws -> Arguments {
    try Arguments.bind(values, to: parameters, owner: "action", endColumn: 1)
  }

  @Test("cases come in declaration order with their associated values, optionals defaulting to nil")
  func shapes() throws {
    let cases = try ActionCases<Action>().cases
    #expect(cases.map(\.name) == ["open", "rename", "filter", "close"])
    #expect(cases.map(\.signature) == ["open(Int)", "rename(id: Int, title: String)", "filter(priority: Priority?, limit: Int8?)", "close"])
    #expect(cases[2].parameters.map(\.signature) == ["priority: 1|2 = nil", "limit: Int = nil"])
  }

  @Test("bound arguments build the case; left-out optionals are nil")
  func building() throws {
    let actions = try ActionCases<Action>()
    let rename = actions.cases[1]
    #expect(
      try actions.make("rename", Self.arguments(rename.parameters, [CommandArgument(name: nil, value: .int(3), column: 1), CommandArgument(name: "title", value: .string("Todo"), column: 3)]))
        == .rename(id: 3, title: "Todo"))
    let filter = actions.cases[2]
    #expect(try actions.make("filter", Self.arguments(filter.parameters, [])) == .filter(priority: nil, limit: nil))
    #expect(try actions.make("filter", Self.arguments(filter.parameters, [CommandArgument(name: "priority", value: .int(2), column: 1)])) == .filter(priority: .high, limit: nil))
    #expect(throws: ScenarioError(.wrongKind(parameter: "priority", expects: "one of 1, 2", got: .int(3)), column: 1)) {
      try actions.make("filter", Self.arguments(filter.parameters, [CommandArgument(name: "priority", value: .int(3), column: 1)]))
    }
    #expect(try actions.make("close", Self.arguments([], [])) == .close)
  }

  @Test("a value too large for its integer type is refused by name")
  func doesNotFit() throws {
    let actions = try ActionCases<Action>()
    let filter = actions.cases[2]
    #expect(throws: ScenarioError(.doesNotFit(field: "limit", value: "200", type: "Int8"))) {
      try actions.make("filter", Self.arguments(filter.parameters, [CommandArgument(name: "limit", value: .int(200), column: 1)]))
    }
  }

  @Test("a hand-written init(from:) and a struct payload are refused with what to do instead")
  func refusals() {
    #expect(throws: ScenarioError(.actionEnumUnreadable(problem: "`ScenarioTests.ActionCasesTests.HandWritten` could not be read: its init(from:) called singleValueContainer(), which the synthesized one never does"))) {
      try ActionCases<HandWritten>()
    }
    #expect(throws: ScenarioError(.unwritablePayload(action: "ScenarioTests.ActionCasesTests.Nested.save", field: "_0", type: "Draft"))) {
      try ActionCases<Nested>()
    }
  }

  @Test("renamed coding keys keep the Swift names on the command line and still decode")
  func renamedKeys() throws {
    // The premise: this is what the renamed keys mean to a JSON decoder.
    let json = Data(#"{"find":{"q":"swift","p":2}}"#.utf8)
    #expect(try JSONDecoder().decode(Renamed.self, from: json) == .search(word: "swift", page: 2))

    let actions = try ActionCases<Renamed>()
    #expect(actions.cases.map(\.name) == ["search", "clear", "only"])
    #expect(actions.cases.map(\.signature) == ["search(word: String, page: Int?)", "clear", "only"])
    let search = actions.cases[0]
    #expect(
      try actions.make("search", Self.arguments(search.parameters, [CommandArgument(name: "word", value: .string("swift"), column: 1), CommandArgument(name: "page", value: .int(2), column: 3)]))
        == .search(word: "swift", page: 2))
    #expect(try actions.make("search", Self.arguments(search.parameters, [CommandArgument(name: nil, value: .string("a"), column: 1)])) == .search(word: "a", page: nil))
    #expect(try actions.make("clear", Self.arguments([], [])) == .clear)
    #expect(try actions.make("only", Self.arguments([], [])) == .only)
  }

  @Test("an array of what a command cannot write is refused with the array's type")
  func unsupportedList() throws {
    #expect(throws: ScenarioError(.unwritablePayload(action: "ScenarioTests.ActionCasesTests.Lists.attach", field: "drafts", type: "[Draft]"))) {
      try ActionCases<Lists>()
    }
  }

  enum ListsOnly: Decodable, Equatable {
    case tag(ids: [UInt8], labels: [String]?)
    case rank(_ priorities: [Priority])
  }

  @Test("array payloads take lists; elements convert one by one and are named when wrong")
  func listArguments() throws {
    let actions = try ActionCases<ListsOnly>()
    #expect(actions.cases.map(\.signature) == ["tag(ids: [UInt8], labels: [String]?)", "rank([Priority])"])
    #expect(actions.cases[0].parameters.map(\.signature) == ["ids: [Int]", "labels: [String] = nil"])
    let tag = actions.cases[0]
    let rank = actions.cases[1]
    let ids = CommandValue.list([.int(1), .int(2)])
    #expect(try actions.make("tag", Self.arguments(tag.parameters, [CommandArgument(name: "ids", value: ids, column: 1)])) == .tag(ids: [1, 2], labels: nil))
    #expect(
      try actions.make("tag", Self.arguments(tag.parameters, [CommandArgument(name: "ids", value: .list([]), column: 1), CommandArgument(name: "labels", value: .list([.string("a"), .word("b")]), column: 9)]))
        == .tag(ids: [], labels: ["a", "b"]))
    #expect(try actions.make("rank", Self.arguments(rank.parameters, [CommandArgument(name: nil, value: .list([.int(2), .word("1")]), column: 1)])) == .rank([.high, .low]))
    #expect(throws: ScenarioError(.wrongKind(parameter: "ids[1]", expects: "an integer", got: .string("x")), column: 4)) {
      try Self.arguments(tag.parameters, [CommandArgument(name: "ids", value: .list([.int(1), .string("x")]), column: 4)])
    }
    #expect(throws: ScenarioError(.wrongKind(parameter: "ids", expects: "a list of Int (like [1, 2])", got: .int(3)), column: 4)) {
      try Self.arguments(tag.parameters, [CommandArgument(name: "ids", value: .int(3), column: 4)])
    }
    #expect(throws: ScenarioError(.notOneOf(parameter: "_0[0]", cases: ["1", "2"], got: "3", nearest: "1"), column: 1)) {
      try Self.arguments(rank.parameters, [CommandArgument(name: nil, value: .list([.word("3")]), column: 1)])
    }
    #expect(throws: ScenarioError(.doesNotFit(field: "ids", value: "[1, 300]", type: "[UInt8]"))) {
      try actions.make("tag", Self.arguments(tag.parameters, [CommandArgument(name: "ids", value: .list([.int(1), .int(300)]), column: 1)]))
    }
  }
}
