import Foundation
import Testing

@testable import Adopt

@Suite("vmrepl adopt: finding an app's view-models and what they need")
struct AdoptionTests {
  @Test("the report names every model, action, file compiled, filtered copy, file left out and why")
  func report() throws {
    let folder = try AppFolder("News", files: NewsApp.files)
    let app = try AppSources.scan(folder: folder.path)
    #expect(app.appName == "News")
    let adoption = Adoption(app)
    #expect(
      AdoptReport.text(adoption, shownFolder: "News") == """
        News: 10 Swift files in News

        view-models (4 registered of 4 found):
          settingsStore: SettingsStore, News/Settings/SettingsStore.swift:3, made as SettingsStore()
            actions: toggle
            set: darkMode, fontSize
          news: NewsViewModel, News/ViewModels/NewsViewModel.swift:3, made as NewsViewModel(newsService: NewsService(category: nil))
            note: `send select` makes `article: Article` as `use` makes a model's values, from the action's own parameters (each has a default)
            actions: fetchNews (async), sort order, select id title date
            set: isLoading, filter
            connect: fetchNews, as NewsView's .task (line 5) does; `leave` cancels it, as SwiftUI cancels a `.task`
            reached by: fetchNews: the screen appearing (NewsView.swift:5)
            no view sets: isLoading, filter (no view of the app binds or assigns them): `audit` does not set them
          search: SearchViewModel, News/ViewModels/SearchViewModel.swift:4, made as SearchViewModel(pageSize: context.options.int("pageSize"))
            options (use search NAME=VALUE): pageSize
            actions: search text limit (task), clear
            set: query
          profile: ProfileViewModel, News/Views/ProfileView.swift:3, made as ProfileViewModel()
            actions: none
            set: name
            no view sets: name (no view of the app binds or assigns it): `audit` does not set it

        compiled (7 files): News/Extensions/String+Trimmed.swift, News/Models/Article.swift, News/Services/NewsService.swift, News/Settings/SettingsStore.swift, News/ViewModels/NewsViewModel.swift, News/ViewModels/SearchViewModel.swift, News/Views/ProfileView.swift
        compiled as filtered copies (1 file, what cannot build on Linux blanked out, lines kept):
          News/Views/ProfileView.swift without `ProfileView`
        left out, cannot build on Linux (2 files):
          News/NewsApp.swift: declares the app `NewsApp`
          News/Views/NewsView.swift: declares the SwiftUI view `NewsView`; has a `#Preview`
        not needed by any view-model: 1 file

        """)
  }

  @Test("the registrations: awaited async methods, tracked tasks, optional and list arguments, settable state, options")
  func registrations() throws {
    let folder = try AppFolder("News", files: NewsApp.files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let text = RegistrationWriter.generatedFile(adoption, modules: ["News"])
    #expect(text.contains("""
      let generatedModels: [ModelDefinition] = [
        adoptedSettingsStore,
        adoptedNews,
        adoptedSearch,
        adoptedProfile,
      ]
      """))
    #expect(text.contains("""
      let adoptedSearch = ModelDefinition(
        "search", summary: "SearchViewModel (News/ViewModels/SearchViewModel.swift)",
        options: [
          Parameter("pageSize", .int, default: .int(0), "SearchViewModel.init pageSize: Int"),
        ]
      ) { context in
        SearchViewModel(pageSize: context.options.int("pageSize"))
      } describe: { model in
        model.action("search", "search(text:limit:) -> Task<Void, Never>", parameters: [Parameter("text", .string), Parameter("limit", .int, default: .null)], tracking: { viewModel, arguments in viewModel.search(text: arguments.string("text"), limit: (arguments["limit"] == CommandValue.null ? nil : arguments.int("limit"))) })
        model.action("clear", "clear() throws") { viewModel, _ in try viewModel.clear() }
        model.property("query", \\.query)
      }
      """))
    #expect(text.contains("""
      model.asyncAction("fetchNews", "fetchNews() async") { viewModel, _ in await viewModel.fetchNews() }
      """))
    // An enum of the app without payloads is written by its case names.
    #expect(text.contains("""
      model.action("sort", "sort(by:)", parameters: [Parameter("order", .oneOf(["newest", "oldest"]))]) { viewModel, arguments in \
      viewModel.sort(by: ({ () -> SortOrder in switch arguments.string("order") { case "newest": return SortOrder.newest; \
      default: return SortOrder.oldest } })()) }
      """))
  }

  @Test("a model whose init nothing can fill is not registered: a warning names the parameter and the line to write")
  func missingDependency() throws {
    var files = NewsApp.files
    // A protocol no class can meet as written (`Self`): no conformer, and none generated.
    files["News/Services/NewsService.swift"] = NewsApp.serviceWithoutClient.replacingOccurrences(
      of: "func fetchNews() async -> [Article]", with: "func fetchNews() async -> [Article]\n    func copy() -> Self")
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let news = try #require(adoption.models.first { $0.type == "NewsViewModel" })
    #expect(news.factory == nil)
    #expect(news.missing == [.init(parameter: "newsService", type: "NewsServiceProtocol")])
    let text = RegistrationWriter.generatedFile(adoption, modules: ["News"])
    #expect(!text.contains("  adoptedNews,"))
    #expect(text.contains("""
      #warning("vmrepl adopt: NewsViewModel is not registered: adopt cannot make its init's newsService: NewsServiceProtocol. \
      Add to `overrides` in Overrides.swift: ModelDefinition(\\"news\\", summary: \\"NewsViewModel\\") { _ in \
      NewsViewModel(newsService: <a NewsServiceProtocol>) } describe: { _ in }")
      """))
    // Once Overrides.swift defines `news`, the generated file leaves it to the user, and warns no more.
    let overridden = Adoption(try AppSources.scan(folder: folder.path), overridden: OverrideNames.names(in: """
      let overrides: [ModelDefinition] = [
        ModelDefinition("news", summary: "NewsViewModel") { _ in NewsViewModel(newsService: Scripted()) } describe: { _ in }
      ]
      """))
    let regenerated = RegistrationWriter.generatedFile(overridden, modules: ["News"])
    #expect(!regenerated.contains("#warning"))
    #expect(regenerated.contains("// NewsViewModel (News/ViewModels/NewsViewModel.swift:3): registered in Overrides.swift as `news`."))
  }

  @Test("a mock made for want of a live client is said, not passed off as the app's client")
  func standIn() throws {
    var files = NewsApp.files
    files["News/Services/NewsService.swift"] = NewsApp.serviceWithoutClient + """

      final class MockNewsService: NewsServiceProtocol {
          func fetchNews() async -> [Article] { [] }
      }
      """
    let folder = try AppFolder("News", files: files)
    let report = AdoptReport.text(Adoption(try AppSources.scan(folder: folder.path)), shownFolder: "News")
    #expect(report.contains("""
        news: NewsViewModel, News/ViewModels/NewsViewModel.swift:3, made as NewsViewModel(newsService: MockNewsService())
          note: `MockNewsService` stands in for `NewsServiceProtocol`: the app has no live conformer that adopt can make
      """))
  }

  @Test("a client's defaulted credentials are made, so that code checking for a signed-in user runs; a page's token keeps its default")
  func signedInClient() throws {
    // IceCubesApp's shape: `MastodonClient(server:oauthToken:)`, and `guard client.isAuth` first
    // in each action of the status row's controller.
    let folder = try AppFolder("Toots", files: [
      "Toots/Network/OauthToken.swift": """
        public struct OauthToken: Codable, Sendable {
            public let accessToken: String
            public let createdAt: Double
            public init(accessToken: String, createdAt: Double) { self.accessToken = accessToken; self.createdAt = createdAt }
        }
        """,
      "Toots/Network/Client.swift": """
        import Foundation
        public final class Client: Sendable {
            let server: String
            let oauthToken: OauthToken?
            public init(server: String, oauthToken: OauthToken? = nil, pageToken: String? = nil) {
                self.server = server; self.oauthToken = oauthToken
            }
            public var isAuth: Bool { oauthToken != nil }
        }
        """,
      "Toots/Status/StatusController.swift": """
        import Foundation
        import Combine
        @MainActor final class StatusController: ObservableObject {
            @Published var isFavorited = false
            let client: Client
            init(client: Client) { self.client = client }
            func toggleFavorite() async {
                guard client.isAuth else { return }
                isFavorited.toggle()
            }
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "StatusController" })
    #expect(model.factory == #"StatusController(client: Client(server: context.options.string("server"), oauthToken: OauthToken(accessToken: context.options.string("accessToken"), createdAt: context.options.double("createdAt"))))"#)
    #expect(model.notes.contains("`Client`'s `oauthToken` is made, not left `nil`: a signed-in user's, so that code checking for one runs"))
    #expect(FactoryInference.isCredential("accessToken") && FactoryInference.isCredential("credentials"))
    #expect(!FactoryInference.isCredential("pageToken") && !FactoryInference.isCredential("cancellationToken") && !FactoryInference.isCredential("server"))
  }

  @Test("a static method that does work over time is an action on the type; a list of the app's values is two elements made alike, an enum inside them its first case")
  func staticActionsAndListsOfValues() throws {
    // Scrumdinger's `ScrumStore`: the app calls `try await ScrumStore.save(scrums: store.scrums)`.
    let folder = try AppFolder("Scrums", files: [
      "Scrums/Models/DailyScrum.swift": """
        import Foundation
        enum Theme: String, Codable { case bubblegum, buttercup }
        struct DailyScrum: Identifiable, Codable {
            let id: UUID
            var title: String
            var theme: Theme
            init(id: UUID = UUID(), title: String, theme: Theme) { self.id = id; self.title = title; self.theme = theme }
        }
        """,
      "Scrums/Models/ScrumStore.swift": """
        import Foundation
        class ScrumStore: ObservableObject {
            @Published var scrums: [DailyScrum] = []
            static func load() async throws -> [DailyScrum] { [] }
            @discardableResult
            static func save(scrums: [DailyScrum]) async throws -> Int { scrums.count }
            static func fileName(for scrum: DailyScrum) -> String { scrum.title }
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "ScrumStore" })
    #expect(model.actions.map(\.name) == ["load", "save"])
    #expect(model.actions[0].summary == "load() async throws -> [DailyScrum] (static)")
    #expect(ModelPlan.selector(of: model.actions[1].summary) == "save(scrums:)")
    #expect(ModelPlan.selector(of: "process(viewAction: .rename(to:notify:))") == "process(viewAction: .rename(to:notify:))")
    #expect(ModelPlan.selector(of: "toggle() throws") == "toggle()")
    #expect(model.actions[0].call == "_ = try await ScrumStore.load()")
    #expect(model.actions[1].call == #"_ = try await ScrumStore.save(scrums: [DailyScrum(title: arguments.string("title"), theme: Theme.bubblegum), DailyScrum(title: arguments.string("title"), theme: Theme.bubblegum)])"#)
    #expect(model.actions[1].parameters == [#"Parameter("title", .string, default: .string(""), "DailyScrum.init title: String")"#])
  }

  @Test("a list's rows (`IndexSet`), an address and a moment are parameters a command writes")
  func rowsAddressesAndMoments() throws {
    // home-assistant's settings lists: `.onDelete(perform: viewModel.removeSSIDs)`, `.onMove`.
    let folder = try AppFolder("Home", files: [
      "Home/Settings/SSIDListViewModel.swift": """
        import Foundation
        final class SSIDListViewModel: ObservableObject {
            @Published var ssids: [String] = []
            func removeSSIDs(at offsets: IndexSet) { ssids.remove(atOffsets: offsets) }
            func move(from source: IndexSet, to destination: Int) { ssids.move(fromOffsets: source, toOffset: destination) }
            func open(url: URL) {}
            func schedule(on date: Date?) {}
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "SSIDListViewModel" })
    let actions = Dictionary(uniqueKeysWithValues: model.actions.map { ($0.name, $0) })
    #expect(actions["removeSSIDs"]?.parameters == [#"Parameter("offsets", .list(.int))"#])
    #expect(actions["removeSSIDs"]?.call == #"viewModel.removeSSIDs(at: IndexSet(arguments.list("offsets", of: Int.self)))"#)
    #expect(actions["move"]?.call == #"viewModel.move(from: IndexSet(arguments.list("source", of: Int.self)), to: arguments.int("destination"))"#)
    #expect(actions["open"]?.call == #"viewModel.open(url: (URL(string: arguments.string("url")) ?? URL(fileURLWithPath: "/")))"#)
    #expect(actions["schedule"]?.parameters == [#"Parameter("date", .double, default: .null)"#])
    #expect(actions["schedule"]?.call == #"viewModel.schedule(on: (arguments["date"] == CommandValue.null ? nil : Date(timeIntervalSince1970: arguments.double("date"))))"#)
  }

  @Test("a method taking a value of the app adopt can make is an action whose parameters make it")
  func actionMakesItsArgument() throws {
    // IceCubesApp's `CurrentAccount.setClient(client: MastodonClient)`, called on each account
    // switch: two quick switches are two clients, each the action's own parameters.
    let folder = try AppFolder("Toots", files: [
      "Toots/Network/OauthToken.swift": """
        public struct OauthToken: Codable, Sendable {
            public let accessToken: String
            public init(accessToken: String) { self.accessToken = accessToken }
        }
        """,
      "Toots/Network/Client.swift": """
        import Foundation
        public final class Client: Sendable {
            let server: String
            let oauthToken: OauthToken?
            public init(server: String, oauthToken: OauthToken? = nil) { self.server = server; self.oauthToken = oauthToken }
        }
        """,
      "Toots/Env/CurrentAccount.swift": """
        import Foundation
        import Observation
        @MainActor @Observable public final class CurrentAccount {
            public static let shared = CurrentAccount()
            public private(set) var name: String?
            private var client: Client?
            private init() {}
            public func setClient(client: Client) { self.client = client }
            public func rename(_ name: String, using client: Client?) { self.name = name }
            public func attach(data: Data) {}
            public func remember(handler: @escaping () -> Int) {}
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "CurrentAccount" })
    let setClient = try #require(model.actions.first { $0.name == "setClient" })
    #expect(setClient.parameters == [
      #"Parameter("server", .string, default: .string(""), "Client.init server: String")"#,
      #"Parameter("accessToken", .string, default: .string(""), "OauthToken.init accessToken: String")"#,
    ])
    #expect(setClient.call == #"viewModel.setClient(client: Client(server: arguments.string("server"), oauthToken: OauthToken(accessToken: arguments.string("accessToken"))))"#)
    #expect(model.notes.contains("`send setClient` makes `client: Client` as `use` makes a model's values, from the action's own parameters (each has a default)"))
    // A written parameter beside a made one; an optional made one is made, not `nil`.
    let rename = try #require(model.actions.first { $0.name == "rename" })
    #expect(rename.parameters.first == #"Parameter("name", .string)"#)
    #expect(rename.call.hasPrefix(#"viewModel.rename(arguments.string("name"), using: Client(server: arguments.string("server")"#))
    // A Foundation value and a closure stay no action, with why.
    #expect(model.skipped.contains(.init(selector: "attach(data:)", reason: "takes `data: Data`, which a command cannot write")))
    #expect(model.skipped.contains(.init(selector: "remember(handler:)", reason: "takes `handler: @escaping () -> Int`, which a command cannot write")))

    // An action whose generated line the compiler rejects is left out; the model stays.
    let generated = RegistrationWriter.definition(model).joined(separator: "\n")
    let line = try #require(generated.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(#"model.action("setClient""#) }) + 1
    #expect(Mending.registeredAction(atLine: line, of: generated) == "setClient")
    var mending = Mending()
    let mended = mending.mend(
      [PackageBuild.Rejection(path: nil, line: line, message: "cannot find 'Client' in scope")],
      adoption: adoption, standIns: StandInFiles(adoption), generated: generated)
    #expect(mended && mending.unregistered.isEmpty)
    let failed = mending.adoption(of: try folder.scanOnly(), overridden: [], excluded: [:])
    let kept = try #require(failed.models.first { $0.type == "CurrentAccount" })
    #expect(kept.factory != nil && !kept.actions.contains { $0.name == "setClient" } && kept.actions.contains { $0.name == "rename" })
    #expect(kept.skipped.contains(.init(selector: "setClient(client:)", reason: "its registration did not compile (line \(line): cannot find 'Client' in scope)")))
    #expect(!kept.notes.contains { $0.hasPrefix("`send setClient` makes") })
  }

  @Test("a view-model that needs a type only a left-out file declares is left out with that reason")
  func needsALeftOutFile() throws {
    var files = NewsApp.files
    // A scene is never stood in (a view-model does not hold one): what needs its file is left out.
    files["News/Views/Theme.swift"] = """
      import SwiftUI
      import WidgetKit
      struct ThemeScene: Scene { var body: some Scene { WindowGroup { Text("") } } }
      enum Theme { case light, dark }
      """
    files["News/ViewModels/ThemeViewModel.swift"] = """
      import Foundation
      final class ThemeViewModel: ObservableObject {
          @Published var theme: Theme = .light
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.skippedModels.contains(.init(
      type: "ThemeViewModel", path: "News/ViewModels/ThemeViewModel.swift",
      reason: "News/ViewModels/ThemeViewModel.swift uses `Theme` from News/Views/Theme.swift, which is left out")))
    #expect(adoption.leftOut.contains(.init(
      path: "News/ViewModels/ThemeViewModel.swift", reason: "uses `Theme` from News/Views/Theme.swift, which is left out")))
  }

  @Test("a type nested in the model's own file is the one its code means, not a left-out top-level type of that name")
  func nestedTypeShadowsTopLevel() throws {
    var files = NewsApp.files
    // A script's `Config` beside the app's sources, and a view-model with a `Config` of its own.
    files["Scripts/Screenshots.swift"] = "import UIKit\nenum Config { static let device = \"iPhone\" }\n"
    files["News/ViewModels/PaywallViewModel.swift"] = """
      import Foundation
      final class PaywallViewModel: ObservableObject {
          @Published var title = ""
          private let config: Config
          init(config: Config = Config(title: "Plus")) { self.config = config }
          struct Config { let title: String }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.models.map(\.type).contains("PaywallViewModel"))
    #expect(!adoption.included.contains("Scripts/Screenshots.swift"))
  }

  @Test("a service file left out for an Objective-C selector and an Apple import is stood in, so the model holding it runs")
  func selectorFileStandsIn() throws {
    var files = NewsApp.files
    files["News/Services/Player.swift"] = """
      import AVFoundation
      final class Player: NSObject {
          static let shared = Player()
          func play(url: URL) { NotificationCenter.default.addObserver(self, selector: #selector(ended), name: .init("ended"), object: nil) }
          @objc private func ended() {}
      }
      """
    files["News/ViewModels/EpisodeViewModel.swift"] = """
      import Foundation
      final class EpisodeViewModel: ObservableObject {
          @Published var playing = false
          func play() { Player.shared.play(url: URL(string: "https://example.com/1.mp3")!); playing = true }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.models.map(\.type).contains("EpisodeViewModel"))
    #expect(adoption.seams["News/Services/Player.swift"]?.types == ["Player"])
  }

  @Test("a #selector in a method's body makes that body a seam, with no build to learn it: the type and its model still build")
  func selectorBodySeam() throws {
    var files = NewsApp.files
    files["News/ViewModels/ThemeViewModel.swift"] = """
      import Foundation

      final class ThemeViewModel: ObservableObject {
          @Published var isDark = false

          func observe() {
              // Bound with `let`, the call is no statement of its own: the body is the seam.
              let timer = Timer(timeInterval: 1, target: self, selector: #selector(themeChanged), userInfo: nil, repeats: true)
              RunLoop.main.add(timer, forMode: .common)
          }

          @objc private func themeChanged() { isDark.toggle() }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "ThemeViewModel" })
    #expect(model.actions.map(\.name) == ["observe"])
    let reason = "uses `#selector`, which needs the Objective-C runtime Linux does not have"
    #expect(adoption.droppedMembers["News/ViewModels/ThemeViewModel.swift"]?.map(\.label) == ["func observe()` in `ThemeViewModel"])
    #expect(adoption.bodySeamDeclarations == [.init(
      member: "ThemeViewModel.observe", signature: "func observe()", why: "News/ViewModels/ThemeViewModel.swift \(reason)", hasDefault: true)])
    #expect(AdoptReport.text(adoption, shownFolder: "News").contains(
      "News/ViewModels/ThemeViewModel.swift without the body of `func observe()` in `ThemeViewModel` (a seam in its place; \(reason)), `@objc`"))
  }

  @Test("a package still not built says why: adopt's limit of builds reached while mending, or errors it cannot place")
  func notBuiltSaysWhy() throws {
    let folder = try AppFolder("News", files: NewsApp.files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    var build = AdoptReport.Build(scratch: "/tmp/b")
    (build.rounds, build.seconds, build.failure) = (20, 139, ["error: emit-module command failed"])
    build.outOfRounds = true
    var before = RoundDiary.Tally(), after = RoundDiary.Tally()
    after.files = 2
    after.standInRepairs = 1
    build.diary.note(round: 1, seconds: 7.4, succeeded: false, modules: ["News", "Alamofire (package)"], before: before, after: after)
    build.diary.noteMending(seconds: 0.6)
    before = after
    after.registrationLines = 2
    build.diary.note(round: 2, seconds: 3, succeeded: false, modules: [], before: before, after: after, vendored: ["Starscream"])
    #expect(AdoptReport.text(adoption, shownFolder: "News", output: "/tmp/News-vmrepl", build: build).contains("""
      not built: adopt stopped at its limit of 20 builds (139 s), each of which still left out or mended something; the last one's errors:
        error: emit-module command failed
      builds, one by one (each one's errors in .adopt-builds/build-N.log):
        build 1 (7 s): errors in News, Alamofire (package); 2 app files left out, 1 stand-in member repaired (mended in 1 s)
        build 2 (3 s): 2 lines of registrations left out, compiled from their sources: Starscream
      """))
    build.outOfRounds = false
    #expect(AdoptReport.text(adoption, shownFolder: "News", output: "/tmp/News-vmrepl", build: build).contains(
      "not built: after 20 builds (139 s) the package still does not compile, and adopt cannot tell which app file is at fault:"))
  }

  @Test("an init's enum, URL and geometry parameters: enum cases and a URL as `use` options, sizes at zero")
  func enumAndURLParameters() throws {
    var files = NewsApp.files
    files["News/ViewModels/PaidFeatureViewModel.swift"] = """
      import Foundation
      enum SubscriptionTier: String { case free, plus, patron }
      final class PaidFeatureViewModel: ObservableObject {
          @Published var unlocked = false
          init(tier: SubscriptionTier, learnMore: URL, artworkSize: CGSize) {}
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "PaidFeatureViewModel" })
    #expect(model.factory == """
      PaidFeatureViewModel(tier: choice1(context), \
      learnMore: (URL(string: context.options.string("learnMore")) ?? URL(fileURLWithPath: "/")), artworkSize: CGSize.zero)
      """)
    // An enum option is read by a function of its own, declared before the factory in its closure.
    #expect(model.choices == [
      """
      @MainActor private func choice1(_ context: ModelContext) -> SubscriptionTier { switch context.options.string("tier") { case "free": return SubscriptionTier.free; \
      case "plus": return SubscriptionTier.plus; default: return SubscriptionTier.patron } }
      """
    ])
    // The registration declares it at file scope, named for the model, before the definition.
    let definition = RegistrationWriter.definition(model).joined(separator: "\n")
    #expect(definition.contains(
      "\n@MainActor private func adoptedPaidFeatureChoice1(_ context: ModelContext) -> SubscriptionTier {"))
    #expect(definition.contains(") { context in\n  PaidFeatureViewModel(tier: adoptedPaidFeatureChoice1(context), "))
    #expect(model.options == [
      #"Parameter("tier", .oneOf(["free", "plus", "patron"]), default: .word("free"), "PaidFeatureViewModel.init tier: SubscriptionTier")"#,
      #"Parameter("learnMore", .string, default: .string("https://example.com"), "PaidFeatureViewModel.init learnMore: URL")"#,
    ])
  }

  @Test("a #selector call statement in an init is a seam alone, shown with its text; the rest of the init runs")
  func selectorStatementSeam() throws {
    var files = NewsApp.files
    files["News/ViewModels/ThemeStore.swift"] = """
      import Foundation

      final class ThemeStore: ObservableObject {
          @Published var isDark = false

          init() {
              isDark = UserDefaults.standard.bool(forKey: "dark")
              NotificationCenter.default.addObserver(self, selector: #selector(changed(_:)),
                                                     name: .init("theme \\"dark\\""), object: nil)
          }

          @objc private func changed(_ note: Notification) { isDark.toggle() }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "ThemeStore" })
    #expect(model.factory == "ThemeStore()")
    let member = try #require(adoption.droppedMembers["News/ViewModels/ThemeStore.swift"]?.first)
    #expect(member.seam?.text == #"StandIn.call("ThemeStore.addObserver", "NotificationCenter.default.addObserver(self, selector: #selector(changed(_:)), name: .init(\"theme \\\"dark\\\"\"), object: nil)") as Void"#)
    #expect(AdoptReport.text(adoption, shownFolder: "News").contains(
      "News/ViewModels/ThemeStore.swift without the statement at line 8 of `init()` in `ThemeStore` (a seam in its place; uses `#selector`, which needs the Objective-C runtime Linux does not have), `@objc`"))
  }

  @Test("a view-model private to its file is registered from adopt's copy without the word; one whose name another file's private type shares is not")
  func privateModelOpened() throws {
    var files = NewsApp.files
    // As IceCubesApp writes its profile tabs: the tab makes its fetcher, which no other file names.
    files["News/ViewModels/BookmarksTab.swift"] = """
      import Foundation

      protocol Fetcher: AnyObject { func fetch() async }

      struct BookmarksTab {
          func makeFetcher() -> any Fetcher { BookmarksFetcher(accountId: "me") }
      }

      @MainActor
      class TabFetcher: ObservableObject {
          let accountId: String
          init(accountId: String) { self.accountId = accountId }
      }

      @MainActor
      private final class BookmarksFetcher: TabFetcher, Fetcher {
          @Published var titles: [String] = []
          func fetch() async { titles = ["Saved"] }
      }
      """
    for name in ["Drafts", "Outbox"] {
      files["News/ViewModels/\(name)Screen.swift"] = """
        import Foundation
        fileprivate final class EditorViewModel: ObservableObject {
            @Published var text = ""
            func clear() { text = "" }
        }
        """
    }
    files["News/ViewModels/DraftsScreen2.swift"] = """
      import Foundation
      fileprivate final class SignatureViewModel: ObservableObject {
          @Published var text = ""
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.models.first { $0.type == "SignatureViewModel" }?.notes == [
      "`fileprivate` in News/ViewModels/DraftsScreen2.swift: adopt's copy of the file leaves the word out, so that a registration can name it"
    ])
    let fetcher = try #require(adoption.models.first { $0.type == "BookmarksFetcher" })
    // It declares no init: it inherits its superclass's.
    #expect(fetcher.factory == #"BookmarksFetcher(accountId: context.options.string("accountId"))"#)
    #expect(fetcher.notes == [
      "`private` in News/ViewModels/BookmarksTab.swift: adopt's copy of the file leaves the word out, so that a registration can name it"
    ])
    #expect(adoption.opened == [
      "News/ViewModels/BookmarksTab.swift": ["BookmarksFetcher"], "News/ViewModels/DraftsScreen2.swift": ["SignatureViewModel"],
    ])
    let editors = adoption.models.filter { $0.type == "EditorViewModel" }
    #expect(editors.map(\.problem) == ["Drafts", "Outbox"].map {
      "it is private to its file (News/ViewModels/\($0)Screen.swift), so no registration can name it: make it `internal` to register it"
    })
    #expect(AdoptReport.text(adoption, shownFolder: "News").contains(
      "  News/ViewModels/BookmarksTab.swift without `private` of `BookmarksFetcher` (a registration names it)\n"))
    let output = FileManager.default.temporaryDirectory.path + "/vmrepl-adopt-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption).write()
    let copy = try String(contentsOfFile: output + "/Sources/News/filtered/News/ViewModels/BookmarksTab.swift", encoding: .utf8)
    #expect(copy.split(separator: "\n", omittingEmptySubsequences: false)[15] == "        final class BookmarksFetcher: TabFetcher, Fetcher {")
  }

  @Test("files that extend a screen's view-model (its states, its data source), or cannot build themselves (a coordinator), are no users that make it a dependency")
  func frameworkImportWithExtensions() throws {
    var files = NewsApp.files
    // As Mastodon's FavoriteViewModel: CoreData imported, its states and diffable source in files of their own.
    files["News/Scene/Favorite/FavoriteViewModel.swift"] = """
      import Foundation
      import Combine
      import CoreData

      final class FavoriteViewModel {
          var disposeBag = Set<AnyCancellable>()
          @Published var isLoading = false
          init() {}
          func reload() { isLoading = true }
      }
      """
    files["News/Scene/Favorite/FavoriteViewModel+State.swift"] = """
      import Foundation
      import CoreData

      extension FavoriteViewModel {
          class State {
              weak var viewModel: FavoriteViewModel?
              init(viewModel: FavoriteViewModel) { self.viewModel = viewModel }
          }
      }
      """
    // A coordinator that names every screen's model, in a file that cannot build on Linux.
    files["News/Coordinator/SceneCoordinator.swift"] = """
      import Foundation
      import SafariServices

      final public class SceneCoordinator {
          enum Scene {
              case favorite(viewModel: FavoriteViewModel)
          }
          func present(scene: Scene) {}
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.included.contains("News/Scene/Favorite/FavoriteViewModel.swift"))
    #expect(adoption.models.contains { $0.type == "FavoriteViewModel" && $0.factory == "FavoriteViewModel()" })
    #expect(!adoption.included.contains("News/Scene/Favorite/FavoriteViewModel+State.swift"))
  }

  @Test("a view-model's own file that imports an Apple framework Linux lacks is compiled without the import, its views left out whoever shows them; a service's file is not")
  func frameworkImportLeftOut() throws {
    var files = NewsApp.files
    // As IceCubesApp's status row guesses a post's language, and a service that is all AVFoundation.
    files["News/ViewModels/StatusRowViewModel.swift"] = """
      import Foundation
      import NaturalLanguage
      import SwiftUI

      @MainActor
      final class StatusRowViewModel: ObservableObject {
          @Published var language: String?
          let content: String
          init(content: String = "bonjour") { self.content = content }
          func detectLanguage() {
              let recognizer = NLLanguageRecognizer()
              recognizer.processString(content)
              language = recognizer.dominantLanguage?.rawValue
          }
      }

      struct StatusRowView: View {
          @StateObject var viewModel = StatusRowViewModel()
          var body: some View { Text(viewModel.language ?? "") }
      }
      """
    files["News/Services/SoundPlayer.swift"] = """
      import AVFoundation
      final class SoundPlayer {
          let player = AVPlayer()
      }
      """
    // The row's view is shown by another screen: it goes with the copy, as any view beside a
    // model does (pocket-casts' `SlumberViews.swift`, whose header the What's New screen shows).
    files["News/Views/Announcements.swift"] = """
      import SwiftUI
      struct Announcement {
          var header: AnyView { AnyView(StatusRowView()) }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.included.contains("News/ViewModels/StatusRowViewModel.swift"))
    #expect(adoption.models.contains { $0.type == "StatusRowViewModel" && $0.factory == "StatusRowViewModel()" })
    #expect(!adoption.included.contains("News/Services/SoundPlayer.swift"))
    let report = AdoptReport.text(adoption, shownFolder: "News")
    #expect(report.contains(
      "  News/ViewModels/StatusRowViewModel.swift without `StatusRowView`, "
        + "`import NaturalLanguage` (an Apple framework with no Linux version: what needs it is a seam)\n"))
    let output = FileManager.default.temporaryDirectory.path + "/vmrepl-adopt-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption).write()
    let copy = try String(contentsOfFile: output + "/Sources/News/filtered/News/ViewModels/StatusRowViewModel.swift", encoding: .utf8)
    let lines = copy.split(separator: "\n", omittingEmptySubsequences: false)
    // Blanked in place: every line keeps its number.
    #expect(lines[1].allSatisfy { $0 == " " })
    #expect(lines[2] == "import SwiftUI")
    #expect(lines[9] == "    func detectLanguage() {")
  }

  @Test("a view-model that only other view-models hold, whose file imports an Apple framework Linux lacks, is compiled without the import; one a service holds is not")
  func heldViewModelWithFrameworkImport() throws {
    var files = NewsApp.files
    // As mastodon's discovery screen holds its posts tab's model, which imports CoreData.
    files["News/Discovery/PostsViewModel.swift"] = """
      import Foundation
      import CoreData
      import Combine

      final class PostsViewModel: ObservableObject {
          @Published var titles: [String] = []
          func load() { titles = ["first"] }
      }
      """
    files["News/Discovery/DiscoveryViewModel.swift"] = """
      import Foundation
      import Combine

      final class DiscoveryViewModel: ObservableObject {
          @Published var tab = 0
          let posts = PostsViewModel()
      }
      """
    files["News/Purchases/PurchasesViewModel.swift"] = """
      import Foundation
      import StoreKit
      import Combine

      final class PurchasesViewModel: ObservableObject {
          @Published var isPro = false
      }
      """
    files["News/Purchases/Receipts.swift"] = """
      import Foundation

      final class Receipts {
          let purchases = PurchasesViewModel()
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.included.contains("News/Discovery/PostsViewModel.swift"))
    #expect(adoption.models.contains { $0.type == "PostsViewModel" })
    #expect(adoption.models.contains { $0.type == "DiscoveryViewModel" })
    // A service's: stood in, its members seams, as before.
    #expect(!adoption.included.contains("News/Purchases/PurchasesViewModel.swift"))
  }

  @Test("a views' helper that holds a screen's model is no user of it: the model is compiled without its framework import")
  func viewHelperHoldingModel() throws {
    var files = NewsApp.files
    // As IceCubesApp's StatusRowViewModel (imports NaturalLanguage for one language guess), which
    // `StatusRowAccessibilityLabel`, a struct the row view makes, holds to word the row's label.
    files["News/Row/RowViewModel.swift"] = """
      import Foundation
      import NaturalLanguage
      import Combine

      final class RowViewModel: ObservableObject {
          @Published var text = ""
          @Published var language: String?
          func detectLanguage() { language = NLLanguageRecognizer.dominantLanguage(for: text)?.rawValue }
          func expand() { text += "..." }
      }
      """
    files["News/Row/RowAccessibilityLabel.swift"] = """
      import Foundation

      struct RowAccessibilityLabel {
          let viewModel: RowViewModel
          var label: String { viewModel.text }
      }
      """
    files["News/Row/RowView.swift"] = """
      import SwiftUI

      struct RowView: View {
          @StateObject var viewModel = RowViewModel()
          var body: some View {
              Text(viewModel.text).accessibilityLabel(RowAccessibilityLabel(viewModel: viewModel).label)
          }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.included.contains("News/Row/RowViewModel.swift"))
    #expect(adoption.models.contains { $0.type == "RowViewModel" })
  }

  @Test("an optional client the view sets on its model from its environment is set by the registration after init, where adopt can make one")
  func viewSetClient() throws {
    var files = NewsApp.files
    // As IceCubesApp writes its list editor: the view hands the model its client in `.onAppear`;
    // without one every action returns at `guard let client`.
    files["News/Network/MastodonClient.swift"] = """
      import Foundation
      public final class MastodonClient {
          public let server: String
          public init(server: String) { self.server = server }
      }
      """
    files["News/ViewModels/ListEditViewModel.swift"] = """
      import Foundation

      @MainActor
      final class ListEditViewModel: ObservableObject {
          var client: MastodonClient?
          var theme: String?
          @Published var searchUserQuery = ""
          @Published var isSearching = false

          func searchUsers() async {
              guard let client, !searchUserQuery.isEmpty else { return }
              isSearching = true
              _ = client.server
          }
      }
      """
    files["News/Views/ListEditView.swift"] = """
      import SwiftUI
      struct ListEditView: View {
          @Environment(MastodonClient.self) private var client
          @StateObject private var viewModel = ListEditViewModel()
          var body: some View {
              Text(viewModel.searchUserQuery)
                  .onAppear {
                      viewModel.client = client
                      viewModel.theme = "dark"
                  }
                  .task { await viewModel.searchUsers() }
          }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "ListEditViewModel" })
    #expect(model.factory == #"{ () -> ListEditViewModel in let model = ListEditViewModel(); model.client = MastodonClient(server: context.options.string("server")); return model }()"#)
    #expect(model.options.count == 1)
    #expect(model.notes == [
      #"`client` set after `init` as ListEditView sets it (.onAppear, line 7), to `MastodonClient(server: context.options.string("server"))`"#
    ])
    #expect(model.connectSource == "ListEditView's .task (line 11)")
  }

  @Test("a coordinator-style model is made with vmrepl's navigation controller, and its pushes and dismissals are declared stand-ins (pocket-casts' CancelConfirmationViewModel)")
  func navigationController() throws {
    var files = NewsApp.files
    files["News/ViewModels/CancelConfirmationViewModel.swift"] = """
      import SwiftUI

      class CancelConfirmationViewModel: ObservableObject {
          let navigationController: UINavigationController
          init(navigationController: UINavigationController) { self.navigationController = navigationController }
          func goBackTapped() { navigationController.dismiss(animated: true) }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "CancelConfirmationViewModel" })
    #expect(model.factory == "CancelConfirmationViewModel(navigationController: UINavigationController(rootViewController: UIViewController()))")
    let generated = RegistrationWriter.generatedFile(adoption, modules: ["News"])
    #expect(generated.contains("@testable import News\nimport UIKit\nimport Foundation\n"))
    let why = LinuxSupport.navigationWhy
    #expect(generated.contains(#"declarations.append(StandInDeclaration("UINavigationController.pushViewController", signature: "func pushViewController(_ viewController: UIViewController, animated: Bool)", why: "\#(why)", hasDefault: true, models: []))"#))
    // A navigation controller dismisses as a view controller does.
    #expect(generated.contains(#"declarations.append(StandInDeclaration("UIViewController.dismiss", "#))
    // A stand-in returning a controller (pocket-casts' `PaidFeature.upgradeController`) returns
    // a new one unasked, as the compat type's default.
    #expect(StandInSource.hasDefault("UIViewController") && StandInSource.hasDefault("UINavigationController"))
    // A parenthesized type is the type; a tuple or a function type has no default.
    #expect(StandInSource.hasDefault("([EpisodeSyncInfo]?)") && StandInSource.hasDefault("((Int) -> Void)?"))
    #expect(!StandInSource.hasDefault("(Int, String?)") && !StandInSource.hasDefault("(Int) -> String?") && !StandInSource.hasDefault("(Int)"))
    // An app that names neither declares none of them.
    let plainFolder = try AppFolder("News", files: NewsApp.files)
    let plain = RegistrationWriter.generatedFile(Adoption(try AppSources.scan(folder: plainFolder.path)), modules: ["News"])
    #expect(!plain.contains("UIViewController"))
  }

  @Test("an init's parameter written as a type alias is made as the type it stands for, the alias nested in the model or in another (pocket-casts' `SortSetting`)")
  func typeAliasParameters() throws {
    var files = NewsApp.files
    files["News/ViewModels/BookmarkListViewModel.swift"] = """
      import SwiftUI

      enum BookmarkSortOption: String { case newestToOldest, oldestToNewest, timestamp }

      class BookmarkListViewModel: ObservableObject {
          typealias SortSetting = Binding<BookmarkSortOption>
          @Published var sortOption: BookmarkSortOption
          init(sortOption: SortSetting) { self.sortOption = sortOption.wrappedValue }
      }

      final class BookmarkPodcastListViewModel: BookmarkListViewModel {
          init(podcast: String, sortOption: BookmarkListViewModel.SortSetting) { super.init(sortOption: sortOption) }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let list = try #require(adoption.models.first { $0.type == "BookmarkListViewModel" })
    #expect(list.factory == "BookmarkListViewModel(sortOption: .constant(choice1(context)))")
    let podcast = try #require(adoption.models.first { $0.type == "BookmarkPodcastListViewModel" })
    #expect(podcast.factory == #"BookmarkPodcastListViewModel(podcast: context.options.string("podcast"), sortOption: .constant(choice1(context)))"#)
  }

  @Test("an init's enum with payloads is a `use` option of its cases, a callback a seam that does nothing but show its calls, a binding a constant")
  func payloadsClosuresBindings() throws {
    var files = NewsApp.files
    // As IceCubesApp's accounts list and Element X's and pocket-casts' sheets take them.
    files["News/ViewModels/AccountsListViewModel.swift"] = """
      import SwiftUI

      public enum AccountsListMode {
          case following(accountId: String)
          case followers(accountId: String)
          case favoritedBy(statusId: String)
          case accountsList(accounts: [String])
          case blocked, muted
          case custom((Int) -> Bool)
      }

      @MainActor
      final class AccountsListViewModel: ObservableObject {
          @Published var names: [String] = []
          init(mode: AccountsListMode, presented: Binding<Bool>, onSave: @escaping (String, Int) -> Void, onCancel: @escaping () -> Void) {}
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "AccountsListViewModel" })
    #expect(model.problem == nil)
    #expect(model.missing == [])
    #expect(model.factory == """
      AccountsListViewModel(mode: choice1(context), presented: .constant(context.options.bool("presented")), \
      onSave: { a0, a1 in StandIn.call("AccountsListViewModel.onSave", "onSave(\\(StandIn.text(a0)), \\(StandIn.text(a1)))") as Void }, \
      onCancel: { StandIn.call("AccountsListViewModel.onCancel", "onCancel()") as Void })
      """)
    #expect(model.choices == [
      """
      @MainActor private func choice1(_ context: ModelContext) -> AccountsListMode { switch context.options.string("mode") { \
      case "followers": return AccountsListMode.followers(accountId: context.options.string("accountId")); \
      case "favoritedBy": return AccountsListMode.favoritedBy(statusId: context.options.string("statusId")); \
      case "accountsList": return AccountsListMode.accountsList(accounts: []); \
      case "blocked": return AccountsListMode.blocked; case "muted": return AccountsListMode.muted; \
      default: return AccountsListMode.following(accountId: context.options.string("accountId")) } }
      """
    ])
    #expect(model.options.first?.hasPrefix(#"Parameter("accountId", .string"#) == true)
    #expect(model.options.contains(#"Parameter("mode", .oneOf(["following", "followers", "favoritedBy", "accountsList", "blocked", "muted"]), default: .word("following"), "AccountsListViewModel.init mode: AccountsListMode")"#))
    #expect(model.notes == [
      "`presented` is a constant binding: the view that owns the value is not here",
      "`onSave` is a callback seam (`AccountsListViewModel.onSave`): it does nothing but show each call in the transcript, since the app's caller, which passes its own, is not here",
      "`onCancel` is a callback seam (`AccountsListViewModel.onCancel`): it does nothing but show each call in the transcript, since the app's caller, which passes its own, is not here",
    ])
    // Declared with the stand-ins, so `respond`, `describe` and `audit` know them.
    #expect(model.callbacks.map(\.member) == ["AccountsListViewModel.onSave", "AccountsListViewModel.onCancel"])
    #expect(model.callbacks.first?.signature == "onSave: @escaping (String, Int) -> Void")
    #expect(model.callbacks.first?.why == "a callback the app's caller hands `AccountsListViewModel`; adopt's closure does nothing")
    let generated = RegistrationWriter.generatedFile(adoption, modules: [])
    #expect(generated.contains(#"""
      declarations.append(StandInDeclaration("AccountsListViewModel.onSave", signature: "onSave: @escaping (String, Int) -> Void", \#
      why: "a callback the app's caller hands `AccountsListViewModel`; adopt's closure does nothing", hasDefault: true, \#
      models: ["accountsList"], isCallback: true))
      """#))
    #expect(FactoryInference.callbackClosure(for: "@escaping((Relationship)->Void)", member: "M.f", name: "f")
      == #"{ a0 in StandIn.call("M.f", "f(\(StandIn.text(a0)))") as Void }"#)
    #expect(FactoryInference.callbackClosure(for: "@escaping@Sendable(Result<[Int],Error>)async->Void", member: "M.f", name: "f")
      == #"{ a0 in StandIn.call("M.f", "f(\(StandIn.text(a0)))") as Void }"#)
    #expect(FactoryInference.callbackClosure(for: "(String)->Bool", member: "M.f", name: "f") == nil)
    #expect(FactoryInference.callbackClosure(for: "(()->Void)?", member: "M.f", name: "f") == nil)
  }

  @Test("an enum nested in the model, written bare in its init and methods, is qualified in the registration")
  func nestedEnumQualified() throws {
    var files = NewsApp.files
    // As pocket-casts writes its bookmark editor and rating screen.
    files["News/ViewModels/BookmarkEditViewModel.swift"] = """
      import Foundation
      final class BookmarkEditViewModel: ObservableObject {
          @Published var title = ""
          let editState: EditState
          init(state: EditState) { editState = state }
          func rate(source: RatingSource = .button) {}
          enum EditState { case adding, updating }
          enum RatingSource: String { case button, swipe }
      }
      final class RatePodcastViewModel: ObservableObject {
          @Published var rating = 0
          init(dismissAction: DismissAction) {}
          enum DismissAction { case `default`, later }
      }
      enum AnalyticsEvent { \((1...20).map { "case event\($0)" }.joined(separator: "; ")) }
      final class TrackerViewModel: ObservableObject {
          @Published var count = 0
          init(event: AnalyticsEvent) {}
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "BookmarkEditViewModel" })
    #expect(model.factory == "BookmarkEditViewModel(state: choice1(context))")
    #expect(model.choices == [
      """
      @MainActor private func choice1(_ context: ModelContext) -> BookmarkEditViewModel.EditState { switch context.options.string("state") { \
      case "adding": return BookmarkEditViewModel.EditState.adding; default: return BookmarkEditViewModel.EditState.updating } }
      """
    ])
    #expect(model.actions.first { $0.name == "rate" }?.call.contains("BookmarkEditViewModel.RatingSource.swipe") == true)
    // A case the declaration quotes (a keyword) is the word without its backticks.
    let rating = try #require(adoption.models.first { $0.type == "RatePodcastViewModel" })
    #expect(rating.options == [
      #"Parameter("dismissAction", .oneOf(["default", "later"]), default: .word("default"), "RatePodcastViewModel.init dismissAction: RatePodcastViewModel.DismissAction")"#
    ])
    #expect(rating.choices.first?.contains(#"default: return RatePodcastViewModel.DismissAction.later"#) == true)
    // An analytics event's many cases: their words are a list declared apart.
    let tracker = try #require(adoption.models.first { $0.type == "TrackerViewModel" })
    #expect(tracker.wordLists == [(1...20).map { "event\($0)" }])
    let lines = RegistrationWriter.definition(tracker)
    #expect(lines[1] == "private let adoptedTrackerChoiceWords1: [String] = [" + (1...20).map { "\"event\($0)\"" }.joined(separator: ", ") + "]")
    #expect(lines.contains(#"    Parameter("event", .oneOf(adoptedTrackerChoiceWords1), default: .word("event1"), "TrackerViewModel.init event: AnalyticsEvent"),"#))
    #expect(lines.contains("  TrackerViewModel(event: adoptedTrackerChoice1(context))"))
  }

  @Test("a type nested in a private one is private: two generated files that both declare it are no duplicates")
  func nestedInPrivate() throws {
    var files = NewsApp.files
    for name in ["api", "files"] {
      files["News/Protobuffer/\(name).pb.swift"] = """
        import Foundation
        fileprivate struct _GeneratedWithProtocGenSwiftVersion {
          struct _2 {}
        }
        struct \(name == "api" ? "Api" : "Files")_Request { var id = 0 }
        """
    }
    files["News/ViewModels/UploadsViewModel.swift"] = """
      import Foundation
      final class UploadsViewModel: ObservableObject {
          @Published var pending: [Files_Request] = []
          @Published var last = Api_Request()
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.models.map(\.type).contains("UploadsViewModel"))
    #expect(!adoption.leftOut.contains { $0.path.hasSuffix(".pb.swift") })
  }

  @Test("Package.resolved in version 1 (pins under object, repositoryURL) and 2 (identity, location) read alike")
  func resolvedVersions() throws {
    let folder = try AppFolder("Pins", files: [
      "v1/Package.resolved": """
        { "object": { "pins": [ { "package": "Alamofire", "repositoryURL": "https://github.com/Alamofire/Alamofire.git",
          "state": { "branch": null, "revision": "f96b619bcb2383b43d898402283924b80e2c4bae", "version": "5.4.3" } } ] }, "version": 1 }
        """,
      "v2/Package.resolved": """
        { "pins" : [ { "identity" : "swiftsoup", "kind" : "remoteSourceControl", "location" : "https://github.com/scinfu/SwiftSoup.git",
          "state" : { "branch" : "master", "revision" : "3c2c7e1e72b8abd96eafbae80323c5c1e5317437" } } ], "version" : 2 }
        """,
    ])
    let pins = PinnedPackages(root: folder.path, resolved: ["v1/Package.resolved", "v2/Package.resolved"]).pins
    #expect(pins.map { "\($0.identity) \($0.location) \($0.version) \($0.revision ?? "-")" } == [
      "alamofire github.com/Alamofire/Alamofire 5.4.3 f96b619bcb2383b43d898402283924b80e2c4bae",
      "swiftsoup github.com/scinfu/SwiftSoup master 3c2c7e1e72b8abd96eafbae80323c5c1e5317437",
    ])
  }

  @Test("a base class's method whose body only traps is no action: a subclass implements it, and no starter calls it")
  func abstractMethod() throws {
    var files = NewsApp.files
    files["News/ViewModels/TabFetcher.swift"] = """
      import Foundation
      class TabFetcher: ObservableObject {
          @Published var items: [String] = []
          func fetchNextPage() async { fatalError("Subclasses must implement fetchNextPage") }
          func reset() { items = [] }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "TabFetcher" })
    #expect(model.actions.map(\.name) == ["reset"])
    #expect(model.skipped.map(\.reason) == ["its body only traps (`fatalError`): a subclass implements it"])
  }

  @Test("an import is said for what it is: a pinned package's (declared), an Apple framework, a pod, or unknown (left out)")
  func unsupportedImports() throws {
    let folder = try AppFolder("Shop", files: [
      "Cart.swift": "import FirebaseFirestore\nfinal class CartViewModel: ObservableObject { @Published var count = 0 }\n",
      "Map.swift": "import MapKit\nfinal class MapViewModel: ObservableObject {}\n",
      "Feed.swift": "import RxSwift\nfinal class FeedViewModel {}\n",
      "Charts.swift": "import DGCharts\nfinal class ChartsViewModel {}\n",
      "Podfile.lock": "PODS:\n  - RxSwift (6.5.0)\n  - RxCocoa (6.5.0):\n    - RxRelay (= 6.5.0)\n\nCOCOAPODS: 1.12.1\n",
      "Shop.xcodeproj/project.pbxproj": """
        { objects = {
            P = {isa = PBXProject; mainGroup = G; targets = (); packageReferences = (R); };
            G = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            R = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://github.com/firebase/firebase-ios-sdk.git"; };
            D = {isa = XCSwiftPackageProductDependency; package = R; productName = FirebaseFirestore; };
          };
          rootObject = P; }
        """,
      "Shop.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved": """
        { "pins" : [ { "identity" : "firebase-ios-sdk", "kind" : "remoteSourceControl",
            "location" : "https://github.com/firebase/firebase-ios-sdk.git",
            "state" : { "revision" : "8bcaf973b1d84e119b7c7c119abad72ed460979f", "version" : "10.18.0" } } ],
          "version" : 2 }
        """,
    ])
    let app = try folder.scanOnly()
    #expect(app.files.map { "\($0.path): \($0.blockers.joined(separator: "; "))" } == [
      "Cart.swift: ",
      "Charts.swift: imports `DGCharts`, found in none of the app's modules or declared packages (adopt cannot add it to the package)",
      "Feed.swift: imports `RxSwift`, a CocoaPods pod of the app (6.5.0), which adopt does not add to the package",
      "Map.swift: imports `MapKit`, an Apple framework with no Linux version",
    ])
    #expect(app.files.first?.packageImports == ["FirebaseFirestore"])
    #expect(app.pins.pin(forModule: "FirebaseFirestore")?.location == "github.com/firebase/firebase-ios-sdk")
    #expect(app.pins.pin(forModule: "FirebaseFirestoreSwift")?.location == "github.com/firebase/firebase-ios-sdk")
    #expect(app.pins.pin(forModule: "SwiftSoup") == nil)
  }

  @Test("a module of a package's family is that package's (`OrderedCollections` of swift-collections); an Apple framework never is (`QuickLook` is not Quick's)")
  func moduleFamiliesAndAppleNames() throws {
    let folder = try AppFolder("Chat", files: [
      "Timeline.swift": "import OrderedCollections\nfinal class TimelineViewModel {}\n",
      "Preview.swift": "import QuickLook\nfinal class PreviewViewModel {}\n",
      "Chat.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved": """
        { "pins" : [
            { "identity" : "quick", "kind" : "remoteSourceControl", "location" : "https://github.com/Quick/Quick",
              "state" : { "revision" : "1111111111111111111111111111111111111111", "version" : "6.1.0" } },
            { "identity" : "swift-collections", "kind" : "remoteSourceControl", "location" : "https://github.com/apple/swift-collections",
              "state" : { "revision" : "a0cb0954ecb21e4e31b0070e6ed5674e8556685a", "version" : "1.6.0" } },
            { "identity" : "swift-async-algorithms", "kind" : "remoteSourceControl", "location" : "https://github.com/apple/swift-async-algorithms",
              "state" : { "revision" : "2222222222222222222222222222222222222222", "version" : "1.1.4" } } ],
          "version" : 2 }
        """,
    ])
    let app = try folder.scanOnly()
    #expect(app.files.map { "\($0.path): \($0.packageImports) \($0.blockers.joined(separator: "; "))" } == [
      "Preview.swift: [] imports `QuickLook`, an Apple framework with no Linux version",
      "Timeline.swift: [\"OrderedCollections\"] ",
    ])
    #expect(app.pins.pin(forModule: "OrderedCollections")?.location == "github.com/apple/swift-collections")
    #expect(app.pins.pin(forModule: "Quick")?.location == "github.com/Quick/Quick")
    #expect(app.pins.pin(forModule: "DequeModule") == nil)
    #expect(app.pins.pin(forModule: "AsyncAlgorithms")?.location == "github.com/apple/swift-async-algorithms")
    #expect(app.pins.pin(forModule: "Collections")?.location == "github.com/apple/swift-collections")
  }

  @Test("a package declared but pinned nowhere is asked for at its declared requirement, as SwiftPM and Xcode ask on the user's machine")
  func declaredRequirements() throws {
    let folder = try AppFolder("Shop", files: [
      "Log.swift": "import SwiftyBeaver\nlet log = SwiftyBeaver.self\n",
      "Keys.swift": "import KeychainAccess\nlet keychain = Keychain()\n",
      "Shop.xcodeproj/project.pbxproj": """
        { objects = {
            P = {isa = PBXProject; mainGroup = G; targets = (); packageReferences = (R); };
            G = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            R = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://github.com/SwiftyBeaver/SwiftyBeaver"; requirement = {kind = upToNextMajorVersion; minimumVersion = 2.0.0; }; };
            D = {isa = XCSwiftPackageProductDependency; package = R; productName = SwiftyBeaver; };
          };
          rootObject = P; }
        """,
      "Packages/Kit/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
          name: "Kit",
          dependencies: [.package(url: "https://github.com/kishikawakatsumi/KeychainAccess.git", "4.2.0"..<"5.0.0")],
          targets: [.target(name: "Kit", dependencies: [.product(name: "KeychainAccess", package: "KeychainAccess")])]
        )
        """,
      "Packages/Kit/Sources/Kit/Kit.swift": "import KeychainAccess\npublic struct Kit {}\n",
    ])
    let app = try AppSources.scan(folder: folder.path)
    #expect(app.files.allSatisfy { $0.blockers.isEmpty })
    #expect(app.pins.pins.map { "\($0.location) \($0.declared ?? "pinned")" } == [
      "github.com/kishikawakatsumi/KeychainAccess \"4.2.0\"..<\"5.0.0\"",
      "github.com/SwiftyBeaver/SwiftyBeaver from: \"2.0.0\"",
    ])
    #expect(app.pins.pins.map(\.version) == ["4.2.0..<5.0.0", "from 2.0.0"])
  }

  @Test("a local package's macro (element-x's `@UserPreference`) is compiled as its package declares it: the declaring file kept, the macro target over swift-syntax at its requirement")
  func localMacroTarget() throws {
    let folder = try AppFolder("Chat", files: [
      "Chat/Settings/AppSettings.swift": """
        import Foundation
        import Macros

        final class AppSettings {
            @UserPreference
            var lastVersionLaunched: String?
        }
        """,
      "Chat/Settings/SettingsScreenViewModel.swift": """
        import Foundation

        @MainActor
        final class SettingsScreenViewModel: ObservableObject {
            @Published var version: String?
            private let settings = AppSettings()
            init() {}
            func load() { version = settings.lastVersionLaunched }
        }
        """,
      "BuildExtensions/Package.swift": """
        // swift-tools-version: 6.0
        import CompilerPluginSupport
        import PackageDescription
        let package = Package(
          name: "BuildExtensions",
          platforms: [.macOS(.v15)],
          products: [.library(name: "Macros", targets: ["Macros"])],
          dependencies: [.package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")],
          targets: [
            .target(name: "Macros", dependencies: ["MacrosImplementation"]),
            .macro(name: "MacrosImplementation", dependencies: [
              .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
              .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]),
          ]
        )
        """,
      "BuildExtensions/Sources/Macros/UserPreference.swift": """
        @attached(accessor)
        public macro UserPreference(key: String? = nil) = #externalMacro(module: "MacrosImplementation", type: "UserPreferenceMacro")
        """,
      "BuildExtensions/Sources/Macros/Unused.swift": "public struct Unused {}\n",
      "BuildExtensions/Sources/MacrosImplementation/UserPreferenceMacro.swift": """
        import SwiftCompilerPlugin
        import SwiftSyntaxMacros

        public enum UserPreferenceMacro {}
        """,
    ])
    let app = try AppSources.scan(folder: folder.path)
    #expect(app.macros == [LocalMacro(
      name: "MacrosImplementation", folder: "BuildExtensions/Sources/MacrosImplementation", exclude: [], languageMode: "6",
      products: [.init(name: "SwiftSyntaxMacros", url: "https://github.com/swiftlang/swift-syntax"),
                 .init(name: "SwiftCompilerPlugin", url: "https://github.com/swiftlang/swift-syntax")])])
    // The macro's files are the compiler's, not the app's.
    #expect(app.files.map(\.path) == [
      "BuildExtensions/Sources/Macros/Unused.swift", "BuildExtensions/Sources/Macros/UserPreference.swift",
      "Chat/Settings/AppSettings.swift", "Chat/Settings/SettingsScreenViewModel.swift",
    ])
    let adoption = Adoption(app)
    #expect(adoption.included == [
      "BuildExtensions/Sources/Macros/UserPreference.swift", "Chat/Settings/AppSettings.swift", "Chat/Settings/SettingsScreenViewModel.swift",
    ])
    #expect(adoption.targets.first { $0.name == "Macros" }?.macros == ["MacrosImplementation"])
    #expect(adoption.packages.map { "\($0.location) \($0.requirement)" } == ["github.com/swiftlang/swift-syntax \"603.0.1\"..<\"604.0.0\""])
    let output = FileManager.default.temporaryDirectory.path + "/vmrepl-adopt-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption).write()
    let manifest = try String(contentsOfFile: output + "/Package.swift", encoding: .utf8)
    #expect(manifest.contains("\nimport CompilerPluginSupport\nimport PackageDescription\n"))
    #expect(manifest.contains(#"    .package(url: "https://github.com/swiftlang/swift-syntax", "603.0.1"..<"604.0.0"),"#))
    #expect(manifest.contains(#"dependencies: [.product(name: "AppleCompat", package: "vmrepl"), "MacrosImplementation"],"#))
    #expect(manifest.contains("""
          // macro MacrosImplementation of a local package, in BuildExtensions/Sources/MacrosImplementation
          .macro(
            name: "MacrosImplementation",
            dependencies: [.product(name: "SwiftSyntaxMacros", package: "swift-syntax"), .product(name: "SwiftCompilerPlugin", package: "swift-syntax")],
            path: "Sources/MacrosImplementation",
            exclude: [],
            sources: ["app"],
            swiftSettings: [.swiftLanguageMode(.v6)]
          ),
      """), "\(manifest)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output + "/Sources/MacrosImplementation/app").hasSuffix("BuildExtensions/Sources/MacrosImplementation"))
  }

  @Test("a compiler killed for memory is told apart from an error in a file: the build goes again one job at a time")
  func compilerKilled() {
    #expect(PackageBuild.compilerWasKilled("error: compile command failed due to signal 9 (use -v to see invocation)"))
    #expect(!PackageBuild.compilerWasKilled("/x/app/Feed.swift:3:1: error: cannot find 'UIImage' in scope"))
  }

  @Test("a binary target whose download failed from a host that names no package leaves out the declared package that needs it, unvendored")
  func unfetchedBinary() throws {
    let folder = try AppFolder("checkouts", files: [
      "firebase-ios-sdk/Package.swift": #"dependencies: [.package(url: "https://github.com/google/grpc-binary.git", from: "1.62.0")], targets: [.binaryTarget(name: "FirebaseAnalytics", url: "https://dl.google.com/x.zip", checksum: "0")]"#,
      "grpc-binary/Package.swift": #"targets: [.binaryTarget(name: "grpcpp", url: "https://dl.google.com/grpcpp.zip", checksum: "0")]"#,
    ])
    let firebase = PackagePlan(PinnedPackages.Pin(
      location: "github.com/firebase/firebase-ios-sdk", url: "https://github.com/firebase/firebase-ios-sdk", revision: nil, version: "10.25.0",
      identity: "firebase-ios-sdk"))
    let log = """
      error: failed downloading 'https://dl.google.com/firebase/ios/swiftpm/10.25.0/FirebaseAnalytics.zip' which is required by binary target 'FirebaseAnalytics': downloadError("...")
      error: failed downloading 'https://dl.google.com/firebase/ios/bin/grpc/1.62.2/rc0/grpcpp.zip' which is required by binary target 'grpcpp': downloadError("...")
      """
    #expect(PackageBuild.blamedPackages(in: log, packages: [firebase]).isEmpty)
    #expect(PackageBuild.packagesNeedingBinaries(in: log, packages: [firebase], checkouts: folder.path).map { "\($0.0): \($0.1)" } == [
      "firebase-ios-sdk: does not resolve here: it needs the binary target 'FirebaseAnalytics' (an Apple framework), whose download failed"
    ])
  }

  @Test("a product asked for by its module's name is asked for by the name its package gives it")
  func productNamedByModule() throws {
    // As home-assistant imports HAKit's `HAKit+PromiseKit` product: `import HAKit_PromiseKit`.
    let folder = try AppFolder("checkouts", files: [
      "HAKit/Package.swift": #"""
        let package = Package(
            name: "HAKit",
            products: [
                .library(name: "HAKit", targets: ["HAKit"]),
                .library(
                    name: "HAKit+PromiseKit",
                    targets: ["HAKit+PromiseKit"]
                ),
            ]
        )
        """#,
    ])
    let log = """
      error: 'home-assistant+ios-vmrepl': product 'HAKit_PromiseKit' required by package 'home-assistant+ios-vmrepl' target 'Shared' \
      not found in package 'hakit'. Did you mean '.product(name: "hakit_HAKit+PromiseKit", package: "hakit")'?
      """
    #expect(PackageBuild.libraryNames(in: try String(contentsOfFile: folder.path + "/HAKit/Package.swift", encoding: .utf8)) == ["HAKit", "HAKit+PromiseKit"])
    let renamed = PackageBuild.renamedProducts(in: log, checkouts: folder.path)
    #expect(renamed.map(\.module) == ["HAKit_PromiseKit"])
    #expect(renamed.map(\.product) == ["HAKit+PromiseKit"])
    var mending = Mending()
    let first = mending.renameProducts(namedIn: log, checkouts: folder.path)
    let again = mending.renameProducts(namedIn: log, checkouts: folder.path)
    #expect(first)
    #expect(!again)
    #expect(mending.productNames == ["HAKit_PromiseKit": "HAKit+PromiseKit"])
    // A product no library of the package makes a module of: nothing renamed (it is left out as before).
    #expect(PackageBuild.renamedProducts(in: log.replacingOccurrences(of: "HAKit_PromiseKit", with: "HAKit_Mocks"), checkouts: folder.path).isEmpty)
  }

  @Test("packages whose sources import what Linux lacks are read from their checkouts, with the package that needs them, not found one build at a time")
  func predictedUnbuildable() throws {
    let folder = try AppFolder("checkouts", files: [
      // mastodon's Tabman needs Pageboy, which imports UIKit outside any #if.
      "Tabman/Package.swift": #"dependencies: [.package(url: "https://github.com/uias/Pageboy", from: "4.0.0")]"#,
      "Tabman/Sources/Tabman/Bar.swift": "#if canImport(UIKit)\nimport UIKit\n#endif\nimport Foundation\n",
      "Pageboy/Package.swift": "dependencies: []",
      "Pageboy/Sources/Pageboy/Page.swift": "// Pageboy\nimport Foundation\n@_exported import UIKit\n",
      // An Objective-C library (FXPageControl's header).
      "FXPageControl/Package.swift": #"targets: [.target(name: "FXPageControl", path: "FXPageControl")]"#,
      "FXPageControl/FXPageControl/include/FXPageControl.h": "#import <UIKit/UIKit.h>\n",
      "FXPageControl/FXPageControl/FXPageControl.m": "#import \"FXPageControl.h\"\n",
      // UIKit only under #if, or in its tests and example app: it builds.
      "Alamofire/Package.swift": #"targets: [.target(name: "Alamofire", path: "Source")]"#,
      "Alamofire/Source/Session.swift": "import Foundation\nimport CoreFoundation\n#if canImport(UIKit)\nimport UIKit\n#endif\n",
      "Alamofire/Tests/SessionTests.swift": "import UIKit\n",
      // A file its manifest excludes (PromiseKit's `after.m`).
      "Alamofire/Package@swift-5.3.swift": #"let excluded = ["after.m"]"#,
      "Alamofire/Source/after.m": "#import <Foundation/Foundation.h>\n",
      "Alamofire/Example/App.swift": "import SwiftUI\n",
    ])
    func plan(_ name: String, _ owner: String) -> PackagePlan {
      PackagePlan(PinnedPackages.Pin(
        location: "github.com/\(owner)/\(name)", url: "https://github.com/\(owner)/\(name)", revision: nil, version: "1.0.0", identity: name.lowercased()))
    }
    let packages = [plan("Alamofire", "Alamofire"), plan("FXPageControl", "nicklockwood"), plan("Tabman", "uias")]
    let predicted = PackageBuild.packagesPredictedUnbuildable(packages: packages, checkouts: folder.path)
    #expect(predicted.map(\.0) == ["fxpagecontrol", "tabman"])
    #expect(predicted.map(\.1) == [
      "does not build on Linux: FXPageControl/include/FXPageControl.h imports UIKit for Objective-C",
      "does not build on Linux: it needs pageboy, which does not: Sources/Pageboy/Page.swift imports `UIKit`",
    ])
    // The first build that names one leaves out, or compiles from its sources, the others too.
    var mending = Mending()
    let log = "\(folder.path)/Tabman/Sources/Tabman/Bar.swift:8:8: error: no such module 'UIKit'"
    #expect(mending.dropPackages(blamedIn: log, packages: packages, checkouts: folder.path).sorted() == ["fxpagecontrol", "tabman"])
  }

  @Test("a dependency of a dependency SwiftPM could not fetch leaves out the declared package that needs it")
  func unfetchedDependency() throws {
    let folder = try AppFolder("checkouts", files: [
      "SQLite.swift/Package.swift": #"dependencies: [.package(url: "https://github.com/stephencelis/CSQLite", from: "3.0.0")]"#,
      "Bodega/Package.swift": #"dependencies: [.package(url: "https://github.com/stephencelis/SQLite.swift.git", from: "0.14.1")]"#,
      "Other/Package.swift": "dependencies: []",
    ])
    let bodega = PackagePlan(PinnedPackages.Pin(
      location: "github.com/mergesort/Bodega", url: "https://github.com/mergesort/Bodega", revision: nil, version: "2.1.3", identity: "bodega"))
    let log = """
      warning: 'csqlite': skipping cache due to an error: Failed to clone repository https://github.com/stephencelis/CSQLite:
      error: Failed to clone repository https://github.com/stephencelis/CSQLite:
      """
    #expect(PackageBuild.blamedPackages(in: log, packages: [bodega]).isEmpty)
    let blamed = PackageBuild.packagesNeedingUnfetched(in: log, packages: [bodega], checkouts: folder.path)
    #expect(blamed.map(\.0) == ["bodega"])
    #expect(blamed.map(\.1) == ["does not resolve here: it needs https://github.com/stephencelis/CSQLite, which SwiftPM could not fetch"])
    // A dependency's snapshot that lacks some of its files (mastodon's SDWebImage, under Kingfisher's).
    try "dependencies: [.package(url: \"https://github.com/SDWebImage/SDWebImage.git\", from: \"5.0.0\")]"
      .write(toFile: folder.path + "/SQLite.swift/Package.swift", atomically: true, encoding: .utf8)
    // A dependency of a dependency whose sources do not build on Linux (mastodon's Pageboy, under Tabman).
    let unbuilt = "\(folder.path)/Pageboy/Sources/Pageboy/Page.swift:9:8: error: no such module 'UIKit'"
    try "dependencies: [.package(url: \"https://github.com/uias/Pageboy\", from: \"4.0.0\")]"
      .write(toFile: folder.path + "/Bodega/Package.swift", atomically: true, encoding: .utf8)
    #expect(PackageBuild.blamedPackages(in: unbuilt.replacingOccurrences(of: folder.path, with: "/x/checkouts"), packages: [bodega]).isEmpty)
    #expect(PackageBuild.packagesNeedingUnbuildable(in: unbuilt.replacingOccurrences(of: folder.path, with: "/x/checkouts"), packages: [bodega], checkouts: folder.path).map(\.1) == [
      "does not build on Linux: it needs pageboy, which does not: no such module 'UIKit'"
    ])
    // An Objective-C target of a dependency, named by its derived sources' folder.
    let derived = "/x/.build/x86_64-unknown-linux-gnu/debug/PageboyCore.build/DerivedSources/resource_bundle_accessor.h:2:9: fatal error: 'Foundation/Foundation.h' file not found"
    try FileManager.default.createDirectory(atPath: folder.path + "/Pageboy", withIntermediateDirectories: true)
    try #"targets: [.target(name: "PageboyCore")]"#.write(toFile: folder.path + "/Pageboy/Package.swift", atomically: true, encoding: .utf8)
    #expect(PackageBuild.packagesNeedingUnbuildable(in: derived, packages: [bodega], checkouts: folder.path).map(\.0) == ["bodega"])
    // A C module of a dependency that clashes with the toolchain's headers, named by no path
    // (mastodon's Kanna: libxml2's headers meet Foundation's ICU).
    let clash = "/opt/swift/usr/lib/swift/_foundation_unicode/utypes.h:681:5: error: 'U_MF_DUPLICATE_VARIANT_ERROR' from module "
      + "'_FoundationICU' is not present in definition of 'enum UErrorCode' in module 'libxml2'"
    try #"targets: [.systemLibrary(name: "libxml2", path: "Modules"), .target(name: "PageboyCore")]"#
      .write(toFile: folder.path + "/Pageboy/Package.swift", atomically: true, encoding: .utf8)
    #expect(PackageBuild.packagesNeedingUnbuildable(in: clash, packages: [bodega], checkouts: folder.path).map(\.1) == [
      "does not build on Linux: it needs libxml2, which does not: 'U_MF_DUPLICATE_VARIANT_ERROR' from module '_FoundationICU' "
        + "is not present in definition of 'enum UErrorCode' in module 'libxml2'"
    ])
    #expect(PackageBuild.packagesNeedingUnbuildable(in: "x.swift:1:1: error: cannot find 'y' in module 'Foundation'", packages: [bodega], checkouts: folder.path).isEmpty)
    try #"dependencies: [.package(url: "https://github.com/stephencelis/SQLite.swift.git", from: "0.14.1")]"#
      .write(toFile: folder.path + "/Bodega/Package.swift", atomically: true, encoding: .utf8)
    let checkout = "error: 'sdwebimage': Couldn’t check out revision ‘36e79ba485e9bb4d3cd4e3318908866dac5e7b51’:"
    #expect(PackageBuild.packagesNeedingUnfetched(in: checkout, packages: [bodega], checkouts: folder.path).map(\.1) == [
      "does not resolve here: it needs sdwebimage, whose pinned revision SwiftPM could not check out"
    ])
    // A branch a dependency's manifest asks for that the repository served does not have
    // (ChatGPTSwiftUI's swift-markdown asks swift-cmark for `gfm`).
    try #"dependencies: [.package(url: "https://github.com/apple/swift-cmark.git", branch: "gfm")]"#
      .write(toFile: folder.path + "/SQLite.swift/Package.swift", atomically: true, encoding: .utf8)
    let branch = "error: could not find a branch named ‘gfm’ in /work/reports/mirrors/apple/swift-cmark"
    #expect(PackageBuild.packagesNeedingUnfetched(in: branch, packages: [bodega], checkouts: folder.path).map(\.1) == [
      "does not resolve here: it needs /work/reports/mirrors/apple/swift-cmark, whose branch ‘gfm’ SwiftPM could not find"
    ])
  }

  @Test("names: model names without ViewModel, identifiers and executables from app names")
  func names() {
    #expect(ModelPlan.lowerFirst("URLListViewModel".replacingOccurrences(of: "ViewModel", with: "")) == "urlList")
    #expect(ModelPlan.lowerFirst("Search") == "search")
    #expect(PackageWriter.identifier("My App") == "MyApp")
    #expect(PackageWriter.identifier("2048") == "_2048")
    #expect(PackageWriter.kebab("StockAnalyzer") == "stock-analyzer")
    #expect(PackageWriter.relativePath(from: "/a/b/c", to: "/a/d") == "../../d")
  }

  @Test("a bad path is an error that says what adopt takes")
  func badPath() {
    #expect(throws: AdoptError("no folder at /nonexistent/App: give the app's folder, its Xcode project's folder or a package")) {
      try AppSources.scan(folder: "/nonexistent/App")
    }
  }
}

extension AppFolder {
  borrowing func scanOnly() throws -> AppSources { try AppSources.scan(folder: path) }
}

@Suite("vmrepl adopt: each file parsed once per text")
struct ParsedFilesTests {
  @Test("a file read again with the same text gives the same facts; with a new text, the new text's")
  func cachedByText() {
    let path = "Cache/\(UUID().uuidString)/Model.swift"
    let first = ParsedFiles.facts(of: "final class Model: ObservableObject { @Published var count = 0 }\n", path: path)
    #expect(first == FactsVisitor.facts(of: "final class Model: ObservableObject { @Published var count = 0 }\n", path: path))
    #expect(ParsedFiles.facts(of: "final class Model: ObservableObject { @Published var count = 0 }\n", path: path) == first)
    let changed = ParsedFiles.facts(of: "struct Model { var name = \"\" }\n", path: path)
    #expect(changed.types.map(\.kind) == [.struct])
    #expect(changed != first)
  }

  @Test("a method taking an enum of view actions with payloads (element-x's `process(viewAction:)`) is an action per case: its payloads the case's parameters, a case whose payload a command cannot write left out with why; a sort order's cases are no actions")
  func viewActionCases() throws {
    let folder = try AppFolder("Settings", files: [
      "Settings/AdvancedSettingsScreenModels.swift": """
        import Foundation

        enum TimelineMediaVisibility { case always, privateOnly, never }

        enum AdvancedSettingsScreenViewAction {
            case optimizeMediaUploadsChanged
            case updateTimelineMediaVisibility(TimelineMediaVisibility)
            case updateHideInviteAvatars(Bool)
            case rename(to: String, notify: Bool?)
            case openURL(URL)
            case share(Data)
        }

        enum SortOrder { case name, popularity(days: Int) }
        """,
      "Settings/AdvancedSettingsScreenViewModel.swift": """
        import Combine

        @MainActor
        final class AdvancedSettingsScreenViewModel: ObservableObject {
            @Published var hideInviteAvatars = false
            @Published var visibility = TimelineMediaVisibility.always
            @Published var name = ""

            func process(viewAction: AdvancedSettingsScreenViewAction) {
                switch viewAction {
                case .optimizeMediaUploadsChanged: break
                case .updateTimelineMediaVisibility(let value): visibility = value
                case .updateHideInviteAvatars(let value): hideInviteAvatars = value
                case .rename(let name, _): self.name = name
                case .openURL, .share: break
                }
            }

            func sorted(by order: SortOrder) -> [String] { [] }
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first)
    #expect(model.actions.map(\.name) == ["optimizeMediaUploadsChanged", "updateTimelineMediaVisibility", "updateHideInviteAvatars", "rename", "openURL"])
    #expect(model.skipped == [
      ModelPlan.Skipped(selector: "process(viewAction: .share(_:))", reason: "its payload takes `Data`, which a command cannot write"),
      ModelPlan.Skipped(selector: "sorted(by:)", reason: "takes `order: SortOrder`, which a command cannot write"),
    ])
    let definition = RegistrationWriter.definition(model)
    #expect(definition.contains(
      #"  model.action("updateHideInviteAvatars", "process(viewAction: .updateHideInviteAvatars(_:))", parameters: [Parameter("value", .bool)]) { viewModel, arguments in viewModel.process(viewAction: AdvancedSettingsScreenViewAction.updateHideInviteAvatars(arguments.bool("value"))) }"#))
    #expect(definition.contains { $0.contains(#"viewModel.process(viewAction: AdvancedSettingsScreenViewAction.rename(to: arguments.string("to"), notify: (arguments["notify"] == CommandValue.null ? nil : arguments.bool("notify"))))"#) })
    #expect(definition.contains { $0.contains(#"model.action("optimizeMediaUploadsChanged", "process(viewAction: .optimizeMediaUploadsChanged)")"#) })
  }

  @Test("an enum of view actions whose cases carry nothing (element-x's `SecureBackupLogoutConfirmationScreenViewAction`) is an action per case too, each reached by its own button; a method returning a value for such an enum (`label(for:)`) stays one action")
  func viewActionCasesWithoutPayloads() throws {
    let folder = try AppFolder("Backup", files: [
      "Backup/SecureBackupLogoutConfirmationScreenModels.swift": """
        import Foundation

        enum SecureBackupLogoutConfirmationScreenViewAction {
            case cancel
            case settings
            case logout
        }
        """,
      "Backup/SecureBackupLogoutConfirmationScreenViewModel.swift": """
        import Combine

        @MainActor
        final class SecureBackupLogoutConfirmationScreenViewModel: ObservableObject {
            @Published var isWaiting = false

            func process(viewAction: SecureBackupLogoutConfirmationScreenViewAction) {
                switch viewAction {
                case .cancel: isWaiting = false
                case .settings: break
                case .logout: isWaiting = true
                }
            }

            func title(for viewAction: SecureBackupLogoutConfirmationScreenViewAction) -> String { "" }
        }
        """,
      "Backup/SecureBackupLogoutConfirmationScreen.swift": """
        import SwiftUI

        struct SecureBackupLogoutConfirmationScreen: View {
            @ObservedObject var context: SecureBackupLogoutConfirmationScreenViewModel

            var body: some View {
                VStack {
                    Button("Sign out") { context.process(viewAction: .logout) }
                    Button("Cancel") { context.process(viewAction: .cancel) }
                }
            }
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first)
    #expect(model.actions.map(\.name) == ["cancel", "settings", "logout", "title"])
    let definition = RegistrationWriter.definition(model)
    #expect(definition.contains(
      #"  model.action("logout", "process(viewAction: .logout)") { viewModel, _ in viewModel.process(viewAction: SecureBackupLogoutConfirmationScreenViewAction.logout) }"#))
    #expect(definition.contains { $0.contains(#"model.action("title", "title(for:) -> String", parameters: [Parameter("viewAction", .oneOf(["cancel", "settings", "logout"]))])"#) })
    #expect(definition.contains(#"  model.reachedBy("logout", ["the \"Sign out\" button (SecureBackupLogoutConfirmationScreen.swift:8)"])"#))
  }
}
