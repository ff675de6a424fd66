#if canImport(OpenCombine)
  import AppleCombine
#endif
#if os(Linux)
  import AppleSwiftUI
  import AppleUIKit
#endif
import Foundation
import ScenarioLanguage
import ScenarioScripting
@testable import StandInSupport
import Synchronization
import Testing

/// The events a stand-in's calls report, in order.
private final class Collected: DependencyEventSink {
  let events = Mutex<[DependencyEvent]>([])
  let failures = Mutex<[ScenarioError.Reason]>([])
  func report(_ event: DependencyEvent) { events.withLock { $0.append(event) } }
  func fail(_ reason: ScenarioError.Reason) { failures.withLock { $0.append(reason) } }
}

/// Generated stand-ins' calls (`StandIn.call...`) answered by a session's dependencies: each call
/// a request in the transcript, answered by `stub`/`respond`, the type's default said aloud.
/// Serialized: the process has one installed answerer.
@Suite("stand-ins: calls answered from the scenario", .serialized)
struct StandInAnswerTests {
  static let why = "Services/Keychain.swift imports `Security`, an Apple framework with no Linux version"

  private func install(_ declarations: [StandInDeclaration]) -> (Collected, [String: StandInDependency]) {
    let sink = Collected()
    let dependencies = declarations.map { StandInDependency($0, sink: sink) }
    StandIns.install(StandInRouter(dependencies))
    return (sink, Dictionary(uniqueKeysWithValues: dependencies.map { ($0.name, $0) }))
  }

  @Test("an optional unanswered is nil, and the transcript says it was the default")
  func defaultAnswer() {
    let (sink, _) = install([StandInDeclaration("Keychain.token", signature: "func token(for account: String) -> String?", why: Self.why, hasDefault: true)])
    defer { StandIns.install(nil) }
    let token: String? = StandIn.call("Keychain.token", "token(for: \(StandIn.text("me")))")
    #expect(token == nil)
    #expect(sink.events.withLock { $0 } == [
      .requestPending(dependency: "Keychain.token", id: "r1", request: "token(for: \"me\") (stand-in: \(Self.why))"),
      .requestAnswered(dependency: "Keychain.token", id: "r1", outcome: "none (default; `stub Keychain.token ...` forces one)"),
    ])
  }

  @Test("a return type adopt could not see a default of (mastodon's `Account.emojiMeta: MastodonContent.Emojis`, an alias of a dictionary) is answered by the call's own type: empty, said as the default, sync or async")
  func defaultOfAliasedType() async throws {
    typealias Emojis = [String: String]
    let (sink, _) = install([
      StandInDeclaration("Account.emojiMeta", signature: "var emojiMeta: MastodonContent.Emojis", why: Self.why, hasDefault: false),
      StandInDeclaration("Account.fetchEmojis", signature: "func fetchEmojis() async -> MastodonContent.Emojis", why: Self.why, hasDefault: false),
    ])
    defer { StandIns.install(nil) }
    let emojis: Emojis = StandIn.call("Account.emojiMeta", "emojiMeta")
    #expect(emojis.isEmpty)
    let fetched: Emojis = await StandIn.callAsync("Account.fetchEmojis", "fetchEmojis()")
    #expect(fetched.isEmpty)
    #expect(sink.failures.withLock { $0 }.isEmpty)
    #expect(sink.events.withLock { $0 } == [
      .requestPending(dependency: "Account.emojiMeta", id: "r1", request: "emojiMeta (stand-in: \(Self.why))"),
      .requestAnswered(dependency: "Account.emojiMeta", id: "r1", outcome: "none (default; `stub Account.emojiMeta ...` forces one)"),
      .requestPending(dependency: "Account.fetchEmojis", id: "r1", request: "fetchEmojis() (stand-in: \(Self.why))"),
      .requestAnswered(dependency: "Account.fetchEmojis", id: "r1", outcome: "none (default; `stub Account.fetchEmojis ...` forces one)"),
    ])
  }

  /// pocket-casts' `PlusPricingInfoModel.PlusPricingInfo`: a memberwise struct, not Decodable.
  private struct PricingInfo: Equatable {
    enum Availability { case unknown, available }
    let products: [String]
    let offer: String?
    let trialDays: Int
    let availability: Availability
  }

  @Test("a call adopt gave an empty app value returns it unanswered (the transcript says the default answered), and `error=` still throws")
  func emptyAppValue() throws {
    let (sink, dependencies) = install([
      StandInDeclaration("Pricing.info", signature: "static func info() -> PricingInfo", why: Self.why, hasDefault: true),
      StandInDeclaration("Pricing.load", signature: "static func load() throws -> PricingInfo", why: Self.why, hasDefault: true),
    ])
    defer { StandIns.install(nil) }
    let info: PricingInfo = StandIn.call(
      "Pricing.info", "info()",
      empty: PricingInfo(products: StandIn.empty(), offer: StandIn.empty(), trialDays: StandIn.empty(), availability: StandIn.empty()))
    #expect(info == PricingInfo(products: [], offer: nil, trialDays: 0, availability: .unknown))
    #expect(sink.events.withLock { $0 }.last == .requestAnswered(dependency: "Pricing.info", id: "r1", outcome: "none (default; `stub Pricing.info ...` forces one)"))
    try dependencies["Pricing.load"]!.stub(outcome: Located(value: "error", column: 1), arguments: [CommandArgument(name: nil, value: .string("offline"), column: 7)], endColumn: 16)
    #expect(throws: StandInError("offline")) {
      try StandIn.callThrowing("Pricing.load", "load()", empty: PricingInfo(products: [], offer: nil, trialDays: 0, availability: .unknown))
    }
  }

  /// home-assistant's `ServerInfo`: Codable with its own `init(from:)`, a nested struct with a
  /// URL, a token with a date; adopt cannot make it of empty parts (the date).
  private struct ServerInfo: Codable, Equatable {
    struct Token: Codable, Equatable { var accessToken: String; var expiration: Date }
    var remoteName: String
    var sortOrder: Int
    var externalURL: URL?
    var internalURL: URL
    var token: Token
    enum CodingKeys: String, CodingKey { case name, sortOrder, externalURL, internalURL, tokenInfo }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      remoteName = try container.decode(String.self, forKey: .name)
      sortOrder = try container.decode(Int.self, forKey: .sortOrder)
      externalURL = try container.decodeIfPresent(URL.self, forKey: .externalURL)
      internalURL = try container.decode(URL.self, forKey: .internalURL)
      token = try container.decode(Token.self, forKey: .tokenInfo)
    }
    func encode(to encoder: any Encoder) throws {}
  }

  @Test("a call returning one of the app's Decodable types adopt could not make of empty parts returns a value of its shape unanswered, said as the default; `json=` answers it instead")
  func shapeSampleDefault() throws {
    let (sink, dependencies) = install([StandInDeclaration("ServerInfo.fake", signature: "static func fake() -> ServerInfo", why: Self.why, hasDefault: true)])
    defer { StandIns.install(nil) }
    let info: ServerInfo = StandIn.call("ServerInfo.fake", "fake()", empty: StandIn.shapeSample(ServerInfo.self))
    #expect(info.remoteName == "" && info.sortOrder == 0 && info.externalURL == nil)
    #expect(info.internalURL == URL(string: "https://example.com"))
    #expect(info.token == ServerInfo.Token(accessToken: "", expiration: Date(timeIntervalSinceReferenceDate: 0)))
    #expect(sink.events.withLock { $0 }.last == .requestAnswered(dependency: "ServerInfo.fake", id: "r1", outcome: "none (default; `stub ServerInfo.fake ...` forces one)"))
    let json = #"{"name":"Home","sortOrder":2,"internalURL":"http://homeassistant.local:8123","tokenInfo":{"accessToken":"t","expiration":0}}"#
    try dependencies["ServerInfo.fake"]!.stub(
      outcome: Located(value: "json", column: 1), arguments: [CommandArgument(name: nil, value: .string(json), column: 6)], endColumn: 6 + json.count)
    let answered: ServerInfo = StandIn.call("ServerInfo.fake", "fake()", empty: StandIn.shapeSample(ServerInfo.self))
    #expect(answered.remoteName == "Home" && answered.sortOrder == 2)
  }

  @Test("a stub answers with a value, JSON decoded into the return type, or an error a throwing call throws")
  func stubbed() throws {
    let (sink, dependencies) = install([
      StandInDeclaration("Keychain.token", signature: "func token(for account: String) -> String?", why: Self.why, hasDefault: true),
      StandInDeclaration("Keychain.count", signature: "var count: Int", why: Self.why, hasDefault: false),
      StandInDeclaration("Keychain.save", signature: "func save(_ token: String) throws", why: Self.why, hasDefault: true),
    ])
    defer { StandIns.install(nil) }
    try dependencies["Keychain.token"]!.stub(outcome: Located(value: "value", column: 1), arguments: [CommandArgument(name: nil, value: .string("abc"), column: 7)], endColumn: 12)
    try dependencies["Keychain.count"]!.stub(outcome: Located(value: "json", column: 1), arguments: [CommandArgument(name: nil, value: .string("3"), column: 6)], endColumn: 9)
    try dependencies["Keychain.save"]!.stub(outcome: Located(value: "error", column: 1), arguments: [CommandArgument(name: nil, value: .string("denied"), column: 7)], endColumn: 15)
    let token: String? = StandIn.call("Keychain.token", "token(for: \"me\")")
    let count: Int = StandIn.call("Keychain.count", "count")
    #expect(token == "abc")
    #expect(count == 3)
    #expect(throws: StandInError("denied")) { try StandIn.callThrowing("Keychain.save", "save(\"x\")") as Void }
    #expect(sink.events.withLock { $0 }.contains(.requestAnswered(dependency: "Keychain.token", id: "r1", outcome: "value \"abc\"")))
    #expect(sink.events.withLock { $0 }.contains(.requestAnswered(dependency: "Keychain.save", id: "r1", outcome: "error \"denied\"")))
  }

  #if canImport(OpenCombine)
  @Test("a publisher unanswered finishes with no value; `json=` publishes the value it decodes to; `error=` fails it")
  func publishers() throws {
    let (sink, dependencies) = install([
      StandInDeclaration("APIService.fetchTodos", signature: "static func fetchTodos() -> AnyPublisher<[String], Error>", why: Self.why, hasDefault: true)
    ])
    defer { StandIns.install(nil) }
    func received() -> (values: [[String]], completion: String) {
      var values: [[String]] = []
      var completion = "none"
      let publisher: AnyPublisher<[String], any Error> = StandIn.call("APIService.fetchTodos", "fetchTodos()")
      let cancellable = publisher.sink(
        receiveCompletion: { if case .failure(let error) = $0 { completion = "failed: \(error)" } else { completion = "finished" } },
        receiveValue: { values.append($0) })
      cancellable.cancel()
      return (values, completion)
    }
    #expect(received() == ([], "finished"))
    #expect(sink.events.withLock { $0 }.last == .requestAnswered(
      dependency: "APIService.fetchTodos", id: "r1", outcome: "none (default; `stub APIService.fetchTodos ...` forces one)"))
    let todos = dependencies["APIService.fetchTodos"]!
    try todos.stub(outcome: Located(value: "json", column: 1), arguments: [CommandArgument(name: nil, value: .string(#"["milk","bread"]"#), column: 6)], endColumn: 22)
    #expect(received() == ([["milk", "bread"]], "finished"))
    try todos.stub(outcome: Located(value: "error", column: 1), arguments: [CommandArgument(name: nil, value: .string("offline"), column: 7)], endColumn: 16)
    #expect(received() == ([], "failed: offline"))
  }
  #endif

  #if os(Linux)
  @Test("a color or an image unanswered is a placeholder, said as the default; `value=NAME` names one")
  func appearanceDefaults() throws {
    // SwiftGen's `ColorAsset.color`, read by a model's init (mastodon's poll row background).
    let why = "Generated/Assets.swift imports `AppKit`, an Apple framework with no Linux version"
    let (sink, dependencies) = install([
      StandInDeclaration("ColorAsset.color", signature: "var color: Color", why: why, hasDefault: true),
      StandInDeclaration("ImageAsset.image", signature: "var image: UIImage", why: why, hasDefault: true),
    ])
    defer { StandIns.install(nil) }
    let color: Color = StandIn.call("ColorAsset.color", "color")
    let image: UIImage = StandIn.call("ImageAsset.image", "image")
    #expect(color.description == "placeholder" && image.description == "placeholder")
    #expect(sink.events.withLock { $0 }.contains(
      .requestAnswered(dependency: "ColorAsset.color", id: "r1", outcome: "none (default; `stub ColorAsset.color ...` forces one)")))
    try dependencies["ColorAsset.color"]!.stub(
      outcome: Located(value: "value", column: 1), arguments: [CommandArgument(name: nil, value: .string("Colors/brand.blue"), column: 7)], endColumn: 24)
    #expect((StandIn.call("ColorAsset.color", "color") as Color).description == "Colors/brand.blue")
    let uiColor: UIColor = StandIn.call("ColorAsset.uiColor", "uiColor")
    #expect(uiColor.description == "placeholder")
  }
  #endif

  @Test("a stood-in class the app may subclass is its one instance unasked; a seam returning the subclass waits for an answer")
  func openClassInstance() throws {
    let why = "Core/AppContext.swift imports `CoreData`, an Apple framework with no Linux version"
    let (_, _) = install([
      StandInDeclaration("AppContext.emojiService", signature: "var emojiService: EmojiService", why: why, hasDefault: true),
      StandInDeclaration("AppContext.customEmojis", signature: "var customEmojis: CustomEmojiService", why: why, hasDefault: false),
    ])
    defer { StandIns.install(nil) }
    let first: EmojiService = StandIn.call("AppContext.emojiService", "emojiService")
    let again: EmojiService = StandIn.call("AppContext.emojiService", "emojiService")
    #expect(first === again)
    #expect(StandIn.defaultValue(CustomEmojiService.self) == nil)
  }

  @Test("a model value adopt could not construct is a sample of its shape, said as `sample`; `json=` answers it instead")
  func sampleValue() throws {
    let why = "`MastodonAuthentication` for `AuthContext`: adopt cannot make one, so it is a sample of its Decodable shape"
    let declaration = StandInDeclaration(
      "AuthContext.authentication", signature: "authentication: MastodonAuthentication", why: why, hasDefault: true, isSample: true)
    var (sink, dependencies) = install([declaration])
    defer { StandIns.install(nil) }
    #expect(dependencies["AuthContext.authentication"]!.outcomes.map(\.name) == ["value", "json", "sample"])
    let made: MastodonAuthentication = StandIn.sample("AuthContext.authentication", "authentication: MastodonAuthentication")
    #expect(made == MastodonAuthentication(
      identifier: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), domain: "", username: "", createdAt: Date(timeIntervalSinceReferenceDate: 0),
      instanceConfiguration: nil, visibility: .public, kind: .mastodon(version: 0), tags: [], server: URL(string: "https://example.com")!))
    #expect(sink.events.withLock { $0 } == [
      .requestPending(dependency: "AuthContext.authentication", id: "r1", request: "authentication: MastodonAuthentication (stand-in: \(why))"),
      .requestAnswered(dependency: "AuthContext.authentication", id: "r1", outcome: "sample (default; `stub AuthContext.authentication ...` forces one)"),
    ])
    (sink, dependencies) = install([declaration])
    try dependencies["AuthContext.authentication"]!.stub(
      outcome: Located(value: "json", column: 1),
      arguments: [CommandArgument(name: nil, value: .string(#"{"identifier": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "domain": "mastodon.social", "username": "gargron", "createdAt": 0, "visibility": "unlisted", "kind": {"pleroma": {}}, "tags": ["a"], "server": "https://mastodon.social"}"#), column: 6)],
      endColumn: 9)
    let answered: MastodonAuthentication = StandIn.sample("AuthContext.authentication", "authentication: MastodonAuthentication")
    #expect(answered.domain == "mastodon.social")
    #expect(answered.visibility == .unlisted)
    #expect(answered.kind == .pleroma)
    // Outside a session (a test of the model's own), the sample all the same.
    StandIns.install(nil)
    #expect((StandIn.sample("AuthContext.authentication", "x") as MastodonAuthentication).username == "")
  }

  @Test("a sample's shape: optionals absent, lists and dictionaries empty, an enum its first case, one with payloads its first case's")
  func sampleShapes() throws {
    #expect(try StandInSample.make([String: Int].self) == [:])
    #expect(try StandInSample.make(Int?.self) == nil)
    #expect(try StandInSample.make(MastodonAuthentication.Kind.self) == .mastodon(version: 0))
    #expect(try StandInSample.make(MastodonAuthentication.Visibility.self) == .public)
    // A type whose own decoding needs more than nothing: its error, which `StandIn.sample` names.
    #expect(throws: DecodingError.self) { try StandInSample.make(NonEmpty.self) }
  }

  @Test("an async call with no default waits for `respond`, like a request")
  func waitsForRespond() async throws {
    let (sink, dependencies) = install([
      StandInDeclaration("Store.purchase", signature: "func purchase(_ id: String) async throws -> Bool", why: Self.why, hasDefault: false)
    ])
    defer { StandIns.install(nil) }
    let purchase = Task { try await StandIn.callAsyncThrowing("Store.purchase", "purchase(\"pro\")") as Bool }
    while dependencies["Store.purchase"]!.pendingRequests.isEmpty { await Task.yield() }
    #expect(dependencies["Store.purchase"]!.pendingRequests.map(\.description) == ["purchase(\"pro\") (stand-in: \(Self.why))"])
    try dependencies["Store.purchase"]!.respond(
      request: nil, outcome: Located(value: "value", column: 1), arguments: [CommandArgument(name: nil, value: .bool(true), column: 7)], endColumn: 11)
    #expect(try await purchase.value == true)
    #expect(sink.events.withLock { $0 }.last == .requestAnswered(dependency: "Store.purchase", id: "r1", outcome: "value true"))
  }

  /// element-x's proxies: `func leave() async -> Result<Void, LeaveError>` and the like.
  private enum LeaveError: Error, Equatable { case notJoined, forbidden }
  private enum SDKError: Error { case sdk(String), other }
  private enum ProxyError: Error { case sdkError(any Error), forbidden }

  @Test("a `Result` waits for an answer: `none` succeeds with its value's default, `value=` with the value, `error=` fails with the message or the failure enum's first case")
  func results() async throws {
    let (sink, dependencies) = install([
      StandInDeclaration("SpaceProxy.leave", signature: "func leave() async -> Result<Void, LeaveError>", why: Self.why, hasDefault: false),
      StandInDeclaration("ClientProxy.search", signature: "func search(_ term: String) async -> Result<[String], any Error>", why: Self.why, hasDefault: false),
      StandInDeclaration("ClientProxy.maxUploadSize", signature: "var maxUploadSize: Result<UInt, SDKError> { get async }", why: Self.why, hasDefault: false),
    ])
    defer { StandIns.install(nil) }
    func answered<T: Sendable>(_ member: String, _ outcome: String, _ value: CommandValue?, _ call: @escaping @Sendable () async -> T) async throws -> T {
      let task = Task { await call() }
      while dependencies[member]!.pendingRequests.isEmpty { await Task.yield() }
      try dependencies[member]!.respond(
        request: nil, outcome: Located(value: outcome, column: 1),
        arguments: value.map { [CommandArgument(name: nil, value: $0, column: outcome.count + 2)] } ?? [], endColumn: 20)
      return await task.value
    }
    let left: Result<Void, LeaveError> = try await answered("SpaceProxy.leave", "none", nil) { await StandIn.callAsync("SpaceProxy.leave", "leave()") }
    #expect((try? left.get()) != nil)
    let refused: Result<Void, LeaveError> = try await answered("SpaceProxy.leave", "error", .string("forbidden")) { await StandIn.callAsync("SpaceProxy.leave", "leave()") }
    #expect(throws: LeaveError.notJoined, "the failure enum's first case: a message cannot say which") { try refused.get() }
    let found: Result<[String], any Error> = try await answered("ClientProxy.search", "value", .list([.string("alice"), .string("bob")])) {
      await StandIn.callAsync("ClientProxy.search", "search(\"al\")")
    }
    #expect(try found.get() == ["alice", "bob"])
    let empty: Result<[String], any Error> = try await answered("ClientProxy.search", "none", nil) { await StandIn.callAsync("ClientProxy.search", "search(\"al\")") }
    #expect(try empty.get() == [])
    let offline: Result<[String], any Error> = try await answered("ClientProxy.search", "error", .string("offline")) { await StandIn.callAsync("ClientProxy.search", "search(\"al\")") }
    #expect(throws: StandInError("offline")) { try offline.get() }
    let size: Result<UInt, SDKError> = try await answered("ClientProxy.maxUploadSize", "json", .string("1024")) { await StandIn.callAsync("ClientProxy.maxUploadSize", "maxUploadSize") }
    #expect(try size.get() == 1024)
    #expect(sink.events.withLock { $0 }.contains(.requestAnswered(dependency: "SpaceProxy.leave", id: "r2", outcome: "error \"forbidden\"")))
    // A failure that carries a value and a success with no default: said, not guessed.
    #expect(StandIn.value(.error("offline"), as: Result<UInt, SDKError>.self, member: "ClientProxy.maxUploadSize").failureMessage
      == "vmrepl: the stand-in `ClientProxy.maxUploadSize` returns `Result<UInt, SDKError>`, whose failure `error=` cannot make (its first case carries a value): answer it with `value=` or `json=`")
    // One the package says how to make (adopt's `StandInFailure` for element-x's errors).
    StandInFailures.install([StandInFailure(ProxyError.self) { .sdkError($0) }])
    defer { StandInFailures.install([]) }
    #expect(StandInFailures.names == ["ProxyError"])
    let made = StandIn.value(.error("offline"), as: Result<Void, ProxyError>.self, member: "RoomProxy.leave")
    if case .success(.failure(.sdkError(let error))) = made { #expect(error as? StandInError == StandInError("offline")) } else { Issue.record("\(made)") }
    // A success made of empty parts, as the package's `StandInEmpty` makes it.
    struct SearchResults: Equatable { var results: [String]; var limited: Bool }
    StandInEmpties.install([StandInEmpty(SearchResults.self) { SearchResults(results: [], limited: false) }])
    defer { StandInEmpties.install([]) }
    let searched = StandIn.value(.none, as: Result<SearchResults, SDKError>.self, member: "ClientProxy.searchUsers")
    if case .success(.success(let value)) = searched { #expect(value == SearchResults(results: [], limited: false)) } else { Issue.record("\(searched)") }
    #expect(StandIn.value(.none, as: Result<UInt, SDKError>.self, member: "ClientProxy.maxUploadSize").failureMessage
      == "vmrepl: the stand-in `ClientProxy.maxUploadSize` returns `Result<UInt, SDKError>`, which has no default: answer it with `value=` or `json=`")
  }

  @Test("a synchronous call nobody answered fails the step, naming the command to add, and goes on with the type's zero value")
  func unanswered() {
    let (sink, _) = install([StandInDeclaration("Service.isAvailable", signature: "var isAvailable: Bool { get }", why: Self.why, hasDefault: false)])
    defer { StandIns.install(nil) }
    let available: Bool = StandIn.call("Service.isAvailable", "isAvailable")
    #expect(available == false)
    #expect(sink.failures.withLock { $0 }.map(\.text) == [
      "the stand-in `Service.isAvailable` (`var isAvailable: Bool { get }`) was called and nobody answered it: add `stub Service.isAvailable value=...` (or `json=`, `error=`) before this step"
    ])
    #expect(sink.events.withLock { $0 }.last == .requestAnswered(
      dependency: "Service.isAvailable", id: "r1",
      outcome: "nothing: nobody answered it, so the step fails (a Bool, number or string gets false, 0 or \"\", an enum its first case, to go on)"))
  }

  @Test("an enum nobody answered goes on with its first case (the step fails); `value=NAME` answers with the case of that name, raw values or a description notwithstanding")
  func enumAnswers() throws {
    let (sink, dependencies) = install([
      StandInDeclaration("Settings.homeFolderSortOrder", signature: "func homeFolderSortOrder() -> LibrarySort", why: Self.why, hasDefault: false),
      StandInDeclaration("Reachability.connection", signature: "var connection: Connection", why: Self.why, hasDefault: false),
    ])
    defer { StandIns.install(nil) }
    let unanswered: LibrarySort = StandIn.call("Settings.homeFolderSortOrder", "homeFolderSortOrder()")
    #expect(unanswered == .dateAddedNewestToOldest)
    #expect(sink.failures.withLock { $0 }.count == 1)
    try dependencies["Settings.homeFolderSortOrder"]!.stub(
      outcome: Located(value: "value", column: 1), arguments: [CommandArgument(name: nil, value: .word("titleAtoZ"), column: 7)], endColumn: 16)
    try dependencies["Reachability.connection"]!.stub(
      outcome: Located(value: "value", column: 1), arguments: [CommandArgument(name: nil, value: .word("wifi"), column: 7)], endColumn: 11)
    #expect(StandIn.call("Settings.homeFolderSortOrder", "homeFolderSortOrder()") as LibrarySort == .titleAtoZ)
    #expect(StandIn.call("Reachability.connection", "connection") as Connection == .wifi)
    #expect(sink.failures.withLock { $0 }.count == 1)
  }

  #if os(Linux)
    @Test("vmrepl's navigation controller keeps its stack and shows each push, pop, present and dismiss as a stand-in call")
    func navigation() {
      let why = "UIKit's navigation"
      let (sink, _) = install([
        StandInDeclaration("UINavigationController.pushViewController", signature: "", why: why, hasDefault: true),
        StandInDeclaration("UINavigationController.popViewController", signature: "", why: why, hasDefault: true),
        StandInDeclaration("UIViewController.present", signature: "", why: why, hasDefault: true),
        StandInDeclaration("UIViewController.dismiss", signature: "", why: why, hasDefault: true),
      ])
      defer { StandIns.install(nil) }
      let root = UIViewController()
      let navigation = UINavigationController(rootViewController: root)
      final class CancelInfoViewController: UIViewController {}
      navigation.pushViewController(CancelInfoViewController(), animated: true)
      #expect(navigation.description == "UINavigationController([UIViewController, CancelInfoViewController])")
      #expect(navigation.topViewController?.navigationController === navigation)
      var completed = false
      navigation.present(UIViewController(), animated: false) { completed = true }
      #expect(completed)
      #expect(navigation.description == "UINavigationController([UIViewController, CancelInfoViewController]) presenting UIViewController")
      navigation.dismiss(animated: true)
      #expect(navigation.presentedViewController == nil)
      #expect(navigation.popViewController(animated: true) is CancelInfoViewController)
      #expect(navigation.popViewController(animated: true) == nil)
      #expect(navigation.viewControllers.count == 1)
      let requests = sink.events.withLock { $0 }.compactMap { event -> String? in
        if case .requestPending(let dependency, _, let request) = event { return "\(dependency): \(request)" }
        return nil
      }
      #expect(requests == [
        "UINavigationController.pushViewController: pushViewController(CancelInfoViewController, animated: true) (stand-in: \(why))",
        "UIViewController.present: present(UIViewController, animated: false) (stand-in: \(why))",
        "UIViewController.dismiss: dismiss(animated: true) (stand-in: \(why))",
        "UINavigationController.popViewController: popViewController(animated: true) (stand-in: \(why))",
        "UINavigationController.popViewController: popViewController(animated: true) (stand-in: \(why))",
      ])
      // A stand-in returning a controller, unanswered: a new one, said as the default.
      #expect((StandIn.call("UIViewController.present", "upgradeController()") as UIViewController).description == "UIViewController")
    }
  #endif

  @Test("a value that does not fit the return type is an error naming both")
  func misfit() {
    let (_, dependencies) = install([StandInDeclaration("Keychain.count", signature: "var count: Int", why: Self.why, hasDefault: false)])
    defer { StandIns.install(nil) }
    try? dependencies["Keychain.count"]!.stub(outcome: Located(value: "value", column: 1), arguments: [CommandArgument(name: nil, value: .string("many"), column: 7)], endColumn: 13)
    #expect(throws: StandInError.self) { try StandIn.callThrowing("Keychain.count", "count") as Int }
  }

  @Test("arguments are shown as Swift writes literals, and anything else by its type's name alone")
  func argumentText() {
    final class Client {}
    #expect(StandIn.text("a\"b") == "\"a\\\"b\"")
    #expect(StandIn.text(3) == "3")
    #expect(StandIn.text(nil) == "nil")
    #expect(StandIn.text(Optional(2)) == "2")
    #expect(StandIn.text([1, 2]) == "[1, 2]")
    #expect(StandIn.text(Client()) == "Client")
  }
}

/// A model value as apps write them: Mastodon's stored account, with an enum of raw values that
/// does not list its cases and one with payloads.
private struct MastodonAuthentication: Codable, Equatable {
  typealias ID = UUID
  enum Visibility: String, Codable { case `public`, unlisted }
  enum Kind: Codable, Equatable {
    case mastodon(version: Int)
    case pleroma
  }
  struct InstanceConfiguration: Codable, Equatable { var maxCharacters: Int }
  var identifier: ID
  var domain: String
  var username: String
  var createdAt: Date
  var instanceConfiguration: InstanceConfiguration?
  var visibility: Visibility
  var kind: Kind
  var tags: [String]
  var server: URL
}

/// A value whose decoding refuses an empty list.
private struct NonEmpty: Decodable {
  var first: String
  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    first = try container.decode(String.self)
  }
}

/// A stood-in class as adopt writes one that is not `final`, and a subclass the app declares.
class EmojiService {
  init() {}
}

extension EmojiService: StandInObject {
  nonisolated(unsafe) private static let standInInstance = EmojiService()
  nonisolated public static var standInObject: AnyObject { standInInstance }
}

final class CustomEmojiService: EmojiService {}

/// pocket-casts' library order: raw values, decoded from numbers, named by a scenario.
private enum LibrarySort: Int32, CaseIterable, Codable {
  case dateAddedNewestToOldest = 1, titleAtoZ = 2, episodeDateNewestToOldest = 5
}

/// pocket-casts' `Reachability.Connection`, whose description is not its case's name.
private enum Connection: CustomStringConvertible {
  case unavailable, wifi, cellular
  var description: String { self == .wifi ? "WiFi" : self == .cellular ? "Cellular" : "No Connection" }
}

extension Result where Failure == StandInError {
  /// The error's message, nil for a success.
  fileprivate var failureMessage: String? {
    if case .failure(let error) = self { return error.message }
    return nil
  }
}

extension StandInAnswerTests {
  private final class EmojiCache {
    static let made = Mutex(0)
    init() { Self.made.withLock { $0 += 1 } }
  }

  @Test("an app object a seam returns unanswered is made once: every later call, of any seam, returns the same object")
  func oneObject() {
    let (sink, _) = install([
      StandInDeclaration("AppContext.emojiService", signature: "let emojiService: EmojiService", why: Self.why, hasDefault: true),
      StandInDeclaration("Session.emojis", signature: "var emojis: EmojiService", why: Self.why, hasDefault: true),
    ])
    defer { StandIns.install(nil) }
    let first: EmojiCache = StandIn.call("AppContext.emojiService", "emojiService", empty: StandIn.once(EmojiCache()))
    let second: EmojiCache = StandIn.call("AppContext.emojiService", "emojiService", empty: StandIn.once(EmojiCache()))
    let other: EmojiCache = StandIn.call("Session.emojis", "emojis", empty: StandIn.once(EmojiCache()))
    #expect(first === second && second === other)
    #expect(EmojiCache.made.withLock { $0 } == 1)
    #expect(sink.events.withLock { $0 }.filter { if case .requestAnswered = $0 { true } else { false } }.count == 3)
  }
}
