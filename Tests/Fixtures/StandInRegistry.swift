// A screen whose services come from a service locator, registered in a file Linux could not
// build, as MakeItSo registers its repositories with Resolver in a file that imports Firebase:
// adopt stands the registering function in, so its registrations never run, and resolving one
// traps in the locator, not in the app.
#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import Foundation
import Scenario
import StandInSupport
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A service locator as apps use Resolver: `resolve()` registers everything on first use, and
/// traps on a type nobody registered.
enum ServiceLocator {
  private static let services = Mutex<(registered: Bool, made: [String: @Sendable () -> Any])>((false, [:]))

  /// Registers `make` as the way to make a `T`.
  static func register<T>(_ make: @escaping @Sendable () -> T) {
    services.withLock { $0.made[String(describing: T.self)] = make }
  }

  /// A `T` made as registered; a trap when no registration makes one.
  static func resolve<T>() -> T {
    let first = services.withLock { state in
      defer { state.registered = true }
      return !state.registered
    }
    if first { registerAllServices() }
    guard let make = services.withLock({ $0.made[String(describing: T.self)] }), let service = make() as? T else {
      fatalError("LOCATOR: '\(T.self)' not resolved")
    }
    return service
  }
}

extension ServiceLocator {
  /// What `vmrepl adopt` writes in place of the app's registrations (their file imports a
  /// package Linux cannot build): a seam, whose default answer is `()`.
  static func registerAllServices() {
    StandIn.call("ServiceLocator.registerAllServices", "registerAllServices()") as Void
  }
}

extension ServiceLocator {
  /// A search query the server handler makes (pocket-casts' `MainServerHandler.podcastSearchQuery`,
  /// stood in): `nil` unasked, which the app's caller unwraps.
  static func searchQuery(term: String) -> String? {
    StandIn.call("ServiceLocator.searchQuery", "searchQuery(term: \(StandIn.text(term)))")
  }
}

/// The declarations adopt's generated `main.swift` makes of those stand-ins.
let locatorStandIns = [
  StandInDeclaration(
    "ServiceLocator.registerAllServices", signature: "static func registerAllServices()",
    why: "App/Injection.swift imports `Firebase`, of the app's package github.com/firebase/firebase-ios-sdk 8.15.0, which does not resolve here",
    hasDefault: true, models: ["profile-header", "reminders-list"]),
  StandInDeclaration(
    "ServiceLocator.searchQuery", signature: "static func searchQuery(term: String) -> String?",
    why: "App/MainServerHandler.swift imports `Firebase`, of the app's package github.com/firebase/firebase-ios-sdk 8.15.0, which does not resolve here",
    hasDefault: true, models: ["search-results"]),
  StandInDeclaration(
    "Theme.accent", signature: "static var accent: AccentColor",
    why: "App/Theme.swift imports `UIKit`, an Apple framework with no Linux version",
    hasDefault: false, models: ["profile-header"]),
  StandInDeclaration(
    "IAPHelper.hasLoadedProducts", signature: "var hasLoadedProducts: Bool",
    why: "App/IAPHelper.swift imports `StoreKit`, an Apple framework with no Linux version",
    hasDefault: false, models: ["plus-pricing", "safe-plus-pricing"]),
  StandInDeclaration(
    "IAPHelper.priceCount", signature: "func priceCount() -> Int",
    why: "App/IAPHelper.swift imports `StoreKit`, an Apple framework with no Linux version",
    hasDefault: false, models: ["plus-pricing", "safe-plus-pricing"]),
  StandInDeclaration(
    "APIService.suggestionAccountV2", signature: "func suggestionAccountV2(limit: Int) async throws -> [String]",
    why: "App/APIService.swift uses `Mastodon.API` from MastodonSDK, which is left out",
    hasDefault: true, models: ["suggestion-account", "safe-suggestion-account", "background-suggestions", "safe-background-suggestions"]),
  StandInDeclaration(
    "SpaceServiceProxy.leave", signature: "func leave(spaceID: String) async -> Result<Void, SpaceServiceProxyError>",
    why: "App/Services/SpaceServiceProxy.swift imports `MatrixRustSDK`, of the app's package github.com/element-hq/matrix-rust-components-swift 25.1.0, which does not build on Linux",
    hasDefault: false, models: ["leave-space", "safe-leave-space"]),
  StandInDeclaration(
    "UserDiscoveryService.searchProfiles", signature: "func searchProfiles(with searchQuery: String) async -> Result<[String], UserDiscoveryError>",
    why: "App/Services/UserDiscoveryService.swift imports `MatrixRustSDK`, of the app's package github.com/element-hq/matrix-rust-components-swift 25.1.0, which does not build on Linux",
    hasDefault: false, models: ["user-search", "safe-user-search"]),
  StandInDeclaration(
    "Encryption.backupExistsOnServer", signature: "func backupExistsOnServer() async throws -> Bool",
    why: "github.com/element-hq/matrix-rust-components-swift/Sources/MatrixRustSDK/matrix_sdk_ffi.swift does not compile on Linux: line 276: cannot find type 'RustCallStatus' in scope",
    hasDefault: false, models: ["key-backup", "safe-key-backup"]),
  StandInDeclaration(
    "AssetCatalog.tint", signature: "static var tint: String",
    why: "App/Assets.swift imports `UIKit`, an Apple framework with no Linux version",
    hasDefault: true, models: ["palette-header", "palette-trap"]),
  StandInDeclaration(
    "SensorDetailViewModel.init.isEnabled", signature: "isEnabled = Current.sensors.isEnabled(sensor: sensor)",
    why: "App/Sensors/SensorDetailViewModel.swift uses `Current` from Shared/Environment.swift, which is left out (the compiler, line 20: cannot find 'Current' in scope)",
    hasDefault: false, models: ["sensor-detail"], returns: "Bool"),
  StandInDeclaration(
    "L10n.tr", signature: "static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String",
    why: "App/Generated/Strings.swift does not compile on Linux (the compiler, line 4110: value of type 'Bundle' has no member 'app')",
    hasDefault: true, models: ["advanced-settings"], returns: "String"),
]

/// The app's API client, stood in (mastodon's `APIService`, whose file the package leaves out):
/// each call a seam the scenario answers, its default an empty list.
final class APIService: Sendable {
  func suggestionAccountV2(limit: Int) async throws -> [String] {
    try await StandIn.callAsyncThrowing("APIService.suggestionAccountV2", "suggestionAccountV2(limit: \(limit))")
  }
}

/// Accounts to follow (mastodon's `SuggestionAccountViewModel`), loaded through the stood-in
/// API client rather than URLSession: a spinner set before the call and reset only when it
/// returns, so a failed call leaves it on. The probes' failures reach it only when they make
/// the stand-in throw. The twin resets it in its `catch` too.
@MainActor
final class SuggestionAccountViewModel: ObservableObject {
  @Published var accounts: [String] = []
  @Published var isLoading = false
  let context = APIService()
  let resetsOnFailure: Bool

  init(resetsOnFailure: Bool) {
    self.resetsOnFailure = resetsOnFailure
  }

  func updateSuggestions() async {
    isLoading = true
    do {
      accounts = try await context.suggestionAccountV2(limit: 5)
      isLoading = false
    } catch {
      if resetsOnFailure { isLoading = false }
    }
  }
}

let suggestionAccount = ModelDefinition("suggestion-account", summary: "a spinner left on when the stood-in API fails") { _ in
  SuggestionAccountViewModel(resetsOnFailure: false)
} describe: { model in
  model.asyncAction("updateSuggestions", "updateSuggestions() async", perform: { suggestions, _ in await suggestions.updateSuggestions() })
}

let safeSuggestionAccount = ModelDefinition("safe-suggestion-account", summary: "the spinner reset whatever the API does") { _ in
  SuggestionAccountViewModel(resetsOnFailure: true)
} describe: { model in
  model.asyncAction("updateSuggestions", "updateSuggestions() async", perform: { suggestions, _ in await suggestions.updateSuggestions() })
}

/// Accounts to follow as mastodon's `SuggestionAccountViewModel` loads them: a plain class
/// whose action starts a `Task` that is not the main actor's, emptying its `@Published` lists
/// when the stood-in API fails: `[]` over `[]`, a change no diff of the state sees, while
/// SwiftUI warns of the send all the same. The twin's task is the main actor's.
final class BackgroundSuggestionsViewModel: ObservableObject, @unchecked Sendable {
  // Unchecked: the unsynchronized write off the main thread is the bug this fixture shows; the
  // twin writes on the main actor, and the simulation runs one job at a time.
  @Published var accounts: [String] = []
  @Published var relationships: [String] = []
  let context = APIService()
  let onMain: Bool

  init(onMain: Bool) {
    self.onMain = onMain
  }

  func updateSuggestions() {
    if onMain {
      Task { await self.loadOnMain() }
    } else {
      Task { await self.load() }
    }
  }

  private func load() async {
    do {
      let suggested = try await context.suggestionAccountV2(limit: 5)
      guard !suggested.isEmpty else { return }
      accounts = suggested
    } catch {
      relationships = []
      accounts = []
    }
  }

  /// The same, isolated to the main actor: a nonisolated `async` function runs off it.
  @MainActor private func loadOnMain() async {
    do {
      let suggested = try await context.suggestionAccountV2(limit: 5)
      guard !suggested.isEmpty else { return }
      accounts = suggested
    } catch {
      relationships = []
      accounts = []
    }
  }
}

let backgroundSuggestions = ModelDefinition("background-suggestions", summary: "lists emptied off the main thread when the API fails") { _ in
  BackgroundSuggestionsViewModel(onMain: false)
} describe: { model in
  model.action("updateSuggestions", "updateSuggestions()", perform: { suggestions, _ in suggestions.updateSuggestions() })
}

let safeBackgroundSuggestions = ModelDefinition("safe-background-suggestions", summary: "lists emptied on the main actor") { _ in
  BackgroundSuggestionsViewModel(onMain: true)
} describe: { model in
  model.action("updateSuggestions", "updateSuggestions()", perform: { suggestions, _ in suggestions.updateSuggestions() })
}

/// The app's asset catalog, stood in (SwiftGen's `ColorAsset`s in mastodon's `Assets.swift`).
enum AssetCatalog {
  static var tint: String { StandIn.call("AssetCatalog.tint", "tint") }
}

/// A palette that reads the catalog once per process, into a `static let`.
enum Palette {
  static let tint: String = AssetCatalog.tint
}

/// A header that shows the palette's tint.
@MainActor
final class PaletteHeaderViewModel: ObservableObject {
  @Published var tint = Palette.tint
}

/// A model whose `init` reads the palette, then traps on an empty tint (as mastodon's
/// `composeContent` traps after `ColorAsset` and `AppContext` stand-ins gave their defaults):
/// made after `palette-header` in one process, it would not call the stand-in at all.
@MainActor
final class PaletteTrapViewModel: ObservableObject {
  @Published var tint: String

  init() {
    tint = Palette.tint
    precondition(!tint.isEmpty, "no tint")
  }
}

let paletteHeader = ModelDefinition("palette-header", summary: "a tint a static reads once") { _ in
  PaletteHeaderViewModel()
} describe: { _ in }

let paletteTrap = ModelDefinition("palette-trap", summary: "an init that traps on the tint's default") { _ in
  PaletteTrapViewModel()
} describe: { _ in }

/// A sensor's settings (home-assistant's `SensorDetailViewModel`): its `init` assigns
/// `isEnabled` from the app's environment, left out, so adopt put a seam in the value's place;
/// its signature says no type, its declaration's `returns` does.
@MainActor
final class SensorDetailViewModel: ObservableObject {
  @Published var isEnabled: Bool
  @Published var name = "Battery"

  init() {
    isEnabled = StandIn.call("SensorDetailViewModel.init.isEnabled", "Current.sensors.isEnabled(sensor: sensor)")
  }

  func toggle() {
    isEnabled.toggle()
  }
}

let sensorDetail = ModelDefinition("sensor-detail", summary: "a sensor whose init asks the left-out environment") { _ in
  SensorDetailViewModel()
} describe: { model in
  model.action("toggle", "toggle()", perform: { detail, _ in detail.toggle() })
}

/// The app's purchases helper, whose file imports StoreKit (pocket-casts' `IAPHelper`).
final class IAPHelper: Sendable {
  static let shared = IAPHelper()
  var hasLoadedProducts: Bool { StandIn.call("IAPHelper.hasLoadedProducts", "hasLoadedProducts") }
  func priceCount() -> Int { StandIn.call("IAPHelper.priceCount", "priceCount()") }
}

/// Prices for the upgrade screen (pocket-casts' `PlusPricingInfoModel`): its `init` asks the
/// purchases helper whether products are loaded, which nobody answers until a scenario does;
/// `loadPrices` sets the spinner, and a failed request leaves it on.
@MainActor
final class PlusPricingViewModel: ObservableObject {
  @Published var isLoading = false
  @Published var available: Bool
  @Published var prices: [String] = []

  /// The twin resets the spinner on failure too.
  private let resetsOnFailure: Bool

  init(resetsOnFailure: Bool) {
    self.resetsOnFailure = resetsOnFailure
    available = IAPHelper.shared.hasLoadedProducts || IAPHelper.shared.priceCount() > 0
  }

  func loadPrices() async {
    isLoading = true
    do {
      let (data, _) = try await URLSession.shared.data(from: URL(string: "https://pricing.example/api/prices")!)
      prices = try JSONDecoder().decode([String].self, from: data)
      isLoading = false
    } catch {
      available = false
      if resetsOnFailure { isLoading = false }
    }
  }
}

let plusPricing = ModelDefinition("plus-pricing", summary: "prices whose init asks a stood-in purchases helper") { _ in
  PlusPricingViewModel(resetsOnFailure: false)
} describe: { model in
  model.asyncAction("loadPrices", "loadPrices() async", perform: { pricing, _ in await pricing.loadPrices() })
  model.property("isLoading", \.isLoading)
}

let safePlusPricing = ModelDefinition("safe-plus-pricing", summary: "the spinner reset whatever happens") { _ in
  PlusPricingViewModel(resetsOnFailure: true)
} describe: { model in
  model.asyncAction("loadPrices", "loadPrices() async", perform: { pricing, _ in await pricing.loadPrices() })
  model.property("isLoading", \.isLoading)
}

/// The repository the locator was to make.
final class ReminderStore: Sendable {}

/// A list whose repository the locator resolves in `init`.
@MainActor
final class RemindersListViewModel: ObservableObject {
  @Published var count = 0
  private let store: ReminderStore

  init() {
    store = ServiceLocator.resolve()
  }

  func add() { count += 1 }
}

let remindersList = ModelDefinition("reminders-list", summary: "a repository resolved from registrations that are a stand-in") { _ in
  RemindersListViewModel()
} describe: { model in
  model.action("add", "add()", perform: { list, _ in list.add() })
  model.show("count", \.count)
}

/// Search results whose query a stood-in server handler makes, force-unwrapped as pocket-casts'
/// `PodcastSearchTask` does: on a device the handler returns a query; here its stand-in returns
/// `nil` unless the scenario answers it.
@MainActor
final class SearchResultsViewModel: ObservableObject {
  @Published var results: [String] = []

  func search(term: String) {
    let query = ServiceLocator.searchQuery(term: term)!
    results = [query]
  }
}

let searchResults = ModelDefinition("search-results", summary: "a search whose query a stand-in makes, unwrapped") { _ in
  SearchResultsViewModel()
} describe: { model in
  model.action("search", "search(term:)", parameters: [Parameter("term", .string, default: .string(""), "the text searched")]) { results, arguments in
    results.search(term: arguments.string("term"))
  }
  model.show("results", \.results)
}

/// A colour of the app's theme: no default, and not Decodable, so only `Overrides.swift` can
/// give one.
struct AccentColor: Sendable {
  var name: String
}

/// The app's theme, whose file imports UIKit: its accent is a stand-in with no default.
enum Theme {
  static var accent: AccentColor { StandIn.call("Theme.accent", "accent") }
}

/// A header that registers the app's services, then reads the theme's accent: making it traps
/// in the accent's stand-in, after the registering stand-in returned `()`.
@MainActor
final class ProfileHeaderViewModel: ObservableObject {
  @Published var accent: String

  init() {
    ServiceLocator.registerAllServices()
    accent = Theme.accent.name
  }
}

let profileHeader = ModelDefinition("profile-header", summary: "a header whose accent a stand-in with no default gives") { _ in
  ProfileHeaderViewModel()
} describe: { model in
  model.show("accent", \.accent)
}

/// The app's space service, stood in (element-x's `SpaceServiceProxy`, over its Rust SDK): a
/// `Result` nothing answers unasked, success or failure being the scenario's to say. Its error
/// carries the SDK's, as element-x's do: an `error=` answer makes one through the
/// `StandInFailure` adopt writes for it (`spaceServiceFailures`).
final class SpaceServiceProxy: Sendable {
  func leave(spaceID: String) async -> Result<Void, SpaceServiceProxyError> {
    await StandIn.callAsync("SpaceServiceProxy.leave", "leave(spaceID: \(StandIn.text(spaceID)))")
  }
}

/// element-x's `SpaceServiceProxyError`: its first case carries the SDK's error.
enum SpaceServiceProxyError: Error {
  case sdkError(any Error)
  case missingSpace
}

/// What adopt's `generatedFailures` holds for it.
let spaceServiceFailures = [StandInFailure(SpaceServiceProxyError.self) { .sdkError($0) }]

/// Leaving a space as element-x's `LeaveSpaceViewModel.confirmLeaveSpace()` does: the spinner
/// shown, the stood-in service asked, the spinner hidden on success; the failure branch shows
/// an error and leaves the spinner up, and a second tap while the first leave is out asks the
/// service to leave again. The twin hides it on either branch and ignores a tap while leaving.
/// Until the audit answered a stood-in `Result`, every probe's call waited and nothing was found.
@MainActor
final class LeaveSpaceViewModel: ObservableObject {
  @Published var isLeaving = false
  @Published var hasLeft = false
  @Published var failureShown = false
  let spaceService = SpaceServiceProxy()
  let hidesOnFailure: Bool

  init(hidesOnFailure: Bool) {
    self.hidesOnFailure = hidesOnFailure
  }

  func confirmLeaveSpace() {
    if hidesOnFailure, isLeaving { return }
    isLeaving = true
    Task { await leave() }
  }

  private func leave() async {
    switch await spaceService.leave(spaceID: "!space:matrix.org") {
    case .success:
      hasLeft = true
      isLeaving = false
    case .failure:
      failureShown = true
      if hidesOnFailure { isLeaving = false }
    }
  }
}

let leaveSpace = ModelDefinition("leave-space", summary: "a spinner left up when the stood-in service's `Result` fails") { _ in
  LeaveSpaceViewModel(hidesOnFailure: false)
} describe: { model in
  model.action("confirmLeaveSpace", "confirmLeaveSpace()") { viewModel, _ in viewModel.confirmLeaveSpace() }
}

let safeLeaveSpace = ModelDefinition("safe-leave-space", summary: "the spinner hidden whatever the service answers") { _ in
  LeaveSpaceViewModel(hidesOnFailure: true)
} describe: { model in
  model.action("confirmLeaveSpace", "confirmLeaveSpace()") { viewModel, _ in viewModel.confirmLeaveSpace() }
}

/// The Rust SDK's encryption service, stood in (element-x's `Encryption`, whose module does not
/// build on Linux): whether a key backup exists is the scenario's to say.
final class Encryption: Sendable {
  func backupExistsOnServer() async throws -> Bool {
    try await StandIn.callAsyncThrowing("Encryption.backupExistsOnServer", "backupExistsOnServer()")
  }
}

/// The key backup's state as element-x's `SecureBackupController.updateBackupStateFromRemote()`
/// reads it: a spinner while the SDK says whether a backup exists on the server. The branch for
/// no backup returns with the spinner still up; the twin hides it on every branch. Until the
/// audit answered a stood-in returning a plain `Bool`, every probe's call waited and nothing was
/// found.
@MainActor
final class KeyBackupViewModel: ObservableObject {
  @Published var isLoading = false
  @Published var backupExists = false
  @Published var failureShown = false
  let encryption = Encryption()
  let hidesWhenMissing: Bool

  init(hidesWhenMissing: Bool) {
    self.hidesWhenMissing = hidesWhenMissing
  }

  func checkBackup() async {
    isLoading = true
    do {
      let exists = try await encryption.backupExistsOnServer()
      guard exists else {
        if hidesWhenMissing { isLoading = false }
        return
      }
      backupExists = true
      isLoading = false
    } catch {
      failureShown = true
      isLoading = false
    }
  }
}

let keyBackup = ModelDefinition("key-backup", summary: "a spinner left up when the stood-in SDK says no backup exists") { _ in
  KeyBackupViewModel(hidesWhenMissing: false)
} describe: { model in
  model.asyncAction("checkBackup", "checkBackup() async", perform: { viewModel, _ in await viewModel.checkBackup() })
}

let safeKeyBackup = ModelDefinition("safe-key-backup", summary: "the spinner hidden whatever the SDK answers") { _ in
  KeyBackupViewModel(hidesWhenMissing: true)
} describe: { model in
  model.asyncAction("checkBackup", "checkBackup() async", perform: { viewModel, _ in await viewModel.checkBackup() })
}

/// element-x's `UserDiscoveryErrorType`.
enum UserDiscoveryError: Error {
  case failedSearchingUsers
}

/// The app's user directory, stood in (element-x's `UserDiscoveryService`, over its client proxy).
final class UserDiscoveryService: Sendable {
  func searchProfiles(with searchQuery: String) async -> Result<[String], UserDiscoveryError> {
    await StandIn.callAsync("UserDiscoveryService.searchProfiles", "searchProfiles(with: \(StandIn.text(searchQuery)))")
  }
}

/// element-x's user search (`StartChatScreenViewModel.fetchUsers()`), its shape kept: the field's
/// text debounced on the main queue, each search kept in a task the next one cancels, and for a
/// text too short to search the suggestions shown at once, the search still out left running:
/// its answer then shows the old text's results under the cleared field. The twin cancels it
/// there too.
@MainActor
final class UserSearchViewModel: ObservableObject {
  struct UsersSection: Equatable {
    enum Kind { case suggestions, searchResult }
    var type: Kind
    var users: [String]
  }

  @Published var searchQuery = ""
  @Published var usersSection = UsersSection(type: .suggestions, users: [])
  private let userDiscoveryService = UserDiscoveryService()
  private var fetchUsersTask: Task<Void, Never>? {
    didSet { oldValue?.cancel() }
  }
  private var cancellable: AnyCancellable?
  let cancelsOnShortQuery: Bool

  init(cancelsOnShortQuery: Bool) {
    self.cancelsOnShortQuery = cancelsOnShortQuery
    cancellable = $searchQuery
      .debounce(for: .milliseconds(250), scheduler: DispatchQueue.main.ocombine)
      .removeDuplicates()
      .sink { [weak self] _ in MainActor.assumeIsolated { self?.fetchUsers() } }
  }

  private func fetchUsers() {
    guard searchQuery.count >= 3 else {
      if cancelsOnShortQuery { fetchUsersTask = nil }
      usersSection = UsersSection(type: .suggestions, users: [])
      return
    }
    let query = searchQuery
    fetchUsersTask = Task {
      let result = await userDiscoveryService.searchProfiles(with: query)
      guard !Task.isCancelled else { return }
      if case .success(let users) = result {
        usersSection = UsersSection(type: .searchResult, users: users)
      }
    }
  }
}

let userSearch = ModelDefinition("user-search", summary: "an old search's answer shown under the cleared field") { _ in
  UserSearchViewModel(cancelsOnShortQuery: false)
} describe: { model in
  model.property("searchQuery", \.searchQuery)
}

let safeUserSearch = ModelDefinition("safe-user-search", summary: "the search still out cancelled when the field is cleared") { _ in
  UserSearchViewModel(cancelsOnShortQuery: true)
} describe: { model in
  model.property("searchQuery", \.searchQuery)
}
