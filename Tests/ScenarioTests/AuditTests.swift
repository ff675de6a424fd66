import Foundation
import ScenarioLanguage
@testable import ScenarioScripting
import StandInSupport
import Testing

@testable import Scenario
@testable import ScenarioAudit

/// `audit`'s parts that need no session: the language it writes, the plan, the answers it makes
/// and the oracles' decisions on what probes saw.
@Suite("Audit")
struct AuditTests {
  @Test("leave, expect idle, expect warnings and expect requests parse; errors point at the word")
  func language() throws {
    #expect(try CommandParser.parse("leave") == .session(.leave))
    #expect(try CommandParser.parse("expect idle") == .session(.expectIdle))
    #expect(try CommandParser.parse("expect freed") == .session(.expectFreed))
    #expect(
      try CommandParser.parse("expect freed == false")
        == .session(.expectState(path: Located(value: "freed", column: 8), comparison: .equal, value: Located(value: .bool(false), column: 17))))
    #expect(
      try CommandParser.parse("expect warnings <= 2")
        == .session(.expectWarnings(comparison: .lessOrEqual, count: Located(value: 2, column: 20))))
    // A state field named `warnings` or `idle` is still reached with another kind of value.
    #expect(
      try CommandParser.parse("expect warnings == []")
        == .session(.expectState(path: Located(value: "warnings", column: 8), comparison: .equal, value: Located(value: .list([]), column: 20))))
    #expect(
      try CommandParser.parse("expect idle == true")
        == .session(.expectState(path: Located(value: "idle", column: 8), comparison: .equal, value: Located(value: .bool(true), column: 16))))
    #expect(parseError("leave now") == "column 7: unexpected `now` after `leave`; usage: leave")
    #expect(
      parseError("expect warnings")
        == "column 16: `expect` needs a comparison (==, !=, <, <=, >, >= or contains); usage: expect PATH OP VALUE | expect #N STATUS | expect time == DURATION | expect log contains \"TEXT\" | expect warnings == N | expect requests DEPENDENCY == N | expect idle | expect freed (example: expect uiState.isLoading == false)")
    // How many requests a dependency was sent: a write a double tap sent twice.
    #expect(
      try CommandParser.parse("expect requests SpaceServiceProxy.leave == 1")
        == .session(.expectRequests(dependency: Located(value: "SpaceServiceProxy.leave", column: 17), comparison: .equal, count: Located(value: 1, column: 44))))
    #expect(
      try CommandParser.parse("expect requests == 2")
        == .session(.expectState(path: Located(value: "requests", column: 8), comparison: .equal, value: Located(value: .int(2), column: 20))))
    #expect(parseError("expect requests http == \"one\"") == "column 25: expected a number of requests, found `\"one\"`")
    #expect(
      parseError("expect requests http")
        == "column 21: `expect` needs a comparison (==, !=, <, <=, >, >= or contains); usage: expect PATH OP VALUE | expect #N STATUS | expect time == DURATION | expect log contains \"TEXT\" | expect warnings == N | expect requests DEPENDENCY == N | expect idle | expect freed (example: expect uiState.isLoading == false)")
  }

  static let surface = ModelSurface(
    model: "search", typeName: "SearchViewModel", summary: "SearchViewModel (App/SearchViewModel.swift)",
    actions: [
      .init(name: "search", summary: "search(text:)", parameters: [.init(name: "text", type: .string)]),
      .init(name: "stopUpdates", summary: "stopUpdates()", parameters: []),
      .init(name: "append", summary: "append()", parameters: []),
    ],
    properties: [.init(name: "isOn", type: .bool)], connects: false, dependencies: [])

  @Test("a text property is also set twice to the same text, after the steps twice with other values, then again around an action")
  func sameTextAgain() {
    var surface = Self.surface
    surface.properties = [.init(name: "query", type: .string), .init(name: "isOn", type: .bool)]
    let plan = AuditPlan(surface: surface, seed: 0, limit: 20)
    #expect(plan.sequences[11].steps.map(\.line) == ["set query \"swift\"", "set query \"swift\""])
    #expect(plan.sequences[10].steps.map(\.line) == ["set isOn true", "set isOn false"])
    // The text typed on around each action that takes no argument and ends no work (`append`,
    // not `search(text:)` nor `stopUpdates`): a search that drops the answer to an edited query.
    #expect(plan.sequences[12].steps.map(\.line) == ["set query \"swift\"", "send append", "set query \"swiftui\""])
    #expect(AuditOracles.textEdited(around: plan.sequences[12])! == ("query", "append"))
    // Typed, then cleared: the field's text while an answer to the old one is out.
    #expect(plan.sequences[13].steps.map(\.line) == ["set query \"swift\"", "set query \"\""])
    #expect(plan.sequences[14].steps.count == 2 && plan.sequences[14].steps[0].name != plan.sequences[14].steps[1].name)
    // A form of many fields and buttons: at most a quarter of the sequences, the pairs after them.
    surface.properties = (1...4).map { .init(name: "field\($0)", type: .string) }
    surface.actions = (1...6).map { .init(name: "button\($0)", summary: "button\($0)()", parameters: []) }
    let form = AuditPlan(surface: surface, seed: 0, limit: 40)
    #expect(form.sequences.filter { AuditOracles.textEdited(around: $0) != nil }.count == 10)
    #expect(form.sequences.count == 40 && form.sequences.last?.steps.count == 2)
    #expect(AuditOracles.twice(plan.sequences[11]).hasPrefix("; it shows only when `query` is set again to the text it holds"))
    // A loading flag of one part of the screen is one too, and the plan never sets it.
    #expect(AuditOracles.isLoadingFlag("isLoadingData") && AuditOracles.isLoadingFlag("state.isLoading") && !AuditOracles.isLoadingFlag("loadedItems"))
  }

  @Test("a trap of a stand-in nobody answered is told apart from the app's traps")
  func standInTrap() {
    var finding = Finding(
      model: "settings", type: "SettingsViewModel", kind: .trap, summary: "the app trapped (signal 4) making the model: `use settings`",
      evidence: "StandInSupport/StandIn.swift:25: Fatal error: vmrepl: the stand-in `Theme.tintColor` returns `Color` and nobody answered it: add `stub Theme.tintColor value=...` before this step",
      source: nil, onPurpose: nil, scenario: "", lines: ["use settings"], key: "trap use", rank: 0)
    #expect(finding.unansweredStandIn == "the stand-in `Theme.tintColor` returns `Color` and nobody answered it: add `stub Theme.tintColor value=...` before this step")
    finding.evidence = "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range"
    #expect(finding.unansweredStandIn == nil)
  }

  @Test("a scenario's runs of advance lines become one advance each; other lines stay where they are")
  func shortening() {
    let lines = ["use ticker", "send start", "advance 1s", "advance 1s", "advance 500ms", "respond http #r1 ok", "advance 1s", "leave", "advance 1s", "advance 60s", "expect idle"]
    #expect(ScenarioShortening.mergingAdvances(lines) == [
      "use ticker", "send start", "advance 2500ms", "respond http #r1 ok", "advance 1s", "leave", "advance 61s", "expect idle",
    ])
    #expect(ScenarioShortening.mergingAdvances(["use m", "advance until done", "advance 1s"]) == ["use m", "advance until done", "advance 1s"])
  }

  @Test("the plan: the screen shown and left, each step alone, then twice with other values, then pairs; cleanup by name")
  func plan() {
    let plan = AuditPlan(surface: Self.surface, seed: 0, limit: 10)
    #expect(plan.sequences.prefix(9).map { $0.steps.map(\.line) } == [
      [], ["send search text=\"swift\""], ["send stopUpdates"], ["send append"], ["set isOn true"],
      ["send search text=\"swift\"", "send search text=\"swiftui\""], ["send stopUpdates", "send stopUpdates"],
      ["send append", "send append"], ["set isOn true", "set isOn false"],
    ])
    #expect(plan.sequences.count == 10)
    // Nothing to try but showing the screen: the one sequence a model with no action has.
    #expect(AuditPlan(surface: ModelSurface(model: "badge", typeName: "Badge", summary: "Badge", actions: [], properties: [], connects: false, dependencies: []), seed: 0, limit: 40).sequences.map(\.steps) == [[]])
    // `append` ends in "end" but starts no cleanup word.
    #expect(plan.cleanup.map(\.line) == ["send stopUpdates"])
    // The same seed, the same plan.
    #expect(AuditPlan(surface: Self.surface, seed: 7, limit: 30).sequences == AuditPlan(surface: Self.surface, seed: 7, limit: 30).sequences)
    #expect(Self.surface.source(of: "search") == "SearchViewModel.search(text:) in App/SearchViewModel.swift")
  }

  @Test("a row's index is the first row, then the second, and the step says which row it needs")
  func rowIndexValues() {
    var surface = Self.surface
    surface.actions = [.init(name: "deleteChore", summary: "deleteChore(at:)", parameters: [.init(name: "index", type: .int)])]
    surface.properties = []
    let plan = AuditPlan(surface: surface, seed: 0, limit: 10)
    #expect(plan.sequences[1].steps == [ProbeStep(line: "send deleteChore index=0", name: "deleteChore", row: 0)])
    #expect(plan.sequences[2].steps.map(\.row) == [0, 1])
    #expect(AuditPlan.isRowIndex("index") && AuditPlan.isRowIndex("selectedRow") && AuditPlan.isRowIndex("at") && !AuditPlan.isRowIndex("count"))
  }

  struct Article: Decodable {
    let id: Int
    let title: String
    let link: URL
    let tags: [String]
    let subtitle: String?
  }

  struct SearchResponse: Decodable {
    let total: Int
    let items: [Article]
  }

  struct Poll: Decodable {
    let id: String
    let expired: Bool
    let isDeleted: Bool
    let multiple: Bool
    let title: String
  }

  @Test("an answer about one resource has the id its request asked for, a write on it echoes the resource's word, and a flag of an exceptional state is false")
  func resourceAnswers() throws {
    let types = ResponseTypes([Poll.self])
    #expect(ResponseTypes.askedID(of: "GET https://m.example/api/v1/polls/17") == "17")
    #expect(ResponseTypes.askedID(of: "POST https://m.example/api/v1/polls/17/votes") == "17")
    // An id the app did not have yet, between two slashes.
    #expect(ResponseTypes.askedID(of: "POST https:///api/v1/polls//votes?") == "")
    #expect(ResponseTypes.askedID(of: "GET https://m.example/api/v1/timelines/home") == nil)
    #expect(ResponseTypes.resource(of: "POST https://m.example/api/v1/polls/17/votes") == "m.example/api/v1/polls/17")
    #expect(ResponseTypes.resource(of: "GET https://m.example/api/v1/polls/17") == "m.example/api/v1/polls/17")
    #expect(ResponseTypes.resource(of: "GET https://m.example/api/todos?page=2") == "m.example/api/todos")
    #expect(ResponseTypes.echo(of: "POST https://m.example/api/v1/polls/17/votes") == "polls")
    #expect(ResponseTypes.echo(of: "GET https://m.example/api/authors/17/posts") == "posts")
    let voted = types.answer(for: "POST https://m.example/api/v1/polls/17/votes", site: nil, count: 1, version: 1).body
    #expect(voted == #"{"id":"17","expired":false,"isDeleted":false,"multiple":true,"title":"polls v2"}"#)
    #expect(SampleRecorder.namesAnExceptionalState(["blocked_by"]))
    #expect(!SampleRecorder.namesAnExceptionalState(["isBookmarked"]))
  }

  struct Status: Decodable {
    let id: String
    let favourited: Bool?
    let isReblogged: Bool
    let muted: Bool
  }

  struct Account: Decodable {
    let id: String
    let following: Bool
    let followed_by: Bool
    let muted: Bool
  }

  @Test("an action a button sends is also sent twice with the same values, as a double tap sends them; one a field sends is not")
  func doubleTapSameValues() {
    var surface = Self.surface
    surface.actions = [
      .init(name: "like", summary: "like(postID:)", parameters: [.init(name: "postID", type: .string)]),
      .init(name: "search", summary: "search(text:)", parameters: [.init(name: "text", type: .string)]),
      .init(name: "refresh", summary: "refresh()", parameters: []),
    ]
    surface.properties = []
    surface.controls = [
      "like": [#"the "Like" button (PostRow.swift:12)"#, "a button (PostDetail.swift:40)"],
      "search": ["the search field (SearchView.swift:9)"],
      "refresh": [#"the "Reload" button (FeedView.swift:5)"#],
    ]
    let lines = AuditPlan(surface: surface, seed: 0, limit: 40).sequences.map { $0.steps.map(\.line) }
    #expect(lines.contains([#"send like postID="swift""#, #"send like postID="swift""#]))
    #expect(lines.contains([#"send like postID="swift""#, #"send like postID="swiftui""#]))
    #expect(!lines.contains([#"send search text="swift""#, #"send search text="swift""#]))
    // Without parameters the two lines are one already: no second copy.
    #expect(lines.filter { $0 == ["send refresh", "send refresh"] }.count == 1)
  }

  @Test("the rows a list's onDelete hands over are the first row, then the second, each sent only while a list shows it")
  func rowSets() {
    #expect(AuditPlan.isRowSet("offsets") && AuditPlan.isRowSet("source") && AuditPlan.isRowSet("selectedIndices"))
    #expect(!AuditPlan.isRowSet("tags") && !AuditPlan.isRowSet("ids"))
    var surface = Self.surface
    surface.actions = [
      .init(name: "removeSSIDs", summary: "removeSSIDs(at:)", parameters: [.init(name: "offsets", type: .list(.int))]),
      .init(name: "tag", summary: "tag(ids:)", parameters: [.init(name: "ids", type: .list(.int))]),
    ]
    surface.properties = []
    let steps = AuditPlan.vocabulary(of: surface)
    #expect(steps.map { [$0.first.line, $0.second.line] } == [
      ["send removeSSIDs offsets=[0]", "send removeSSIDs offsets=[1]"],
      ["send tag ids=[1]", "send tag ids=[]"],
    ])
    #expect(steps.map { [$0.first.row, $0.second.row] } == [[0, 1], [nil, nil]])
  }

  @Test("the same path on two servers is two resources, and a route written `//HOST/PATH` names one of them")
  func serversAreResources() {
    #expect(ResponseTypes.resource(of: "GET https://a.social/api/v1/accounts/verify_credentials") == "a.social/api/v1/accounts/verify_credentials")
    #expect(ResponseTypes.resource(of: "POST https://a.social/api/v1/polls/17/votes") == "a.social/api/v1/polls/17")
    #expect(ResponseTypes.resource(of: "GET /api/todos") == "/api/todos")
    #expect(ResponseTypes.host(of: "GET https://b.social:8443/api/v1/accounts/verify_credentials") == "b.social:8443")
    let url = URL(string: "https://b.social/api/v1/accounts/verify_credentials")!
    #expect(HTTPExchange.matches(method: "GET", url: url, wanted: "GET", pattern: "//b.social/api/v1/accounts/verify_credentials"))
    #expect(HTTPExchange.matches(method: "GET", url: url, wanted: "GET", pattern: "//b.social/api/*"))
    #expect(!HTTPExchange.matches(method: "GET", url: url, wanted: "GET", pattern: "//a.social/api/v1/accounts/verify_credentials"))
    #expect(HTTPExchange.matches(method: "GET", url: url, wanted: "GET", pattern: "/api/v1/accounts/verify_credentials"))
  }

  @Test("a write whose path ends in a verb is answered with the flag it names set or cleared, another party's flag and other writes as before")
  func verbAnswers() throws {
    let types = ResponseTypes([Status.self, Account.self])
    func body(_ request: String) -> String { types.answer(for: request, site: nil, count: 1).body }
    #expect(body("POST https://m.example/api/v1/statuses/1/favourite") == #"{"id":"1","favourited":true,"isReblogged":true,"muted":false}"#)
    #expect(body("POST https://m.example/api/v1/statuses/1/unfavourite") == #"{"id":"1","favourited":false,"isReblogged":true,"muted":false}"#)
    #expect(body("POST https://m.example/api/v1/statuses/1/unreblog") == #"{"id":"1","favourited":true,"isReblogged":false,"muted":false}"#)
    #expect(body("POST https://m.example/api/v1/accounts/1/unfollow") == #"{"id":"1","following":false,"followed_by":true,"muted":false}"#)
    #expect(body("POST https://m.example/api/v1/accounts/1/mute") == #"{"id":"1","following":true,"followed_by":true,"muted":true}"#)
    // A read names no verb, whatever its last word.
    #expect(body("GET https://m.example/api/v1/statuses/1/unfavourite").contains(#""favourited":true"#))
    let undone = try #require(SampleVerb(of: "POST https://m.example/api/v1/statuses/1/unfavourite"))
    #expect(undone.stem == "favourit" && !undone.on)
    #expect(SampleVerb(of: "DELETE https://m.example/api/v1/statuses/17") == nil)
    #expect(SampleVerb(of: "GET https://m.example/api/v1/statuses/1/favourite") == nil)
  }

  @Test("answers decode into the type the path names, strings echo the request")
  func bodies() throws {
    let types = ResponseTypes([Article.self, SearchResponse.self])
    let list = types.body(for: "GET https://news.example.com/api/articles?q=swift", count: 1)
    #expect(list == #"[{"id":1,"title":"swift","link":"https://example.com/swift","tags":["swift"],"subtitle":"swift"}]"#)
    #expect(try JSONDecoder().decode([Article].self, from: Data(list.utf8)).first?.title == "swift")
    let one = types.body(for: "GET https://news.example.com/api/articles/7", count: 1)
    // The article asked for by its id is that article.
    #expect(try JSONDecoder().decode(Article.self, from: Data(one.utf8)).id == 7)
    let wrapper = types.body(for: "GET https://news.example.com/search?q=ios", count: 0)
    #expect(wrapper == #"{"total":1,"items":[]}"#)
    #expect(types.body(for: "GET https://news.example.com/api/comments", count: 1) == "[]")
    #expect(types.body(for: "POST https://news.example.com/api/login", count: 1) == "{}")
    // Several elements differ, ids first: an app that keys a dictionary by them does not trap.
    let three = types.body(for: "GET https://news.example.com/api/articles?q=swift", count: 3)
    #expect(three == #"[{"id":1,"title":"swift","link":"https://example.com/swift","tags":["swift","swift 2","swift 3"],"subtitle":"swift"},"#
      + #"{"id":2,"title":"swift 2","link":"https://example.com/swift/2","tags":["swift 2","swift 3","swift 4"],"subtitle":"swift 2"},"#
      + #"{"id":3,"title":"swift 3","link":"https://example.com/swift/3","tags":["swift 3","swift 4","swift 5"],"subtitle":"swift 3"}]"#)
    let decoded = try JSONDecoder().decode([Article].self, from: Data(three.utf8))
    #expect(Dictionary(uniqueKeysWithValues: decoded.map { ($0.id, $0.title) }) == [1: "swift", 2: "swift 2", 3: "swift 3"])
  }

  /// As IceCubesApp's `Account`: a moved account is an account, a badge a value whose own
  /// decoding accepts one word nobody knows here, replies a list of the same type.
  final class Profile: Decodable {
    struct Badge: Decodable {
      init(from decoder: any Decoder) throws {
        guard try decoder.singleValueContainer().decode(String.self) == "gold" else {
          throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a badge"))
        }
      }
    }
    let id: String
    let moved: Profile?
    let privacy: Badge?
    let replies: [Profile]
  }

  @Test("a sample of a type inside itself ends: an optional is null, an optional it cannot make is null, nested lists end")
  func recursiveSample() throws {
    let types = ResponseTypes([], routes: [ResponseRoute("Client.me()", paths: ["/me"], Profile.self)])
    let body = types.body(for: "GET https://x.example/me", site: "Client.me() at F.swift:3", count: 2)
    let profile = try JSONDecoder().decode(Profile.self, from: Data(body.utf8))
    #expect(profile.moved == nil)
    #expect(profile.privacy == nil)
    #expect(profile.replies.count == 2)
    #expect(profile.replies[0].replies.count == 2)
    #expect(body.hasPrefix(#"{"id":"me","moved":null,"privacy":null,"replies":[{"id":"me","moved":null,"privacy":null,"replies":[{"#))
  }

  /// As IceCubesApp's `Status`: a required visibility, an enum of raw values that lists its cases.
  struct Post: Decodable {
    enum Visibility: String, Decodable, CaseIterable { case pub = "public", unlisted }
    let id: Int
    let visibility: Visibility
  }

  /// As most apps' models: enums of raw values that do not list their cases.
  struct Toot: Decodable {
    enum Visibility: String, Decodable { case pub = "public", unlisted, direct }
    enum Level: Int, Decodable { case low = 3, high = 7 }
    enum Only: String, Decodable { case one = "the one" }
    let visibility: Visibility
    let level: Level
    let only: Only
  }

  enum Shape { case dot(Int), none }

  @Test("an enum of raw values that does not list its cases is sampled from its cases all the same, in turn by element")
  func rawEnumSample() throws {
    let types = ResponseTypes([], routes: [ResponseRoute("Client.toots()", paths: ["/toots"], [Toot].self)])
    let body = types.body(for: "GET https://x.example/toots", site: "Client.toots() at F.swift:3", count: 2)
    #expect(body == #"[{"visibility":"public","level":3,"only":"the one"},{"visibility":"unlisted","level":7,"only":"the one"}]"#)
    #expect(try JSONDecoder().decode([Toot].self, from: Data(body.utf8)).map(\.visibility) == [.pub, .unlisted])
    #expect(EnumCases.count(of: Toot.Visibility.self) == 3)
    #expect(EnumCases.make(Toot.Visibility.self, index: 2) == .direct)
    #expect(EnumCases.make(Toot.Visibility.self, index: 3) == nil)
    // Not enums without payloads: nothing is made.
    #expect(EnumCases.count(of: Toot.self) == nil)
    #expect(EnumCases.count(of: Shape.self) == nil)
    #expect(EnumCases.count(of: Optional<Toot.Level>.self) == nil)
    #expect(EnumCases.count(of: ProbeAnswer.self) == ProbeAnswer.allCases.count)
  }

  @Test("an enum of raw values that lists its cases is sampled from them, in turn by element")
  func caseIterableSample() throws {
    let types = ResponseTypes([], routes: [ResponseRoute("Client.posts()", paths: ["/posts"], [Post].self)])
    let body = types.body(for: "GET https://x.example/posts", site: "Client.posts() at F.swift:3", count: 2)
    #expect(body == #"[{"id":1,"visibility":"public"},{"id":2,"visibility":"unlisted"}]"#)
    #expect(try JSONDecoder().decode([Post].self, from: Data(body.utf8)).map(\.visibility) == [.pub, .unlisted])
  }

  @Test("a generic helper's answer decodes into the type its caller gives the call on the line the task returns to")
  func genericHelperCallers() throws {
    // As IceCubesApp's `MastodonClient`: `get<Entity>` calls `makeEntityRequest<Entity>`, which
    // decodes `Entity` and, when that fails, `ServerError`; the model's calls say the type.
    let types = ResponseTypes(
      [Article.self, SearchResponse.self],
      routes: [
        ResponseRoute("ListEditViewModel.searchUsers()", calling: "get", lines: 102...104, SearchResponse.self),
        ResponseRoute("ListEditViewModel.searchUsers()", calling: "get", lines: 110...110, [Article].self),
        ResponseRoute("StatusViewModel.load()", calling: "get", lines: 30...30, [Article].self),
        ResponseRoute("StatusViewModel.load()", calling: "get", lines: 40...40, [Article].self),
        ResponseRoute("OtherViewModel.load()", calling: "fetch", lines: 9...9, [Article].self),
      ])
    let chain = { (line: Int) in
      [
        "MastodonClient.makeEntityRequest(endpoint:method:forceVersion:) at C.swift:200, line 207",
        "MastodonClient.get(endpoint:forceVersion:) at C.swift:143, line 146",
        "ListEditViewModel.searchUsers() at L.swift:95, line \(line)",
      ]
    }
    let first = types.answer(for: "GET https://m.example/api/v2/search?q=a", site: "MastodonClient.makeEntityRequest(endpoint:method:forceVersion:) at C.swift:200", callers: chain(102), count: 2)
    #expect(first.source == .call("ListEditViewModel.searchUsers()", helper: "get"))
    #expect(try JSONDecoder().decode(SearchResponse.self, from: Data(first.body.utf8)).items.count == 2)
    #expect(types.answer(for: "GET https://m.example/api/v1/accounts/relationships", site: nil, callers: chain(110), count: 1).source
      == .call("ListEditViewModel.searchUsers()", helper: "get"))
    #expect(try JSONDecoder().decode([Article].self, from: Data(types.answer(for: "GET https://m.example/x", site: nil, callers: chain(110), count: 2).body.utf8)).count == 2)
    // The line after a call's last line is its resume point too; a line no call spans says nothing.
    #expect(types.answer(for: "GET https://m.example/x", site: nil, callers: chain(105), count: 1).source == .call("ListEditViewModel.searchUsers()", helper: "get"))
    #expect(types.answer(for: "GET https://m.example/x", site: nil, callers: chain(120), count: 1).source == .none)
    // No line known: the caller's calls of the helper must agree on one type.
    let unlined = ["MastodonClient.get(endpoint:forceVersion:)", "StatusViewModel.load()"]
    #expect(types.answer(for: "GET https://m.example/x", site: nil, callers: unlined, count: 1).source == .call("StatusViewModel.load()", helper: "get"))
    #expect(types.answer(for: "GET https://m.example/x", site: nil, callers: ["MastodonClient.get(endpoint:)", "ListEditViewModel.searchUsers()"], count: 1).source == .none)
    // A caller's route holds only when the helper it names is inside it.
    #expect(types.answer(for: "GET https://m.example/x", site: nil, callers: ["Client.get(_:)", "OtherViewModel.load() at O.swift:5, line 9"], count: 1).source == .none)
    #expect(ResponseTypes.baseName("closure #1 in MastodonClient.get(endpoint:forceVersion:) at C.swift:143, line 146") == "get")
    #expect(ResponseTypes.line(of: "A.b() at Sources/F.swift:20, line 24") == 24)
    #expect(ResponseTypes.line(of: "A.b() at Sources/F.swift:20") == nil)
  }

  @Test("answers decode into the type the code that set the request going decodes, then its path literal's, then the path word's")
  func routedBodies() throws {
    let types = ResponseTypes(
      [Article.self, SearchResponse.self],
      routes: [
        ResponseRoute("LiveClient.search(query:)", paths: ["/search"], [Article].self),
        ResponseRoute("ProfileViewModel.load()", paths: ["/api/me"], SearchResponse.self),
        ResponseRoute("MovieStore.movie(id:)", paths: ["*/movie/*?api_key=*&append=videos"], SearchResponse.self),
        ResponseRoute("MovieStore.movies(from:)", paths: ["*/movie/*"], [Article].self),
      ])
    // By the function that set it going, whatever its path says (`search` names SearchResponse).
    let byCode = types.answer(for: "GET https://x.example/api/search?q=ios", site: "closure #1 in LiveClient.search(query:) at F.swift:9", count: 1)
    #expect(byCode.source == .code("LiveClient.search(query:)"))
    #expect(try JSONDecoder().decode([Article].self, from: Data(byCode.body.utf8)).first?.title == "ios")
    // A generic helper set it going: the literal `/search` of its caller matches, a query after it.
    #expect(types.answer(for: "GET https://x.example/api/search?q=ios", site: "APIClient.get(_:query:) at F.swift:3", count: 0).source == .path("/search"))
    #expect(types.answer(for: "GET https://x.example/api/me", site: nil, count: 1).source == .path("/api/me"))
    // The literal that spells more of the request wins; one whose end meets a longer path does not match.
    #expect(types.answer(for: "GET https://x.example/3/movie/7?api_key=k&append=videos", site: nil, count: 1).source == .path("*/movie/*?api_key=*&append=videos"))
    #expect(types.answer(for: "GET https://x.example/3/movie/popular?api_key=k", site: nil, count: 1).source == .path("*/movie/*"))
    #expect(types.answer(for: "GET https://x.example/api/me/avatar", site: nil, count: 1).source == .none)
    #expect(types.answer(for: "GET https://x.example/api/articles", site: "Other.load()", count: 1).source == .word("articles"))
    #expect(ResponseTypes.score(of: "*/*", against: "/a/b") == nil)
    // By a wrapper the request's task returns into (`callers`), before its path literal.
    let byWrapper = types.answer(
      for: "GET https://x.example/api/search?q=ios", site: "APIClient.get(_:query:) at F.swift:3",
      callers: ["APIClient.get(_:query:) at F.swift:3, line 9", "LiveClient.search(query:) at G.swift:7, line 8", "closure #1 in SearchViewModel.search(text:) at H.swift:20, line 22"],
      count: 1)
    #expect(byWrapper.source == .code("LiveClient.search(query:)"))
    // Dates as the app's decoder reads them.
    struct Dated: Decodable { let id: Int; let released: Date }
    let dated = ResponseTypes([], routes: [
      ResponseRoute("A.iso()", paths: ["/iso"], Dated.self, dates: "iso8601"),
      ResponseRoute("A.formatted()", paths: ["/formatted"], Dated.self, dates: "format:yyyy-MM-dd"),
      ResponseRoute("A.plain()", paths: ["/plain"], Dated.self),
    ])
    #expect(dated.body(for: "GET https://x.example/iso", count: 1) == #"{"id":1,"released":"2001-01-01T00:00:00Z"}"#)
    #expect(dated.body(for: "GET https://x.example/formatted", count: 1) == #"{"id":1,"released":"2001-01-01"}"#)
    #expect(dated.body(for: "GET https://x.example/plain", count: 1) == #"{"id":1,"released":0}"#)
  }

  func result(_ final: [StateLeaf], lines: [String] = ["use m", "send a", "send a"], requests: Int = 2, atRest: Bool = true, ignored: Int = 0) -> ProbeResult {
    ProbeResult(
      lines: lines, stepLines: lines.count, initial: [StateLeaf(path: "isLoading", value: "false")], final: final, atRest: atRest,
      requests: requests, ignored: ignored, workLeft: [], leftBehind: [], freed: true, warnings: [], errors: [])
  }

  @Test("a loading flag up after steps that only set properties is the value set, not a load (mastodon's isReporting assigned to isBusy)")
  func loadingFlagOfASet() {
    let busy = [StateLeaf(path: "reporter.isBusy", value: "true")]
    var runs = AuditOracles.Runs()
    runs.settled = ProbeResult(
      lines: ["use report", "set isReporting true"], stepLines: 2, initial: [StateLeaf(path: "reporter.isBusy", value: "false")], final: busy,
      atRest: true, requests: 0, workLeft: [], leftBehind: [], freed: true, warnings: [], errors: [])
    let set = AuditPlan.Sequence(index: 1, steps: [ProbeStep(line: "set isReporting true", name: "isReporting")])
    #expect(AuditOracles.check(runs, sequence: set, surface: Self.surface).isEmpty)
    // A text set that a pipeline turns into a search makes requests: a flag it leaves up counts.
    runs.settled?.requests = 1
    #expect(AuditOracles.check(runs, sequence: set, surface: Self.surface).map(\.kind) == [.loadingLeftSet])
    runs.settled?.requests = 0
    // The same flag left up by an action is found.
    let sent = AuditPlan.Sequence(index: 2, steps: [ProbeStep(line: "send report", name: "report")])
    runs.settled?.lines = ["use report", "send report"]
    #expect(AuditOracles.check(runs, sequence: sent, surface: Self.surface).map(\.kind) == [.loadingLeftSet])
    // The flag raised by the audit's `set`, then an action that returns at its guard: still the
    // audit's value (its state right after the `set` says so).
    let setThenSent = AuditPlan.Sequence(index: 3, steps: [
      ProbeStep(line: "set isReporting true", name: "isReporting"), ProbeStep(line: "send report", name: "report"),
    ])
    runs.settled?.lines = ["use report", "set isReporting true", "send report"]
    runs.settled?.afterFirst = busy
    #expect(AuditOracles.check(runs, sequence: setThenSent, surface: Self.surface).isEmpty)
    runs.settled?.afterFirst = [StateLeaf(path: "reporter.isBusy", value: "false")]
    #expect(AuditOracles.check(runs, sequence: setThenSent, surface: Self.surface).map(\.kind) == [.loadingLeftSet])
    // The other order: the action done, then the audit's `set ... true` raises it last.
    let sentThenSet = AuditPlan.Sequence(index: 4, steps: [
      ProbeStep(line: "send report", name: "report"), ProbeStep(line: "set isReporting true", name: "isReporting"),
    ])
    runs.settled?.lines = ["use report", "send report", "set isReporting true"]
    #expect(AuditOracles.check(runs, sequence: sentThenSet, surface: Self.surface).isEmpty)
  }

  @Test("lost update: only where no order of the taps one after another reaches the state")
  func lostUpdate() {
    let sequence = AuditPlan.Sequence(index: 4, steps: [ProbeStep(line: "send a", name: "a"), ProbeStep(line: "send a", name: "a")])
    let two = [StateLeaf(path: "count", value: "2")], one = [StateLeaf(path: "count", value: "1")]
    var runs = AuditOracles.Runs()
    runs.settled = result(two)
    runs.quick = result(one)
    runs.settledReversed = result(two)
    let found = AuditOracles.check(runs, sequence: sequence, surface: Self.surface)
    #expect(found.map(\.kind) == [.lostUpdate])
    #expect(found.first?.lines.last == "expect count == 2")
    #expect(found.first?.summary == "`send a`, `send a` sent quickly end with `count` 1; one after another, in either order, never")
    // A guard that ignored the second tap, a debounce that merged them.
    runs.quick = result(one, ignored: 1)
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).isEmpty)
    runs.quick = result(one, requests: 1)
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).isEmpty)
    // Time between the steps (a sleep between read and write): a count the quick taps left
    // smaller is still a lost update; a value that only tells how long things took is not.
    runs.quick = result(one)
    runs.settled = result(two, lines: ["use m", "send a", "advance 1s", "send a"])
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).map(\.kind) == [.lostUpdate])
    runs.quick = result([StateLeaf(path: "count", value: "3")])
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).isEmpty)
    runs.quick = result([StateLeaf(path: "updated", value: "\"0:01\"")])
    runs.settled = result([StateLeaf(path: "updated", value: "\"0:02\"")], lines: ["use m", "send a", "advance 1s", "send a"])
    runs.settledReversed = runs.settled
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).isEmpty)
    // Identities the app makes as it decodes (`public var id = UUID().uuidString`): which one a
    // run holds tells the order things were made in, not the state (IceCubesApp's poll options).
    let made = { (id: String) in [StateLeaf(path: "statuses[0].poll.options[0].id", value: "\"\(id)\""), StateLeaf(path: "count", value: "2")] }
    runs.settled = result(made("D6FBCAAA-5ECA-4C4C-84DF-B290C5CD56AB"))
    runs.quick = result(made("4A09B365-EAF5-4280-93F7-106FC6207AFD"))
    runs.settledReversed = runs.settled
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).isEmpty)
    #expect(!AuditOracles.isMadeIdentity("\"D6FBCAAA\"") && AuditOracles.isMadeIdentity("4A09B365-EAF5-4280-93F7-106FC6207AFD"))
  }

  @Test("answers out of order, a loading flag left set, work that outlives the screen")
  func otherOracles() {
    let sequence = AuditPlan.Sequence(index: 0, steps: [ProbeStep(line: "send a", name: "a")])
    var runs = AuditOracles.Runs()
    runs.settled = result([StateLeaf(path: "title", value: "\"b\"")])
    runs.quick = result([StateLeaf(path: "title", value: "\"b\"")])
    runs.quickNewestFirst = result([StateLeaf(path: "title", value: "\"a\"")])
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).map(\.kind) == [.answerOrder])
    runs = AuditOracles.Runs()
    runs.settled = result([StateLeaf(path: "isLoading", value: "true")])
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).map(\.kind) == [.loadingLeftSet])
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).first?.summary
      == "`isLoading` is still true after `send a` and its requests answered with data, with nothing left running")
    // Answers no type of the app shaped: what the code met may have been a decoding failure.
    runs.settled?.untypedAnswers = 1
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).first?.summary == """
      `isLoading` is still true after `send a` and its requests answered with data (`{}` or `[]`: no code or path names the type \
      they decode into, so the code may have failed to decode them), with nothing left running
      """)
    runs.settled?.untypedAnswers = 0
    // The steps handed over to a callback adopt made to do nothing (`onSave(name, self)`): the
    // app's caller, which resets the flag, is not here (home-assistant's device-name request).
    runs.settled?.callbacks = ["DeviceNameRequest.onSave"]
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).isEmpty)
    runs.settled?.requests = 0
    #expect(AuditExplanation.loading(runs, sequence: sequence, surface: Self.surface) == """
      `isLoading` true at the end, but the steps called `DeviceNameRequest.onSave`, a callback adopt made to do nothing: the \
      app's caller passes its own, which may reset it
      """)
    runs.settled?.requests = 2
    #expect(AuditExplanation.loading(runs, sequence: sequence, surface: Self.surface).hasPrefix("`isLoading` true when answered with data, but the steps called"))
    runs.settled?.callbacks = []
    // An action's task nothing can resume once answered (a continuation a status never
    // resumes): found where `await` said so, its scenario ending `await #N`.
    var stuck = result([StateLeaf(path: "isLoading", value: "false")], lines: ["use m", "send a", "respond http #r1 status=500"], requests: 1)
    stuck.stuck = [StuckSend(effect: 1, action: "a", text: "#1 a (suspended in M.post(_:)) waits on nothing that can resume it: no timer, no pending request")]
    var stuckRuns = AuditOracles.Runs()
    stuckRuns.settled = result([StateLeaf(path: "isLoading", value: "false")])
    stuckRuns.failures = [(.serverError, stuck)]
    let never = AuditOracles.check(stuckRuns, sequence: sequence, surface: Self.surface)
    #expect(never.map(\.kind) == [.neverEnds])
    #expect(never.first?.summary == "`send a` never ends once its requests were answered with status 500: its task waits on nothing that can resume it")
    #expect(never.first?.lines == ["use m", "send a", "respond http #r1 status=500", "await #1"])
    #expect(never.first?.evidence.hasPrefix("await #1: #1 a (suspended in M.post(_:))") == true)
    // Still running: not left set.
    runs.settled = result([StateLeaf(path: "isLoading", value: "true")], atRest: false)
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).isEmpty)
    var left = result([])
    left.leftBehind = ["effect #1 `send a` is still running"]
    runs.settled = left
    // An action's own task is the view's to cancel: not counted.
    #expect(AuditOracles.check(runs, sequence: sequence, surface: Self.surface).isEmpty)
    left.leftBehind.append("work from `send a` is still running; it waits on RunLoop timer until 61.000s")
    runs.settled = left
    let found = AuditOracles.check(runs, sequence: sequence, surface: Self.surface)
    #expect(found.map(\.kind) == [.outlivesScreen])
    #expect(found.first?.lines.suffix(1) == ["expect idle"])
  }

  @Test("schedules are explored only where quick taps agreed with one after another, on what they changed")
  func scheduleCheck() {
    let sequence = AuditPlan.Sequence(index: 4, steps: [ProbeStep(line: "send a", name: "a"), ProbeStep(line: "send a", name: "a")])
    var runs = AuditOracles.Runs()
    let two = [StateLeaf(path: "isLoading", value: "false"), StateLeaf(path: "count", value: "2")]
    runs.settled = result(two)
    runs.quick = result(two)
    #expect(AuditOracles.scheduleCheck(runs, sequence: sequence) == ["use m", "send a", "send a", "expect count == 2"])
    runs.quick = result([StateLeaf(path: "isLoading", value: "false"), StateLeaf(path: "count", value: "1")])
    #expect(AuditOracles.scheduleCheck(runs, sequence: sequence) == nil)
    let cancelling = AuditPlan.Sequence(index: 5, steps: [ProbeStep(line: "send a", name: "a"), ProbeStep(line: "send cancel", name: "cancel")])
    runs.quick = result(two)
    #expect(AuditOracles.scheduleCheck(runs, sequence: cancelling) == nil)
    let found = AuditOracles.scheduleFinding(
      ScheduleFinding(pin: "schedule 4:2", lines: ["expect count == 2"], errors: ["expectation failed: count == 2, but it is 1"]),
      lines: [], runs: runs, sequence: sequence, surface: Self.surface)
    #expect(found?.lines == ["schedule 4:2", "use m", "send a", "send a", "expect count == 2"])
    #expect(found?.key == "lost-update count")
  }

  @Test("shards merged keep, of two findings of one bug, the one of lower rank")
  func merge() {
    func finding(_ rank: Int, _ model: String) -> Finding {
      Finding(model: model, type: "T", kind: .trap, summary: "", evidence: "", source: nil, onPurpose: nil, scenario: "", lines: [], key: "trap a", rank: rank)
    }
    let merged = mergeFindings([[finding(30, "b"), finding(12, "a")], [finding(5, "b")]], models: ["a", "b"])
    #expect(merged.map { "\($0.model)\($0.rank)" } == ["a12", "b5"])
  }

  @Test("a write off the main thread that set the value it had (`objectWillChange`) is no finding of its own where another write finding of the model has its code (SwiftUIConcurrency's `fetchRowData` sent twice); elsewhere it is")
  func oneFindingPerWriteSite() {
    let code = "UnsafeViewModel.fetchRowData() at UnsafeViewModel.swift:20 on the global executor"
    func write(_ key: String, _ source: String, model: String = "unsafe", rank: Int) -> Finding {
      Finding(model: model, type: "T", kind: .offMainWrite, summary: key, evidence: "", source: source, onPurpose: nil, scenario: "", lines: [],
              key: "off-main-write \(key)", rank: rank)
    }
    let rows = write("rows", code + " (work of `#1 send fetchRowData`)", rank: 10)
    let same = write("objectWillChange", code + " (work of `#2 send fetchRowData`)", rank: 26)
    let otherModel = write("objectWillChange", code, model: "other", rank: 26)
    #expect(mergeFindings([[rows, same, otherModel]], models: ["unsafe", "other"]).map { "\($0.model) \($0.key)" } == [
      "unsafe off-main-write rows", "other off-main-write objectWillChange",
    ])
    // Another write's code: its own finding.
    let clear = write("rows", "UnsafeViewModel.clear() at UnsafeViewModel.swift:31 on the global executor", rank: 10)
    #expect(mergeFindings([[clear, same]], models: ["unsafe"]).map(\.key) == ["off-main-write rows", "off-main-write objectWillChange"])
  }
}
