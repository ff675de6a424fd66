import Foundation
import Testing

@testable import Adopt

/// The app folders in `Tests/AdoptTests/Apps`, laid out as the public apps of docs/corpus/apps.tsv
/// are; scripts/check-adopt adopts and builds them too.
enum Apps {
  static func folder(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Apps/" + name).path
  }

  /// Element X's `CurrentValuePublisher` as Ivory keeps it: the generic publisher other apps'
  /// fixtures declare too.
  static var elementXPublisher: String {
    get throws { try String(contentsOfFile: folder("Ivory") + "/Ivory/Other/CurrentValuePublisher.swift", encoding: .utf8) }
  }
}

@Suite("vmrepl adopt on apps laid out as public apps are")
struct AppLayoutTests {
  @Test("a stand-up app: a view-model beside its view, one nested in its view, an extension of a left-out type, singletons, @objc, a file outside the app target")
  func standup() throws {
    let adoption = Adoption(try AppSources.scan(folder: Apps.folder("Standup")))
    // The REPL says the app target's bundle identifier (ShareSettings unwraps it for its app group).
    #expect(adoption.app.bundleIdentifier == "io.standup.Standup")
    #expect(RegistrationWriter.mainFile(bundleIdentifier: adoption.app.bundleIdentifier).contains(#"AppBundle.identify(as: "io.standup.Standup")"#))
    // A project that writes none (Ivory's), or one built from variables: one made of the app's name.
    #expect(try AppSources.scan(folder: Apps.folder("Ivory")).bundleIdentifier == "com.example.Ivory")
    #expect(AdoptReport.text(adoption, shownFolder: "Standup") == """
      Standup: 12 Swift files in Standup

      view-models (6 registered of 8 found):
        playerState: PlayerState, Standup/Models/PlayerState.swift:3, made as PlayerState()
          actions: toggle
          set: isPlaying, volume
        scrumTimer: ScrumTimer, Standup/Models/ScrumTimer.swift:3, made as ScrumTimer()
          actions: startScrum, stopScrum
          set: secondsElapsed, speaker
        shareSettings: ShareSettings, Standup/Models/ShareSettings.swift:5, made as ShareSettings()
          actions: toggleNotes, sendToggleNotes, setNotes value, rename to notify
          set: includeNotes, groupName
          only the model's own code calls: toggleNotes (no view or other file of the app does): `audit` does not send it
          not an action: send(_: .share(_:)): its payload takes `ShareSettings`, which a command cannot write
        SessionStore, Standup/Services/SessionStore.swift:3: not registered: it has no init adopt can call (each is private or async) and no `static let shared`
          write in Overrides.swift, in `overrides`: ModelDefinition("sessionStore", summary: "SessionStore") { _ in <a SessionStore, made as the app makes one> } describe: { _ in }
        themeService: ThemeService, Standup/Services/ThemeService.swift:3, made as ThemeService.shared
          note: made as `ThemeService.shared`, its one instance: its init cannot be called from outside
          actions: none
          set: accent
        homeView: HomeView.ViewModel, Standup/Views/HomeView+ViewModel.swift:4, made as HomeView.ViewModel()
          actions: load
        meeting: MeetingViewModel, Standup/Views/MeetingView.swift:8, made as MeetingViewModel()
          actions: next
          set: title
          no view sets: title (no view of the app binds or assigns it): `audit` does not set it
        ScrumTimer: left out: Old/ScrumTimer.swift not in the Xcode project's app target `Standup`

      compiled (8 files): Standup/Models/PlayerState.swift, Standup/Models/ScrumTimer.swift, Standup/Models/ShareSettings.swift, Standup/Services/SessionStore.swift, Standup/Services/ThemeService.swift, Standup/Support/Strings.swift, Standup/Views/HomeView+ViewModel.swift, Standup/Views/MeetingView.swift
      compiled as filtered copies (2 files, what cannot build on Linux blanked out, lines kept):
        Standup/Models/PlayerState.swift without `@objc`
        Standup/Views/MeetingView.swift without `MeetingView`, `#Preview` (lines 14-16)
      stand-ins (2 files left out, whose types kept files use: generated seams that `respond`/`stub` answer, listed by `describe`):
        Standup/Models/DailyScrum.swift: `DailyScrum`: values whose storage and inits are the app's own, no member a seam
        Standup/Views/HomeView.swift: `HomeView`: values whose storage and inits are the app's own, no member a seam
          omitted: HomeView.body: `some View` is a type the package does not have
      left out, not part of the app's build (1 file):
        Old/ScrumTimer.swift: not in the Xcode project's app target `Standup`
      left out, cannot build on Linux (3 files):
        Standup/Models/DailyScrum.swift: imports `ActivityKit`, an Apple framework with no Linux version
        Standup/StandupApp.swift: declares the app `StandupApp`
        Standup/Views/HomeView.swift: declares the SwiftUI view `HomeView`

      """)
  }

  @Test("the filtered copy blanks what it leaves out, line for line, and says so at its end")
  func filteredCopy() throws {
    let app = try AppSources.scan(folder: Apps.folder("Standup"))
    let output = FileManager.default.temporaryDirectory.path + "/vmrepl-adopt-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: Adoption(app)).write()
    let copy = try String(contentsOfFile: output + "/Sources/Standup/filtered/Standup/Views/MeetingView.swift", encoding: .utf8)
    let original = try String(contentsOfFile: Apps.folder("Standup") + "/Standup/Views/MeetingView.swift", encoding: .utf8)
    let lines = copy.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == original.split(separator: "\n", omittingEmptySubsequences: false).count + 1)
    #expect(lines[7...11].joined(separator: "\n") == """
      final class MeetingViewModel: ObservableObject {
          @Published var title = ""
          let placeholder = UIImage(systemName: "person.crop.circle")
          func next() { title = speakerTitle }
      }
      """)
    #expect(lines[0...6].allSatisfy { $0.allSatisfy(\.isWhitespace) || $0 == "import SwiftUI" })
    #expect(lines.last == "")
    #expect(lines[lines.count - 2] == "// Generated by `vmrepl adopt` from Standup/Views/MeetingView.swift, without `MeetingView`, `#Preview` (lines 14-16) (Linux cannot build them); every adopt rewrites it.")
    // The view a view-model is nested in is a generated stand-in: its name, not its body.
    let standIn = try String(contentsOfFile: output + "/Sources/Standup/standins/Standup/Views/HomeView.swift", encoding: .utf8)
    #expect(standIn.hasSuffix("""
      struct HomeView {
      }

      """))
    let manifest = try String(contentsOfFile: output + "/Package.swift", encoding: .utf8)
    #expect(manifest.contains("""
            sources: [
              "filtered/Standup/Models/PlayerState.swift",
              "app/Standup/Models/ScrumTimer.swift",
              "app/Standup/Models/ShareSettings.swift",
              "app/Standup/Services/SessionStore.swift",
              "app/Standup/Services/ThemeService.swift",
              "app/Standup/Support/Strings.swift",
              "app/Standup/Views/HomeView+ViewModel.swift",
              "filtered/Standup/Views/MeetingView.swift",
              "standins/Standup/Models/DailyScrum.swift",
              "standins/Standup/Views/HomeView.swift",
            ],
      """))
    // DailyScrum's file imports ActivityKit; ScrumTimer.swift's `extension DailyScrum` is kept,
    // over the generated stand-in of the value, whose storage is the app's own.
    let dailyScrum = try String(contentsOfFile: output + "/Sources/Standup/standins/Standup/Models/DailyScrum.swift", encoding: .utf8)
    #expect(dailyScrum.hasSuffix("""
      import Foundation
      import StandInSupport

      struct DailyScrum: Identifiable {
        let id = UUID()
        var title: String
        var lengthInMinutes: Int
      }

      """))
  }

  @Test("a client app: its local packages' modules are targets, with their dependencies, nested entities, Bundle.module and a model value made as a sample")
  func localPackages() throws {
    let app = try AppSources.scan(folder: Apps.folder("Ivory"))
    let adoption = Adoption(app)
    #expect(AdoptReport.text(adoption, shownFolder: "Ivory") == """
      Ivory: 13 Swift files in Ivory

      view-models (4 registered of 4 found):
        accountDetail: AccountDetailViewModel, Ivory/Account/AccountDetailViewModel.swift:5, made as AccountDetailViewModel(account: (StandIn.sample("AccountDetailViewModel.account", "account: Account") as Account))
          note: `account: Account` is a sample, decoded from its own shape (empty strings, zero numbers, no optionals, empty lists): adopt cannot call its inits; the transcript shows `AccountDetailViewModel.account`
          actions: toggleFollow
          set: isFollowing
        compose: ComposeViewModel, Ivory/Compose/ComposeViewModel.swift:6, made as ComposeViewModel()
          actions: none
          set: text
        roomList: RoomListViewModel, Ivory/Rooms/RoomListViewModel.swift:6, made as RoomListViewModel(selectedRoomPublisher: CurrentValuePublisher<String?, Never>(CurrentValueSubject<String?, Never>(nil)), searchTextPublisher: PassthroughSubject<String, Never>())
          note: `subject` of `CurrentValuePublisher` is a new `CurrentValueSubject<String?, Never>` holding nil: its value changes only where the model sends one, since the app's caller, which holds it, is not here
          note: `searchTextPublisher` is a new `PassthroughSubject<String, Never>`: nothing sends on it but the model, since the app's caller, which holds it, is not here
          actions: none
          set: searchText
        timeline: TimelineViewModel, Ivory/Timeline/TimelineViewModel.swift:6, made as TimelineViewModel()
          actions: refresh (async)
          set: isLoading

      compiled (10 files): Ivory/Account/AccountDetailViewModel.swift, Ivory/Compose/ComposeViewModel.swift, Ivory/Other/CurrentValuePublisher.swift, Ivory/Rooms/RoomListViewModel.swift, Ivory/Timeline/TimelineViewModel.swift, Packages/Models/Sources/Models/Account.swift, Packages/Models/Sources/Models/Entity/Poll.swift, Packages/Models/Sources/Models/Mastodon.swift, Packages/Models/Sources/Models/Status.swift, Packages/Network/Sources/Network/Client.swift
      stand-ins (1 file left out, whose types kept files use: generated seams that `respond`/`stub` answer, listed by `describe`):
        Packages/Assets/Sources/Assets/Generated/Assets.swift: `Asset`, `ColorAsset`, 5 members answered by the scenario
      modules compiled as targets of their own: Assets (0 files), DesignSystem (0 files), Models (4 files), Network (1 file)
        Network reads `Bundle.module`: the package carries none of its resources, so it is the main bundle there
      left out, cannot build on Linux (3 files):
        Ivory/IvoryApp.swift: declares the app `IvoryApp`
        Packages/Assets/Sources/Assets/Generated/Assets.swift: imports `AppKit`, an Apple framework with no Linux version
        Packages/DesignSystem/Sources/DesignSystem/AvatarView.swift: declares the SwiftUI view `AvatarView`

      """)
    #expect(adoption.targets.map { "\($0.name) \($0.folder) \($0.languageMode) \($0.dependencies)" } == [
      "Ivory . 5 [\"Assets\", \"DesignSystem\", \"Models\", \"Network\"]",
      "Assets Packages/Assets/Sources/Assets 5 []",
      "DesignSystem Packages/DesignSystem/Sources/DesignSystem 6 []",
      "Models Packages/Models/Sources/Models 5 []",
      "Network Packages/Network/Sources/Network 5 [\"Models\"]",
    ])
    let manifest = PackageWriter(output: "/tmp/Ivory-vmrepl", vmrepl: "/opt/vmrepl", adoption: adoption).manifest()
    #expect(manifest.contains("""
          // module DesignSystem of a local package, in Packages/DesignSystem/Sources/DesignSystem
          .target(
            name: "DesignSystem",
            dependencies: [.product(name: "AppleCompat", package: "vmrepl")],
            path: "Sources/DesignSystem",
            exclude: [
              "app",
            ],
            sources: [
              "Empty.generated.swift",
            ],
            swiftSettings: [
              .swiftLanguageMode(.v6),
      """))
    #expect(manifest.contains("""
              "Ivory", "Assets", "DesignSystem", "Models", "Network", .product(name: "Scenario", package: "vmrepl"),
      """))
  }

  @Test("a target named `HAKit+PromiseKit` is the module `HAKit_PromiseKit` the app imports: a dependency, imported by that name")
  func targetNameWithPlus() throws {
    // As home-assistant's HAKit, compiled from its sources: a target whose name is no Swift identifier.
    let folder = try AppFolder("Home", files: [
      "Home.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Kit/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Kit", targets: [
          .target(name: "HAKit"),
          .target(name: "HAKit+PromiseKit", dependencies: ["HAKit"]),
        ])
        """,
      "Kit/Sources/HAKit/HAConnection.swift": "public final class HAConnection { public init() {} }\n",
      "Kit/Sources/HAKit+PromiseKit/HAConnection+Promise.swift": """
        import HAKit
        public extension HAConnection { func ping() -> Int { 1 } }
        """,
      "Home/AssistViewModel.swift": """
        import Foundation
        import Combine
        import HAKit
        import HAKit_PromiseKit

        final class AssistViewModel: ObservableObject {
            @Published var pings = 0
            let connection = HAConnection()
            func ping() { pings = connection.ping() }
        }
        """,
      "Home/HomeApp.swift": "import SwiftUI\n@main struct HomeApp: App { var body: some Scene { WindowGroup { Text(\"\") } } }\n",
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path, vendored: [(folder.path + "/Kit", "github.com/home-assistant/HAKit")]))
    #expect(adoption.models.map(\.type) == ["AssistViewModel"])
    #expect(adoption.targets.first { $0.name == "Home" }?.dependencies == ["HAKit", "HAKit+PromiseKit"])
    #expect(adoption.targets.first { $0.name == "Home" }?.products == [])
    let text = RegistrationWriter.generatedFile(adoption, modules: adoption.targets.map { PackageBuild.moduleName(of: $0.name) })
    #expect(text.contains("@testable import HAKit_PromiseKit\n"))
    #expect(!text.contains("HAKit+PromiseKit"))
  }


  @Test("a module's file of `@_exported import`s is compiled with the module, and its target depends on what it re-exports")
  func reexportedModules() throws {
    // As home-assistant's Shared re-exports HANetworking, whose `Server` ~30 app files name
    // through `import Shared` alone; the `#if os(iOS)` re-export compiles nothing on Linux.
    let folder = try AppFolder("Home", files: [
      "Home.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Kit/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Kit", targets: [
          .target(name: "Networking"),
          .target(name: "Haptics"),
          .target(name: "Shared", dependencies: ["Networking", "Haptics"]),
        ])
        """,
      "Kit/Sources/Networking/Server.swift": "public final class Server { public let name: String; public init(name: String) { self.name = name } }\n",
      "Kit/Sources/Haptics/Haptics.swift": "public enum Haptics { public static func tap() {} }\n",
      "Kit/Sources/Shared/Exports.swift": """
        @_exported import Networking
        #if os(iOS)
        @_exported import Haptics
        #endif
        """,
      "Kit/Sources/Shared/Unused.swift": "public enum Unused {}\n",
      "Home/ConnectionViewModel.swift": """
        import Foundation
        import Combine
        import Shared

        final class ConnectionViewModel: ObservableObject {
            @Published var name = ""
            let server: Server
            init(server: Server) { self.server = server }
            func load() { name = server.name }
        }
        """,
      "Home/HomeApp.swift": "import SwiftUI\n@main struct HomeApp: App { var body: some Scene { WindowGroup { Text(\"\") } } }\n",
    ])
    let app = try AppSources.scan(folder: folder.path)
    #expect(app.files.first { $0.path == "Kit/Sources/Shared/Exports.swift" }?.exportedImports == ["Networking"])
    let adoption = Adoption(app)
    #expect(adoption.models.map(\.type) == ["ConnectionViewModel"])
    let shared = adoption.targets.first { $0.name == "Shared" }
    #expect(shared?.sources == ["Exports.swift"])
    #expect(shared?.dependencies.contains("Networking") == true)
    #expect(adoption.targets.first { $0.name == "Networking" }?.sources == ["Server.swift"])
  }

  @Test("an import under `#if canImport` of itself that Linux does not take keeps no file out: HAKit's `#if canImport(Network)`")
  func guardedImports() throws {
    let folder = try AppFolder("Home", files: [
      "Home/ReconnectManager.swift": """
        import Foundation
        #if canImport(Network)
        import Network
        #endif
        #if canImport(Darwin)
        import Darwin
        #elseif canImport(Glibc)
        import Glibc
        #endif
        #if canImport(ActivityKit) && os(iOS)
        import ActivityKit
        #endif

        final class ReconnectManager {
            #if canImport(Network)
            let monitor = NWPathMonitor()
            #endif
            var retries = 0
            init() {}
        }
        """,
      "Home/Device.swift": """
        #if canImport(Network)
        #else
        import CoreLocation
        #endif
        import Foundation
        struct Device { var name = "" }
        """,
      "Home/ConnectionViewModel.swift": """
        import Foundation
        import Combine

        final class ConnectionViewModel: ObservableObject {
            @Published var retries = 0
            let manager = ReconnectManager()
            func reconnect() { manager.retries += 1; retries = manager.retries }
        }
        """,
    ])
    let app = try AppSources.scan(folder: folder.path)
    let manager = try #require(app.files.first { $0.path == "Home/ReconnectManager.swift" })
    #expect(manager.importsLinuxSkips == ["Network", "Glibc", "ActivityKit"])
    #expect(manager.blockers == [])
    #expect(manager.appleImports.isEmpty)
    let device = try #require(app.files.first { $0.path == "Home/Device.swift" })
    #expect(device.blockers == ["imports `CoreLocation`, an Apple framework with no Linux version"])
    // SwiftGen's chain: the code after it names `NSColor` or `UIColor`, whichever it imported.
    let assets = FactsVisitor.facts(of: "#if os(macOS)\nimport AppKit\n#elseif os(iOS)\nimport UIKit\n#endif\n", path: "Assets.swift")
    #expect(assets.importsLinuxSkips.isEmpty)
    let adoption = Adoption(app)
    #expect(adoption.models.map(\.type) == ["ConnectionViewModel"])
    #expect(adoption.included.contains("Home/ReconnectManager.swift"))
  }

  @Test("a file extending a standard type is compiled when a kept file calls its member: mastodon's `isNotEmpty`")
  func standardTypeExtensionMembers() throws {
    let folder = try AppFolder("Social", files: [
      "Social/Extension/Collection+IsNotEmpty.swift": """
        import Foundation

        extension Collection {
            var isNotEmpty: Bool {
                !isEmpty
            }
        }
        """,
      "Social/Extension/Date+Unused.swift": "import Foundation\nextension Date { var isPast: Bool { self < Date() } }\n",
      "Social/SuggestionViewModel.swift": """
        import Foundation
        import Combine

        final class SuggestionViewModel: ObservableObject {
            @Published var names: [String] = []
            @Published var hasSuggestions = false
            func update() { hasSuggestions = names.isNotEmpty }
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.models.map(\.type) == ["SuggestionViewModel"])
    #expect(adoption.included.sorted() == ["Social/Extension/Collection+IsNotEmpty.swift", "Social/SuggestionViewModel.swift"])
  }

  @Test("a name means a type of a module the file sees: a package compiled from its sources that declares the same name is not pulled in")
  func namesOfModulesNotImported() throws {
    // As home-assistant's requests name Alamofire's `HTTPMethod`, and DebugSwift (compiled from
    // its sources) declares one too: none of DebugSwift's files is the requests' business.
    let folder = try AppFolder("Home", files: [
      "Home.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Debug/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "DebugKit", targets: [.target(name: "DebugKit")])
        """,
      "Debug/Sources/DebugKit/NetworkConfig.swift": """
        public enum HTTPMethod: String { case get, post }
        public struct RequestDelay { public var method: HTTPMethod = .get }
        """,
      "Debug/Sources/DebugKit/Console.swift": "public final class Console { public init() {} }\n",
      "Home/Route.swift": """
        import Foundation

        struct HTTPMethod: Equatable { let rawValue: String; static let get = HTTPMethod(rawValue: "GET") }
        """,
      "Home/RoutesViewModel.swift": """
        import Foundation
        import Combine

        final class RoutesViewModel: ObservableObject {
            @Published var method = HTTPMethod.get
            func post() { method = HTTPMethod(rawValue: "POST") }
        }
        """,
      "Home/DebugViewModel.swift": """
        import Foundation
        import Combine
        import DebugKit

        final class DebugViewModel: ObservableObject {
            @Published var delay = RequestDelay()
            let console = Console()
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path, vendored: [(folder.path + "/Debug", "github.com/example/DebugKit")]))
    #expect(adoption.models.map(\.type).sorted() == ["DebugViewModel", "RoutesViewModel"])
    #expect(adoption.included.sorted() == [
      "Debug/Sources/DebugKit/Console.swift", "Debug/Sources/DebugKit/NetworkConfig.swift",
      "Home/DebugViewModel.swift", "Home/Route.swift", "Home/RoutesViewModel.swift",
    ])
    // Without `DebugViewModel`, nothing names DebugKit's files.
    let alone = try AppFolder("Home", files: [
      "Home.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Debug/Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"DebugKit\", targets: [.target(name: \"DebugKit\")])\n",
      "Debug/Sources/DebugKit/NetworkConfig.swift": "public enum HTTPMethod: String { case get, post }\n",
      "Home/RoutesViewModel.swift": """
        import Foundation
        import Combine

        final class RoutesViewModel: ObservableObject {
            @Published var method = HTTPMethod.get
        }
        """,
    ])
    let routes = Adoption(try AppSources.scan(folder: alone.path, vendored: [(alone.path + "/Debug", "github.com/example/DebugKit")]))
    #expect(routes.included == ["Home/RoutesViewModel.swift"])
  }
  @Test("a local package whose manifest cannot be read is said, and its module is then unknown")
  func unreadablePackage() throws {
    let folder = try AppFolder("Broken", files: [
      "Broken/BrokenViewModel.swift": "import Foundation\nimport Kit\nfinal class BrokenViewModel: ObservableObject {}\n",
      "Kit/Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")]\n",
      "Kit/Sources/Kit/Kit.swift": "public struct Kit {}\n",
    ])
    let app = try AppSources.scan(folder: folder.path)
    #expect(app.unreadPackages.map(\.path) == ["Kit"])
    #expect(app.unreadPackages.first?.reason.contains("error") == true)
    #expect(app.files.map(\.blockers) == [["imports `Kit`, found in none of the app's modules or declared packages (adopt cannot add it to the package)"]])
  }

  @Test("the Xcode project's app target: an iOS application's files, through groups or a synchronized folder")
  func xcodeProject() throws {
    let synchronized = try #require(XcodeProject(pbxproj: try String(contentsOfFile: Apps.folder("Standup") + "/Standup.xcodeproj/project.pbxproj", encoding: .utf8)))
    #expect(synchronized.appTarget == "Standup")
    #expect(synchronized.contains("Standup/Models/ScrumTimer.swift"))
    #expect(!synchronized.contains("Old/ScrumTimer.swift"))
    let grouped = try #require(XcodeProject(pbxproj: """
      {
        objects = {
          P = {isa = PBXProject; mainGroup = G; targets = (MAC, IOS); };
          G = {isa = PBXGroup; children = (IOSG, MACG); sourceTree = "<group>"; };
          IOSG = {isa = PBXGroup; children = (F1); path = iOS; sourceTree = "<group>"; };
          MACG = {isa = PBXGroup; children = (F2, F3); path = Mac; sourceTree = "<group>"; };
          F1 /* AppDefaults.swift */ = {isa = PBXFileReference; path = AppDefaults.swift; sourceTree = "<group>"; };
          F2 /* AppDefaults.swift */ = {isa = PBXFileReference; path = AppDefaults.swift; sourceTree = "<group>"; };
          F3 = {isa = PBXFileReference; path = "Main Window.swift"; sourceTree = "<group>"; };
          B1 = {isa = PBXBuildFile; fileRef = F1; };
          B2 = {isa = PBXBuildFile; fileRef = F2; };
          B3 = {isa = PBXBuildFile; fileRef = F3; };
          S1 = {isa = PBXSourcesBuildPhase; files = (B1); };
          S2 = {isa = PBXSourcesBuildPhase; files = (B2, B3); };
          IOS = {isa = PBXNativeTarget; name = "NetNews iOS"; productType = "com.apple.product-type.application"; buildPhases = (S1); };
          MAC = {isa = PBXNativeTarget; name = NetNews; productType = "com.apple.product-type.application"; buildPhases = (S2); };
        };
        rootObject = P;
      }
      """))
    // The Mac app compiles more files; the iOS one is the app a view-model is written for.
    #expect(grouped.appTarget == "NetNews iOS")
    #expect(grouped.contains("iOS/AppDefaults.swift"))
    #expect(!grouped.contains("Mac/AppDefaults.swift"))
    #expect(XcodeProject(pbxproj: "{ objects = ") == nil)
  }

  @Test("the compiler's errors are placed in the app's files, through each target's link, and in the registrations, one per line; one in a macro's expansion in the file its note names, at the note's line where the expansion names its own")
  func rejections() throws {
    let app = try AppSources.scan(folder: Apps.folder("Ivory"))
    let adoption = Adoption(app)
    let log = """
      Building for debugging...
      /out/Sources/Network/app/Client.swift:12:23: error: cannot find 'URLCache' in scope
      10 |
      /out/Sources/Network/app/Client.swift:14:9: error: a second error of the same file
      /out/Sources/Ivory/app/Ivory/Timeline/TimelineViewModel.swift:3:8: error: no such module 'Network'
      /out/Sources/ivory-repl/Models.generated.swift:18:3: error: 'TimelineViewModel' initializer is inaccessible
      /out/Sources/ivory-repl/main.swift:1:1: warning: not an error
      error: emit-module command failed with exit code 1 (use -v to see invocation)
      Ivory/TimelineViewModel.swift:29:22: error: cannot find 'itemsProvider' in scope
      `- /out/Sources/Ivory/app/Ivory/Timeline/TimelineViewModel.swift:33:6: note: expanded code originates here
          |   |                      `- error: cannot find 'itemsProvider' in scope
      macro expansion @ObservationTracked:2:30: error: cannot find type 'PhotosPickerItem' in scope
      `- /out/Sources/Ivory/app/Ivory/Timeline/TimelineViewModel.swift:40:4: note: expanded code originates here
          |   |                              `- error: cannot find type 'PhotosPickerItem' in scope
      """
    let found = PackageBuild.rejections(in: log, output: "/out", app: app, targets: adoption.targets, executable: "ivory-repl")
    #expect(found == [
      .init(path: "Packages/Network/Sources/Network/Client.swift", line: 12, message: "cannot find 'URLCache' in scope"),
      // Each line's own: a second member rejected in the same build is blanked out too.
      .init(path: "Packages/Network/Sources/Network/Client.swift", line: 14, message: "a second error of the same file"),
      .init(path: "Ivory/Timeline/TimelineViewModel.swift", line: 3, message: "no such module 'Network'"),
      .init(path: nil, line: 18, message: "'TimelineViewModel' initializer is inaccessible"),
      // In a macro's expansion (`@Observable`'s accessors): the source's line, in the file the note names.
      .init(path: "Ivory/Timeline/TimelineViewModel.swift", line: 29, message: "cannot find 'itemsProvider' in scope"),
      // Named by the expansion's own line (`@ObservationTracked:2`): the note's line, the property's.
      .init(path: "Ivory/Timeline/TimelineViewModel.swift", line: 40, message: "cannot find type 'PhotosPickerItem' in scope"),
    ])
    let generated = RegistrationWriter.generatedFile(adoption, modules: adoption.targets.map(\.name))
    let line = try #require(generated.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("TimelineViewModel(") })
    #expect(PackageBuild.model(atLine: line + 1, of: generated, in: adoption.models)?.type == "TimelineViewModel")
    #expect(PackageBuild.model(atLine: 2, of: generated, in: adoption.models) == nil)
    // A model's helpers come before its `let`: a line of them is that model's, not the one's above.
    let helpers = """
      let adoptedFirst = ModelDefinition("first", summary: "First") { _ in First() }
      // Second, Second.swift:3
      @MainActor private func adoptedSecondChoice1(_ context: ModelContext) -> Mode { .a }
      private let adoptedSecondChoiceWords1: [String] = ["a"]
      let adoptedSecond = ModelDefinition(
        "second", summary: "Second"
      ) { context in Second(mode: adoptedSecondChoice1(context)) }
      """
    let models = ["First", "Second"].map { ModelPlan(type: DeclaredType(name: $0, kind: .class), path: $0 + ".swift", index: TypeIndex([])) }
    #expect((1...7).map { PackageBuild.model(atLine: $0, of: helpers, in: models)?.type } == ["First", "First", "Second", "Second", "Second", "Second", "Second"])
  }

  @Test("a file the compiler rejected is left out with its error, and what needs it with that reason")
  func rejectedFile() throws {
    let app = try AppSources.scan(folder: Apps.folder("Standup"))
    let adoption = Adoption(app, rejected: [
      "Standup/Support/Strings.swift": "does not compile on Linux: line 1: an error",
      "Standup/Views/MeetingView.swift": "does not compile on Linux: line 10: value of type 'UIImage' has no member 'jpegData'",
    ], unregistered: ["ThemeService": "line 30: 'init()' is inaccessible"])
    // A filtered copy the compiler rejected is left out with the compiler's reason, not its views'.
    #expect(adoption.skippedModels.contains(.init(
      type: "MeetingViewModel", path: "Standup/Views/MeetingView.swift",
      reason: "Standup/Views/MeetingView.swift does not compile on Linux: line 10: value of type 'UIImage' has no member 'jpegData'")))
    let report = AdoptReport.text(adoption, shownFolder: "Standup")
    #expect(report.contains("""
        ThemeService, Standup/Services/ThemeService.swift:3: not registered: its generated registration did not compile: line 30: 'init()' is inaccessible
      """))
    #expect(report.contains("""
      left out, cannot build on Linux (5 files):
        Standup/Models/DailyScrum.swift: imports `ActivityKit`, an Apple framework with no Linux version
        Standup/StandupApp.swift: declares the app `StandupApp`
        Standup/Support/Strings.swift: does not compile on Linux: line 1: an error
        Standup/Views/HomeView.swift: declares the SwiftUI view `HomeView`
        Standup/Views/MeetingView.swift: does not compile on Linux: line 10: value of type 'UIImage' has no member 'jpegData'
      """))
    let generated = RegistrationWriter.generatedFile(adoption, modules: ["Standup"])
    #expect(!generated.contains("  adoptedThemeService,"))
    #expect(generated.contains("#warning(\"vmrepl adopt: ThemeService is not registered: its generated registration did not compile on Linux."))
  }

  @Test("two files of the app that declare one type: one is kept, and the report says which, for want of a project")
  func duplicate() throws {
    var files = NewsApp.files
    files["News/Archive/SettingsStore.swift"] = "import Observation\n@Observable\nfinal class SettingsStore {\n    var darkMode = true\n}\n"
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.leftOut.contains(.init(
      path: "News/Settings/SettingsStore.swift",
      reason: "declares `SettingsStore` again (also in News/Archive/SettingsStore.swift, which adopt keeps)")))
    #expect(adoption.models.filter { $0.type == "SettingsStore" }.map(\.path) == ["News/Archive/SettingsStore.swift"])
  }

  @Test("a stand-in imports the third-party module its file imports, and its target depends on the product, where the package resolves")
  func standInImportsPackage() throws {
    // mastodon's AlamofireImage, compiled from its sources: `ImageDownloader` names Alamofire's types.
    let folder = try AppFolder("Reader", files: [
      "Reader.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved": """
        { "pins" : [ { "identity" : "swiftsoup", "kind" : "remoteSourceControl",
            "location" : "https://github.com/scinfu/SwiftSoup.git",
            "state" : { "revision" : "d86f244ed497d48012782e2f59c985a55e77b3f5", "version" : "2.11.3" } } ],
          "version" : 2 }
        """,
      "Reader.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Reader/ArticleRenderer.swift": """
        import QuickLook
        import SwiftSoup

        final class ArticleRenderer {
            func preview(_ document: Document) -> QLPreviewController { QLPreviewController() }
            func title(of document: Document) -> String { (try? document.title()) ?? "" }
        }
        """,
      "Reader/ArticleViewModel.swift": """
        import Foundation

        final class ArticleViewModel: ObservableObject {
            @Published var title = ""
            let renderer = ArticleRenderer()
        }
        """,
    ])
    let adoption = Adoption(try folder.scanOnly())
    #expect(adoption.seams["Reader/ArticleRenderer.swift"]?.types == ["ArticleRenderer"])
    #expect(adoption.targets.first?.products == [#".product(name: "SwiftSoup", package: "SwiftSoup")"#])
    #expect(adoption.packages.map(\.identity) == ["swiftsoup"])
    let standIn = try #require(StandInFiles(adoption).files.first { $0.appPath == "Reader/ArticleRenderer.swift" })
    #expect(standIn.generated.text.contains("import SwiftSoup\n"))
    // Which types the module has is not read: a member that names one is left out, and said.
    #expect(standIn.generated.omitted.contains("ArticleRenderer.title: its signature names a type the package does not have"))
  }

  @Test("a stand-in imports the local module its file imports, and its target depends on that module's; an Apple module's counterpart too")
  func standInImportsLocalModule() throws {
    // home-assistant's HADesignSystem: `ExternalLinkButton` imports HAIconic, which no file the
    // target compiles imports; stood in, it failed "no such module 'HAIconic'", one a build.
    let folder = try AppFolder("Gallery", files: [
      "Gallery.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Design/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Design", targets: [
            .target(name: "DesignSystem", dependencies: ["Iconic"]),
            .target(name: "Iconic"),
        ])
        """,
      "Design/Sources/Iconic/Icon.swift": "public enum Icon { case close, share }\n",
      "Design/Sources/DesignSystem/Tokens.swift": "public enum Tokens { public static let spacing = 8 }\n",
      "Design/Sources/DesignSystem/Previewer.swift": """
        import QuickLook
        import CryptoKit
        import Iconic

        public final class Previewer {
            public init() {}
            public func icon() -> Icon { .share }
            public func controller() -> QLPreviewController { QLPreviewController() }
        }
        """,
      "Gallery/GalleryViewModel.swift": """
        import Foundation
        import DesignSystem
        import Iconic

        final class GalleryViewModel: ObservableObject {
            @Published var spacing = Tokens.spacing
            @Published var closeIcon = Icon.close
            let previewer = Previewer()
        }
        """,
    ])
    let adoption = Adoption(try folder.scanOnly())
    #expect(adoption.seams["Design/Sources/DesignSystem/Previewer.swift"]?.types == ["Previewer"])
    #expect(adoption.targets.first { $0.name == "DesignSystem" }?.dependencies == ["Iconic"])
    let standIn = try #require(StandInFiles(adoption).files.first { $0.appPath == "Design/Sources/DesignSystem/Previewer.swift" })
    #expect(standIn.generated.text.contains("import Iconic\n"))
    #expect(standIn.generated.text.contains("func icon() -> Icon"))
    // An Apple module with a Linux counterpart that only a stand-in imports is its target's too
    // (home-assistant's stood-in `ClientCertificate`: "no such module 'CryptoKit'").
    #expect(standIn.generated.text.contains("import CryptoKit\n"))
    #expect(adoption.targets.first { $0.name == "DesignSystem" }?.counterparts == ["CryptoKit"])
    #expect(adoption.targets.first { $0.name == "DesignSystem" }?.products.contains { $0.contains("swift-crypto") } == true)
  }

  @Test("a third-party package the app pins is declared at its pin, and a file that imports it depends on its product")
  func pinnedPackage() throws {
    let folder = try AppFolder("Reader", files: [
      "Reader.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved": """
        { "pins" : [ { "identity" : "swiftsoup", "kind" : "remoteSourceControl",
            "location" : "https://github.com/scinfu/SwiftSoup.git",
            "state" : { "revision" : "d86f244ed497d48012782e2f59c985a55e77b3f5", "version" : "2.11.3" } },
          { "identity" : "emojitext", "kind" : "remoteSourceControl", "location" : "https://github.com/Dimillian/EmojiText",
            "state" : { "branch" : "fix-ios26", "revision" : "3e1e9a2ff3b8ae4a5e2d1f0d9c8b7a6f5e4d3c2b" } } ],
          "version" : 2 }
        """,
      "Reader.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Reader/ArticleViewModel.swift": """
        import Foundation
        import SwiftSoup

        final class ArticleViewModel: ObservableObject {
            @Published var text = ""
            func load(html: String) { text = (try? SwiftSoup.parse(html).text()) ?? "" }
        }
        """,
    ])
    let adoption = Adoption(try folder.scanOnly())
    #expect(adoption.packages.map { "\($0.url) \($0.requirement)" } == ["https://github.com/scinfu/SwiftSoup.git exact: \"2.11.3\""])
    #expect(adoption.targets.first?.products == [#".product(name: "SwiftSoup", package: "SwiftSoup")"#])
    let manifest = PackageWriter(output: "/tmp/Reader-vmrepl", vmrepl: "/opt/vmrepl", adoption: adoption).manifest()
    #expect(manifest.contains("""
        dependencies: [
          .package(name: "vmrepl", path: "../../opt/vmrepl"),
          .package(url: "https://github.com/scinfu/SwiftSoup.git", exact: "2.11.3"),
        ],
      """))
    #expect(AdoptReport.text(adoption, shownFolder: "Reader").contains("third-party packages, at the app's pins (from the pin where vmrepl depends on the same package): github.com/scinfu/SwiftSoup 2.11.3\n"))
    // A package vmrepl depends on too is asked from the app's pin: one graph holds one version.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    let grdb = PackagePlan(PinnedPackages.Pin(
      location: "github.com/groue/GRDB.swift", url: "https://github.com/groue/GRDB.swift.git", revision: nil, version: "7.8.0", identity: "grdb.swift"))
    let writer = PackageWriter(output: "/tmp/Reader-vmrepl", vmrepl: root, adoption: adoption)
    #expect(writer.requirement(of: grdb) == "from: \"7.8.0\"")
    #expect(writer.requirement(of: adoption.packages[0]) == "exact: \"2.11.3\"")
    // ...or from vmrepl's, where the app's is above it (element-x pins swift-syntax 603.0.2, vmrepl
    // asks from 603.0.1): SwiftPM takes the newest version both allow, whatever the machine has.
    let syntax = PackagePlan(PinnedPackages.Pin(
      location: "github.com/swiftlang/swift-syntax", url: "https://github.com/swiftlang/swift-syntax", revision: nil, version: "999.0.2", identity: "swift-syntax"))
    let ours = try #require(PackageWriter.vmreplVersion(of: syntax.location, vmrepl: root))
    #expect(writer.requirement(of: syntax) == "from: \"\(ours)\"")
    #expect(PackageWriter.vmreplVersion(of: "github.com/scinfu/SwiftSoup", vmrepl: root) == nil)
    // A build that cannot resolve it leaves the package out, and what imports it, with the error.
    let log = "error: Failed to clone repository https://github.com/scinfu/SwiftSoup.git:\n    fatal: Could not read from remote repository.\n"
    let blamed = try #require(PackageBuild.blamedPackage(in: log, packages: adoption.packages))
    #expect(blamed.0 == "swiftsoup")
    #expect(blamed.1 == "does not resolve here: Failed to clone repository https://github.com/scinfu/SwiftSoup.git:")
    let without = Adoption(try folder.scanOnly(), droppedPackages: [blamed.0: blamed.1])
    #expect(without.packages.isEmpty)
    #expect(without.skippedModels.map(\.reason) == [
      "Reader/ArticleViewModel.swift imports `SwiftSoup`, of the app's package github.com/scinfu/SwiftSoup 2.11.3, which does not resolve here: Failed to clone repository https://github.com/scinfu/SwiftSoup.git:",
    ])
    let built = "/s/checkouts/SwiftSoup/Sources/SwiftSoup/Node.swift:12:5: error: cannot find 'NSRegularExpression' in scope"
    #expect(PackageBuild.blamedPackage(in: built, packages: adoption.packages)?.1 == "does not build on Linux: cannot find 'NSRegularExpression' in scope")
    // As element-x's first build said of matrix-rust-components-swift when another package did not
    // resolve: a binary target, whose package is compiled from its sources without it.
    let unmapped = "error: 'swiftsoup': binary target 'SwiftSoupFFI' could not be mapped to an artifact with expected name 'SwiftSoupFFI'"
    let binary = try #require(PackageBuild.blamedPackage(in: unmapped, packages: adoption.packages))
    #expect(binary.1 == "does not resolve here: it needs the binary target 'SwiftSoupFFI' (an Apple framework), which SwiftPM could not map to an artifact")
    #expect(PackageBuild.needsBinaryTarget(binary.1))
    #expect(!PackageBuild.needsBinaryTarget(blamed.1))
  }

  @Test("a compiler error about a name a left-out file declares is said as that file's, not as Linux's")
  func errorTracedToLeftOutFile() throws {
    let app = try AppSources.scan(folder: Apps.folder("Standup"))
    let found = AdoptionProof.leftOutHome(
      of: "cannot find 'speakerTitle' in scope", in: app, leftOut: ["Standup/Support/Strings.swift"], except: "Standup/Views/MeetingView.swift")
    #expect(found?.0 == "speakerTitle" && found?.1 == "Standup/Support/Strings.swift")
    #expect(AdoptionProof.leftOutHome(of: "cannot find 'speakerTitle' in scope", in: app, leftOut: [], except: "x") == nil)
    #expect(AdoptionProof.leftOutHome(of: "extra argument in call", in: app, leftOut: ["Standup/Support/Strings.swift"], except: "x") == nil)
  }

  @Test("documentation, build folders and dependencies' checkouts are never read as the app's files")
  func skippedFolders() throws {
    let folder = try AppFolder("Notes", files: [
      "Notes/NotesViewModel.swift": "import Foundation\nfinal class NotesViewModel: ObservableObject {}\n",
      "Notes/Notes.docc/Snippets/Example.swift": "final class SnippetViewModel: ObservableObject {}\n",
      "SourcePackages/checkouts/Kit/Sources/Kit/Kit.swift": "final class KitViewModel: ObservableObject {}\n",
      ".build/checkouts/Other/Other.swift": "final class OtherViewModel: ObservableObject {}\n",
      "DerivedData/Build/Generated.swift": "final class GeneratedViewModel: ObservableObject {}\n",
      "Pods/Alamofire/Source/Session.swift": "final class PodViewModel: ObservableObject {}\n",
    ])
    #expect(try folder.scanOnly().files.map(\.path) == ["Notes/NotesViewModel.swift"])
  }

  @Test("packages git cannot reach are found before any build; a mirror in the package's SwiftPM configuration is asked instead")
  func unreachablePackages() throws {
    let folder = try AppFolder("Out", files: ["README.md": "a package folder\n"])
    let repository = folder.path + "/mirror/SwiftSoup"
    try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
    for arguments in [["init", "-q"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "one"]] {
      let git = Process()
      git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      git.arguments = ["git", "-C", repository] + arguments
      try git.run()
      git.waitUntilExit()
    }
    try FileManager.default.createDirectory(atPath: folder.path + "/.swiftpm/configuration", withIntermediateDirectories: true)
    try #"{"object": [{"mirror": "\#(repository)", "original": "https://github.com/scinfu/SwiftSoup.git"}], "version": 1}"#
      .write(toFile: folder.path + "/.swiftpm/configuration/mirrors.json", atomically: true, encoding: .utf8)
    let pins = [
      PinnedPackages.Pin(location: "github.com/scinfu/SwiftSoup", url: "https://github.com/scinfu/SwiftSoup.git", revision: nil, version: "2.11.3", identity: "swiftsoup"),
      PinnedPackages.Pin(location: "nowhere/Kit", url: folder.path + "/no/such/repository", revision: nil, version: "1.0.0", identity: "kit"),
    ]
    let found = PackageBuild(output: folder.path, scratch: folder.path + "/.build").unreachable(pins.map(PackagePlan.init))
    #expect(found.map(\.0) == ["kit"])
    #expect(found.first?.1 == "does not resolve here: git cannot reach \(folder.path)/no/such/repository")
  }

  @Test("a declaration that cannot build in a kept file is said as that declaration's for a model that is it, and stood in for what uses it")
  func droppedDeclarations() throws {
    let folder = try AppFolder("Player", files: [
      "Player/AudioSession.swift": """
        import Foundation
        struct AudioRoute { var name = "speaker" }
        final class AudioSession {
            // In a stored property's value, a `#selector` is in no body or statement a seam can
            // take: the declaration cannot build.
            let action = #selector(changed)
            @objc func changed() {}
        }
        """,
      "Player/PlayerViewModel.swift": "import Foundation\nfinal class PlayerViewModel: ObservableObject {\n    let session = AudioSession()\n}\n",
      "Player/RouteViewModel.swift": "import Foundation\nfinal class RouteViewModel: ObservableObject {\n    @Published var route = AudioRoute()\n}\n",
      "Player/MeterViewModel.swift": """
        import Foundation
        final class MeterViewModel: ObservableObject {
            let tickAction = #selector(tick)
            @objc func tick() {}
        }
        struct Meter {}
        """,
    ])
    let adoption = Adoption(try folder.scanOnly())
    #expect(adoption.models.map(\.type) == ["PlayerViewModel", "RouteViewModel"])
    #expect(adoption.skippedModels.map(\.reason) == [
      "Player/MeterViewModel.swift: `MeterViewModel` itself cannot build on Linux: uses `#selector`, which needs the Objective-C runtime Linux does not have"
    ])
    // AudioSession.swift is compiled without `AudioSession`, which a generated stand-in declares.
    #expect(adoption.filtered["Player/AudioSession.swift"] == [1])
    #expect(adoption.seams["Player/AudioSession.swift"]?.types == ["AudioSession"])
    #expect(adoption.seams["Player/AudioSession.swift"]?.why == "uses `#selector`, which needs the Objective-C runtime Linux does not have")
    // Named apart from the filtered copy: SwiftPM names a module's objects by file name.
    #expect(StandInFiles(adoption).files.map(\.source) == ["standins/Player/AudioSession.standin.swift"])
    #expect(AdoptReport.text(adoption, shownFolder: "Player").contains("""
      stand-ins (1 compiled without its declarations of them, whose types kept files use: generated seams that `respond`/`stub` answer, listed by `describe`):
        Player/AudioSession.swift (its filtered copy declares the rest): `AudioSession`, 1 member answered by the scenario
      """))
  }

  @Test("a generic view-model (a base class) is not registered: adopt says it cannot choose a type")
  func genericModel() throws {
    let folder = try AppFolder("Lists", files: [
      "Lists/ListViewModel.swift": "import Foundation\n@MainActor\nclass ListViewModel<Model: Hashable>: ObservableObject {\n    @Published var items: [Model] = []\n}\n"
    ])
    let model = try #require(Adoption(try folder.scanOnly()).models.first)
    #expect(model.factory == nil)
    #expect(model.problem == "it is generic over `Model`: adopt cannot choose a type for it")
    // The build's warning says why too (it said "adopt cannot make its init's ." before).
    #expect(RegistrationWriter.warning(model).hasPrefix(
      "vmrepl adopt: ListViewModel is not registered: it is generic over `Model`: adopt cannot choose a type for it. Add to `overrides` in Overrides.swift: "))
  }

  @Test("a model made with the app's generic publisher and Combine subjects (element-x's `CurrentValuePublisher<String?, Never>`, `PassthroughSubject<String, Never>`) is registered, with `import Combine`")
  func genericAndSubjectParameters() throws {
    // Ivory's room list is written as Element X's screens are.
    let adoption = Adoption(try AppSources.scan(folder: Apps.folder("Ivory")))
    let model = try #require(adoption.models.first { $0.type == "RoomListViewModel" })
    #expect(model.factory == "RoomListViewModel(selectedRoomPublisher: CurrentValuePublisher<String?, Never>(CurrentValueSubject<String?, Never>(nil)), searchTextPublisher: PassthroughSubject<String, Never>())")
    #expect(RegistrationWriter.generatedFile(adoption, modules: ["Ivory"]).contains("\nimport Combine\n"))
    #expect(FactoryInference.genericArguments(of: "Result<[Int: String],Error>") == ["[Int: String]", "Error"])
    #expect(FactoryInference.genericArguments(of: "Box<(Int) -> Void, Never>") == ["(Int) -> Void", "Never"])
    #expect(FactoryInference.substitute(["Output": "String?", "Failure": "Never"], in: "CurrentValueSubject<Output,Failure>") == "CurrentValueSubject<String?,Never>")
  }

  @Test("a value whose inits adopt cannot fill is made by the app's own factory for tests and previews (home-assistant's `Server.fake()`), said in a note")
  func fakeFactory() throws {
    let folder = try AppFolder("Home", files: [
      "Home/Server.swift": """
        import Foundation

        public struct ServerInfo: Equatable {
            public var name: String
        }

        public final class Server {
            public let identifier: String
            private let getter: () -> ServerInfo
            public var info: ServerInfo { getter() }

            public init(identifier: String, getter: @escaping () -> ServerInfo, setter: @escaping (ServerInfo) -> Bool) {
                self.identifier = identifier
                self.getter = getter
            }
        }

        """,
      "Home/Server+Fakes.swift": """
        import Foundation

        extension Server {
            static func fake(identifier: String = "fake", name: String = "Fake Server") -> Server {
                let info = ServerInfo(name: name)
                return Server(identifier: identifier, getter: { info }, setter: { _ in true })
            }
        }

        """,
      "Home/ConnectionURLViewModel.swift": """
        import Foundation

        @MainActor
        final class ConnectionURLViewModel: ObservableObject {
            @Published var url = ""
            private let server: Server

            init(server: Server) {
                self.server = server
            }

            func load() {
                url = "https://" + server.info.name
            }
        }

        """,
    ])
    let adoption = Adoption(try folder.scanOnly())
    let model = try #require(adoption.models.first { $0.type == "ConnectionURLViewModel" })
    #expect(model.factory == "ConnectionURLViewModel(server: Server.fake())")
    #expect(model.notes.contains("`Server` is made by the app's own `Server.fake()`, its factory for tests and previews: adopt cannot fill its inits"))
  }

  @Test("import os.log is compiled as import os: a filtered copy blanks the submodule")
  func submoduleImport() throws {
    let folder = try AppFolder("Recipes", files: [
      "Recipes/Store.swift": "import Foundation\nimport os.log\n\nfinal class Store: ObservableObject {\n    @Published var count = 0\n}\n"
    ])
    let adoption = Adoption(try folder.scanOnly())
    #expect(AdoptReport.text(adoption, shownFolder: "Recipes").contains("""
      compiled as filtered copies (1 file, what cannot build on Linux blanked out, lines kept):
        Recipes/Store.swift without imports' submodules (`import os.log` is `import os`)
      """))
    let output = FileManager.default.temporaryDirectory.path + "/vmrepl-adopt-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption).write()
    let copy = try String(contentsOfFile: output + "/Sources/Recipes/filtered/Recipes/Store.swift", encoding: .utf8)
    #expect(copy.hasPrefix("import Foundation\nimport os    \n\nfinal class Store"))
  }

  @Test("adopt-exclude: the user's exclusions, files or folders, with comments")
  func exclusions() {
    #expect(PackageWriter.exclusions(in: PackageWriter.exclusionText + "Standup/Old/\n  Standup/Views/HomeView+ViewModel.swift\n") == [
      "Standup/Old", "Standup/Views/HomeView+ViewModel.swift",
    ])
  }
}

/// home-assistant's `WatchApp` and pocket-casts' watch extension: view-models a watch app
/// compiles and the iOS app does not, which adopt once left out as "not in the app target".
@Suite("vmrepl adopt: the project's other apps as modules")
struct OtherAppTargetTests {
  static let project = """
    {
      objects = {
        P = {isa = PBXProject; mainGroup = G; targets = (IOS, WATCH, OLDWATCH, WIDGET); };
        G = {isa = PBXGroup; children = (APPSYN, WATCHSYN, OLDSYN, WIDGETSYN); sourceTree = "<group>"; };
        APPSYN = {isa = PBXFileSystemSynchronizedRootGroup; path = Scores; sourceTree = "<group>"; };
        WATCHSYN = {isa = PBXFileSystemSynchronizedRootGroup; path = "Scores Watch"; sourceTree = "<group>"; };
        OLDSYN = {isa = PBXFileSystemSynchronizedRootGroup; path = WatchExtension; sourceTree = "<group>"; };
        WIDGETSYN = {isa = PBXFileSystemSynchronizedRootGroup; path = Widgets; sourceTree = "<group>"; };
        IOS = {isa = PBXNativeTarget; name = Scores; productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (APPSYN); buildPhases = (); };
        WATCH = {isa = PBXNativeTarget; name = "Scores Watch App"; productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (WATCHSYN); buildPhases = (); };
        OLDWATCH = {isa = PBXNativeTarget; name = "Scores WatchKit Extension"; productType = "com.apple.product-type.watchkit2-extension"; fileSystemSynchronizedGroups = (OLDSYN); buildPhases = (); };
        WIDGET = {isa = PBXNativeTarget; name = ScoresWidget; productType = "com.apple.product-type.app-extension"; fileSystemSynchronizedGroups = (WIDGETSYN); buildPhases = (); };
      };
      rootObject = P;
    }
    """

  @Test("a watch app's files, a watch extension's and an app extension's are each a module named for its target, whose view-models are registered")
  func watchAppModule() throws {
    let folder = try AppFolder("Scores", files: [
      "Scores.xcodeproj/project.pbxproj": Self.project,
      "Scores/ScoreBoardViewModel.swift": """
        import Foundation

        final class ScoreBoardViewModel: ObservableObject {
            @Published var scores: [Int] = []
            func add() { scores.append(scores.count) }
        }
        """,
      "Scores Watch/WatchScoreViewModel.swift": """
        import Foundation

        final class WatchScoreViewModel: ObservableObject {
            @Published var score = 0
            func increment() { score += 1 }
        }
        """,
      "WatchExtension/ComplicationViewModel.swift": """
        import Foundation

        final class ComplicationViewModel: ObservableObject {
            @Published var text = ""
            func refresh() { text = "0" }
        }
        """,
      "Widgets/WidgetViewModel.swift": """
        import Foundation

        final class WidgetViewModel: ObservableObject {
            @Published var text = ""
        }
        """,
    ])
    let project = try #require(XcodeProject(pbxproj: Self.project))
    #expect(project.appTarget == "Scores")
    // Apps before extensions; then as the app target is chosen (a name with "watch" last).
    #expect(project.otherApps.map(\.module) == ["ScoresWatchApp", "ScoresWidget", "ScoresWatchKitExtension"])
    let app = try AppSources.scan(folder: folder.path)
    #expect(app.files.map { "\($0.path): \($0.module ?? "-")" } == [
      "Scores Watch/WatchScoreViewModel.swift: ScoresWatchApp",
      "Scores/ScoreBoardViewModel.swift: -",
      "WatchExtension/ComplicationViewModel.swift: ScoresWatchKitExtension",
      "Widgets/WidgetViewModel.swift: ScoresWidget",
    ])
    let adoption = Adoption(app)
    #expect(adoption.models.map(\.type) == ["WatchScoreViewModel", "ScoreBoardViewModel", "ComplicationViewModel", "WidgetViewModel"])
    #expect(adoption.skippedModels.isEmpty)
    #expect(adoption.targets.map(\.name) == ["Scores", "ScoresWatchApp", "ScoresWatchKitExtension", "ScoresWidget"])
    let registrations = RegistrationWriter.generatedFile(adoption, modules: adoption.targets.map(\.name))
    #expect(registrations.contains("@testable import ScoresWatchApp\n"))
    #expect(registrations.contains("WatchScoreViewModel()"))
  }
}
