import Foundation
import ScenarioAudit
import StandInSupport
import Testing

@testable import VMReplCLI

/// A trap while `use` makes a model: the app's, or the values adopt's registration chose.
@Suite("audit: a trap in the generated registration is no finding")
struct RegistrationTrapTests {
  @Test("a failable init unwrapped in Models.generated.swift is the registration's; a trap in the app's file is the app's")
  func registrationTrapIsNotTheApps() {
    // mastodon's `PrivacyViewModel(..., authenticateInfo: AuthenticationViewModel.AuthenticateInfo(...)!, ...)`:
    // the values adopt chose give no client ID, so the app's `init?` returns nil.
    #expect(AuditProbes.isRegistrationTrap(
      "mastodon_repl/Models.generated.swift:1622: Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
    #expect(!AuditProbes.isRegistrationTrap(
      "Scrumdinger/ScrumTimer.swift:58: Fatal error: Index out of range"))
  }
}

/// MakeItSo's `remindersList`: Resolver trapped resolving a repository because the file that
/// registers it (it imports Firebase) is a stand-in that returned `()`.
@Suite("audit: a trap in `use` after a stand-in's default is no finding")
struct StandInDefaultTrapTests {
  @Test("a model whose making traps after a stand-in returned its default is not audited, and the report says which stand-in")
  func trapAfterStandInDefault() async throws {
    let folder = try VMReplProcess.folder("audit-stand-in-default", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "reminders-list", "--format", "jsonl"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == #"""
      {"model":"reminders-list","notAudited":"`use reminders-list` trapped (VMReplFixtures/StandInRegistry.swift:37: Fatal error: LOCATOR: 'ReminderStore' not resolved) after the stand-in `ServiceLocator.registerAllServices` (of App/Injection.swift) returned its type's default unasked: the app's code there does not run here, so the trap may be the stand-in's: write what it does in Overrides.swift"}

      """#)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("audit/reminders-list").path))
  }

  @Test("a model whose making traps in a stand-in nobody answered is not audited in the stand-in's words, though another returned its default before; a type no answer can make is said so")
  func unansweredAfterDefault() async throws {
    let folder = try VMReplProcess.folder("audit-stand-in-unanswered", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "profile-header", "--format", "jsonl"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == #"""
      {"model":"profile-header","notAudited":"`use profile-header` trapped in vmrepl's stand-in, not in the app's code: the stand-in `Theme.accent` returns `AccentColor` and nobody answered it; `AccentColor` is not Decodable, so no answer can make one: write the stand-in by hand in Overrides.swift"}

      """#)
  }

  @Test("a probe that traps unwrapping a stand-in's unasked nil is no finding, and the summary counts it (pocket-casts' search)")
  func probeTrapAfterStandInDefault() async throws {
    let folder = try VMReplProcess.folder("audit-stand-in-default-probe", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "search-results"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == """
      search-results: nothing found in 3 sequences (4 probes)
      0 findings in 0 of 1 model; 3 sequences, 4 probes, seed 0; 1 trap after a stand-in returned its type's default unasked left out (what the app's code returns there is not seen: `stub` answers it)

      """)
  }

  @Test("the stand-ins named: each once, with its file, and `stub` offered only for one that returns a value")
  func wording() {
    let why = "Services/Keychain.swift imports `Security`, an Apple framework with no Linux version"
    let declared = [
      StandInDeclaration("Keychain.token", signature: "func token() -> String?", why: why, hasDefault: true),
      StandInDeclaration("Analytics.log", signature: "func log(_ event: String)", why: "Analytics.swift imports `FirebaseAnalytics`", hasDefault: true),
    ]
    #expect(AuditProbes.afterStandInDefaults("list", [], evidence: "x", declared: declared) == nil)
    #expect(
      AuditProbes.afterStandInDefaults("list", ["Analytics.log", "Keychain.token"], evidence: "App/List.swift:9: Fatal error", declared: declared)
        == "`use list` trapped (App/List.swift:9: Fatal error) after the stand-ins `Analytics.log` (of Analytics.swift) and "
        + "`Keychain.token` (of Services/Keychain.swift) returned their types' defaults unasked: the app's code there does not run here, "
        + "so the trap may be the stand-in's: answer `stub Keychain.token ...` before `use`, or write them in Overrides.swift")
  }
}

/// pocket-casts' `PlusPricingInfoModel` and nine others: their `init` asks a stood-in helper for
/// a `Bool` or a number nobody answered (`IAPHelper.hasLoadedProducts`), so `use` failed and the
/// audit said "not audited". It now answers `false`, `0` or `""` before `use`, as the starters do,
/// and every probe and finding's scenario says so.
@Suite("audit: a model made after the audit answers its init's stand-ins")
struct AnsweredStandInTests {
  @Test("the model is audited after `stub` lines of zero answers: its bug found, its scenario failing on `run` and passing on the twin, the twin clean")
  func answeredBeforeUse() async throws {
    let folder = try VMReplProcess.folder("audit-stand-in-answered", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "plus-pricing", "safe-plus-pricing"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.output)")
    #expect(result.output == """
      plus-pricing (PlusPricingViewModel): 1 finding
        loading flag left set: `isLoading` is still true after `send loadPrices` and its requests answered offline, with nothing left running
          evidence: isLoading == true at the end; no effect, timer or request of the model is left
          code: PlusPricingViewModel.loadPrices() async
          not a bug unless `isLoading` is meant to stay set once set (then it is no loading flag)
          scenario: audit/plus-pricing/loading-left-set.scenario
      safe-plus-pricing: nothing found in 3 sequences (11 probes); made after the audit's `stub IAPHelper.hasLoadedProducts value=false`, `stub IAPHelper.priceCount value=0`
      1 finding in 1 of 2 models; 6 sequences, 32 probes, seed 0

      """)
    let scenario = try String(contentsOf: folder.appendingPathComponent("audit/plus-pricing/loading-left-set.scenario"), encoding: .utf8)
    let lines = scenario.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(lines == [
      "stub IAPHelper.hasLoadedProducts value=false", "stub IAPHelper.priceCount value=0", "use plus-pricing", "send loadPrices",
      "respond http GET /api/prices error kind=offline", "expect isLoading == false",
    ])
    let onBug = try await VMReplProcess.run(["run", "audit/plus-pricing/loading-left-set.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(onBug.status == 1)
    try scenario.replacingOccurrences(of: "use plus-pricing", with: "use safe-plus-pricing")
      .write(to: folder.appendingPathComponent("twin.scenario"), atomically: true, encoding: .utf8)
    let onTwin = try await VMReplProcess.run(["run", "twin.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(onTwin.status == 0, "\(onTwin.output)")
  }

  @Test("a value an init assigns from a stand-in (home-assistant's `SensorDetailViewModel`, `isEnabled = Current...`) is answered by the type its declaration gives, where its signature names none")
  func answeredByDeclaredType() async throws {
    let folder = try VMReplProcess.folder("audit-stand-in-value", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "sensor-detail"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == """
      sensor-detail: nothing found in 3 sequences (4 probes); made after the audit's `stub SensorDetailViewModel.init.isEnabled value=false`
      0 findings in 0 of 1 model; 3 sequences, 4 probes, seed 0

      """)
  }

  @Test("a stood-in API the app calls in place of URLSession (mastodon's `APIService`) fails in the failing probes: a spinner its `catch` leaves on is found, the scenario making the stand-in throw; the twin is clean")
  func failingStandIns() async throws {
    let folder = try VMReplProcess.folder("audit-stand-in-fails", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "suggestion-account", "safe-suggestion-account"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.output)")
    #expect(result.output == """
      suggestion-account (SuggestionAccountViewModel): 1 finding
        loading flag left set: `isLoading` is still true after `send updateSuggestions` and its requests answered offline, with nothing left running
          evidence: isLoading == true at the end; no effect, timer or request of the model is left
          code: SuggestionAccountViewModel.updateSuggestions() async
          not a bug unless `isLoading` is meant to stay set once set (then it is no loading flag)
          scenario: audit/suggestion-account/loading-left-set.scenario
      safe-suggestion-account: nothing found in 3 sequences (11 probes)
      1 finding in 1 of 2 models; 6 sequences, 32 probes, seed 0

      """)
    let path = "audit/suggestion-account/loading-left-set.scenario"
    let scenario = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    #expect(scenario.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
      "use suggestion-account", #"stub APIService.suggestionAccountV2 error="offline""#, "send updateSuggestions", "expect isLoading == false",
    ])
    try await AuditOracleTests.failsOnBugPassesOnTwin(path, model: "suggestion-account", in: folder)
    #expect(ProbeRunner.throws("func suggestionAccountV2(limit: Int) async throws -> [String]"))
    #expect(!ProbeRunner.throws("func map(_ transform: (Int) throws -> Int) -> [Int]"))
  }

  @Test("a stood-in service returning a `Result` (element-x's proxies) is answered by the probes: its success of `()` or empty, its failure where the error is any `Error`; a spinner its failure branch leaves up is found, and a double tap that asks to leave twice; the twin clean")
  func standInResults() async throws {
    let folder = try VMReplProcess.folder("audit-stand-in-result", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "leave-space", "safe-leave-space"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.output)")
    #expect(result.output == """
      leave-space (LeaveSpaceViewModel): 2 findings
        loading flag left set: `isLeaving` is still true after `send confirmLeaveSpace` and its requests answered offline, with nothing left running
          evidence: isLeaving == true at the end; no effect, timer or request of the model is left
          code: LeaveSpaceViewModel.confirmLeaveSpace()
          not a bug unless `isLeaving` is meant to stay set once set (then it is no loading flag)
          scenario: audit/leave-space/loading-left-set.scenario
        same write twice: `send confirmLeaveSpace` done twice quickly sends `leave(spaceID: "!space:matrix.org")` (SpaceServiceProxy.leave) twice, the second before the first was answered
          evidence: sent quickly: 2 requests SpaceServiceProxy.leave out at once, each `leave(spaceID: "!space:matrix.org")`; one tap sends it once
          code: LeaveSpaceViewModel.confirmLeaveSpace()
          not a bug unless doing it twice is meant to write twice; else the action ignores a tap while its work is out (a flag it checks, a button disabled meanwhile)
          scenario: audit/leave-space/written-twice.scenario
      safe-leave-space: nothing found in 3 sequences (12 probes)
      2 findings in 1 of 2 models; 6 sequences, 38 probes, seed 0

      """)
    let path = "audit/leave-space/loading-left-set.scenario"
    let scenario = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    #expect(scenario.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
      "use leave-space", "send confirmLeaveSpace", #"respond SpaceServiceProxy.leave #r1 error="offline""#, "expect isLeaving == false",
    ])
    try await AuditOracleTests.failsOnBugPassesOnTwin(path, model: "leave-space", in: folder)
    // The double tap: both leaves out at once; the twin ignores the second tap while leaving.
    let twice = "audit/leave-space/written-twice.scenario"
    let doubleTap = try String(contentsOf: folder.appendingPathComponent(twice), encoding: .utf8)
    #expect(doubleTap.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
      "use leave-space", "send confirmLeaveSpace", "send confirmLeaveSpace", "expect requests SpaceServiceProxy.leave == 1",
    ])
    try await AuditOracleTests.failsOnBugPassesOnTwin(twice, model: "leave-space", in: folder)
    #expect(AuditOracles.isWrite(RepeatedRequest(dependency: "TimelineProxy.sendMessageEventContent", request: "", copies: 2, sent: 2, lines: [])))
    // An HTTP request is not judged (a favourite set twice is one state), nor a state set again.
    #expect(!AuditOracles.isWrite(RepeatedRequest(dependency: "http", request: "POST https://example.com/api/v1/statuses/1/favourite", copies: 2, sent: 2, lines: [])))
    #expect(!AuditOracles.isWrite(RepeatedRequest(dependency: "AccountProxy.follow", request: "", copies: 2, sent: 2, lines: [])))
    #expect(AuditOracles.isWrite(RepeatedRequest(dependency: "JoinedRoomProxy.invite", request: "", copies: 2, sent: 2, lines: [])))
    #expect(!AuditOracles.isWrite(RepeatedRequest(dependency: "http", request: "GET https://example.com/api/v1/timelines/home", copies: 2, sent: 2, lines: [])))
    #expect(!AuditOracles.isWrite(RepeatedRequest(dependency: "ClientProxy.roomForIdentifier", request: "", copies: 2, sent: 2, lines: [])))
    #expect(!AuditOracles.isWrite(RepeatedRequest(dependency: "Client.sender", request: "", copies: 2, sent: 2, lines: [])))
    #expect(ProbeRunner.returnType(of: "func leave(spaceID: String) async -> Result<Void, any Error>") == "Result<Void, any Error>")
    #expect(ProbeRunner.returnType(of: "var maxMediaUploadSize: Result<UInt, ClientProxyError> { get async }") == "Result<UInt, ClientProxyError>")
    #expect(ProbeRunner.returnType(of: "func stop()") == nil)
    #expect(ProbeRunner.resultParts(ofReturnType: "Result<[String: [Int]], SDKError>")! == ("[String: [Int]]", "SDKError"))
    #expect(ProbeRunner.resultParts(ofReturnType: "[Result<Int, E>]") == nil)
    #expect(ProbeRunner.hasDefault("Void") && ProbeRunner.hasDefault("[UserProfile]") && ProbeRunner.hasDefault("String?"))
    #expect(!ProbeRunner.hasDefault("UInt") && !ProbeRunner.hasDefault("SearchUsersResults"))
    #expect(ProbeRunner.scalarAnswer("Bool", withData: true) == "true" && ProbeRunner.scalarAnswer("Bool", withData: false) == "false")
    #expect(ProbeRunner.scalarAnswer("UInt", withData: true) == "1" && ProbeRunner.scalarAnswer("UInt", withData: false) == "0")
    #expect(ProbeRunner.scalarAnswer("SearchUsersResults", withData: true) == nil)
  }

  @Test("a stood-in SDK call returning a plain `Bool` (element-x's `Encryption.backupExistsOnServer() async throws -> Bool`) is answered by the probes: `true` with data, `false` empty, thrown where they fail; a spinner the `false` branch leaves up is found, the twin clean")
  func standInScalars() async throws {
    let folder = try VMReplProcess.folder("audit-stand-in-scalar", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "key-backup", "safe-key-backup"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.output)")
    #expect(result.output == """
      key-backup (KeyBackupViewModel): 1 finding
        loading flag left set: `isLoading` is still true after `send checkBackup` and its requests answered with empty lists, with nothing left running
          evidence: isLoading == true at the end; no effect, timer or request of the model is left
          code: KeyBackupViewModel.checkBackup() async
          not a bug unless `isLoading` is meant to stay set once set (then it is no loading flag)
          scenario: audit/key-backup/loading-left-set.scenario
      safe-key-backup: nothing found in 3 sequences (14 probes)
      1 finding in 1 of 2 models; 6 sequences, 40 probes, seed 0

      """)
    let path = "audit/key-backup/loading-left-set.scenario"
    let scenario = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    #expect(scenario.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
      "use key-backup", "send checkBackup", "respond Encryption.backupExistsOnServer #r1 value=false", "expect isLoading == false",
    ])
    try await AuditOracleTests.failsOnBugPassesOnTwin(path, model: "key-backup", in: folder)
    let explained = try await VMReplProcess.run(
      ["audit", "safe-key-backup", "--explain", "safe-key-backup"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(explained.output.contains("    answered backupExistsOnServer() (stand-in: github.com/element-hq/matrix-rust-components-swift/Sources/MatrixRustSDK/matrix_sdk_ffi.swift does not compile on Linux: line 276: cannot find type 'RustCallStatus' in scope): value true\n"))
  }

  @Test("a field typed, paused on until its debounced search is out, then cleared (element-x's user search): the old text's answer arriving last is found; the twin that cancels it is clean, and the scenario's answer to the cancelled search is dropped there")
  func typedWithAPause() async throws {
    let folder = try VMReplProcess.folder("audit-user-search", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "user-search", "safe-user-search"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.output)")
    #expect(result.output == """
      user-search (UserSearchViewModel): 1 finding
        answers out of order: `set searchQuery "swift"`, `set searchQuery ""` with a pause between: the answer to the first text arriving after `set searchQuery ""` leaves `usersSection.type` searchResult, not suggestions
          evidence: one after another: usersSection.type == suggestions; the first text's request still out when `searchQuery` changed, answered last: searchResult (an answer to a text no longer there overwrote the screen)
          not a bug unless the view is meant to show the answer to a text the user has since changed
          scenario: audit/user-search/answer-order.scenario
      safe-user-search: nothing found in 5 sequences (27 probes)
      1 finding in 1 of 2 models; 10 sequences, 61 probes, seed 0

      """)
    let path = "audit/user-search/answer-order.scenario"
    let scenario = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    #expect(scenario.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
      "use user-search", "advance 1s", #"set searchQuery "swift""#, "advance 1s", #"set searchQuery """#, "advance 1s",
      "respond UserDiscoveryService.searchProfiles #r1 none", "expect usersSection.type == suggestions",
    ])
    try await AuditOracleTests.failsOnBugPassesOnTwin(path, model: "user-search", in: folder)
  }

  @Test("an @Published property set off the main thread to the value it had (mastodon's `SuggestionAccountViewModel` emptying its lists when its API fails) is warned of, as SwiftUI warns of the send: found, the twin on the main actor clean")
  func publishedOffMainUnchanged() async throws {
    let folder = try VMReplProcess.folder("audit-published-unchanged", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "background-suggestions", "safe-background-suggestions"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.output)")
    // The fixture's line of the task that writes off the main thread.
    let fixture = try String(contentsOf: VMReplProcess.packageRoot.appendingPathComponent("Tests/Fixtures/StandInRegistry.swift"), encoding: .utf8)
    let line = try #require(fixture.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Task { await self.load() }") }) + 1
    let warning = "warning: an @Published property was set off the main thread, to the value it had (`objectWillChange` sent there), "
      + "by closure #2 in BackgroundSuggestionsViewModel.updateSuggestions() at Tests/Fixtures/StandInRegistry.swift:\(line) "
      + "(resuming in StandInDependency.answer(_:) at Sources/ScenarioScripting/StandIns/StandInDependency.swift:71) on the global executor "
      + "during `send updateSuggestions`; on a device a SwiftUI view observing it warns \"Publishing changes from background threads is not allowed\", "
      + "and a Combine subscriber gets it on this thread unless it receives on the main queue"
    #expect(result.output == """
      background-suggestions (BackgroundSuggestionsViewModel): 1 finding
        write off the main thread: an @Published property set off the main thread after `send updateSuggestions`, to the value it had (`objectWillChange` sent there)
          evidence: \(warning)
          code: closure #2 in BackgroundSuggestionsViewModel.updateSuggestions() at Tests/Fixtures/StandInRegistry.swift:\(line) (resuming in StandInDependency.answer(_:) at Sources/ScenarioScripting/StandIns/StandInDependency.swift:71) on the global executor
          scenario: audit/background-suggestions/off-main-write.scenario
      safe-background-suggestions: nothing found in 3 sequences (11 probes)
      1 finding in 1 of 2 models; 6 sequences, 32 probes, seed 0

      """)
    let path = "audit/background-suggestions/off-main-write.scenario"
    let scenario = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    #expect(scenario.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
      "use background-suggestions", #"stub APIService.suggestionAccountV2 error="offline""#, "send updateSuggestions", "expect warnings == 0",
    ])
    let onBug = try await VMReplProcess.run(["run", path], executable: "VMReplFixtures", directory: folder)
    #expect(onBug.output.contains(warning))
    try await AuditOracleTests.failsOnBugPassesOnTwin(path, model: "background-suggestions", in: folder)
  }

  @Test("each model is made in a process of its own: a trap after a stand-in a static reads once (mastodon's `ColorAsset`s) reads the same with one worker or two, though another model read that static first")
  func madeAlone() async throws {
    let folder = try VMReplProcess.folder("audit-made-alone", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = try String(contentsOf: VMReplProcess.packageRoot.appendingPathComponent("Tests/Fixtures/StandInRegistry.swift"), encoding: .utf8)
    let line = try #require(fixture.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(#"precondition(!tint.isEmpty, "no tint")"#) }) + 1
    let expected = """
      palette-header: nothing found when shown and left (1 probe); its registration has no action and no settable property to try
      palette-trap: not audited: `use palette-trap` trapped (VMReplFixtures/StandInRegistry.swift:\(line): Precondition failed: no tint) after the stand-in `AssetCatalog.tint` (of App/Assets.swift) returned its type's default unasked: the app's code there does not run here, so the trap may be the stand-in's: write what it does in Overrides.swift
      0 findings in 0 of 1 model; 1 sequences, 1 probes, seed 0

      """
    for jobs in ["1", "2"] {
      let result = try await VMReplProcess.run(
        ["audit", "--jobs", jobs, "palette-header", "palette-trap"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
      #expect(result.output == expected, "--jobs \(jobs)")
    }
  }

  @Test("only a Bool, a number or a string is answered so; anything else stays the reason it is not audited")
  func zeroAnswers() {
    #expect(ProbeRunner.zeroAnswer(returning: "var hasLoadedProducts: Bool") == "false")
    #expect(ProbeRunner.zeroAnswer(returning: "func podcastCount() -> Int") == "0")
    #expect(ProbeRunner.zeroAnswer(returning: "static func duration(of episode: Episode) -> TimeInterval") == "0")
    #expect(ProbeRunner.zeroAnswer(returning: "var title: String") == #""""#)
    #expect(ProbeRunner.zeroAnswer(returning: "static var accent: AccentColor") == nil)
    #expect(ProbeRunner.zeroAnswer(returning: "func save(_ token: String) throws") == nil)
  }
}
