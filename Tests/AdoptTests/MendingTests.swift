import Foundation
import Testing

@testable import Adopt

/// One build's errors at a time, with no build: what `Mending` makes of each round.
@Suite("adopt's mending, a round at a time")
struct MendingTests {
  static let path = "Photos/PhotoSaverViewModel.swift"

  static func rejection(_ line: Int, _ message: String, path: String? = path, standIn: Bool = false) -> PackageBuild.Rejection {
    PackageBuild.Rejection(path: path, line: line, message: message, isStandIn: standIn)
  }

  @Test("a body's error makes it a seam; two errors of one body in one round are one seam; the seam's own error, next round, blanks it")
  func bodySeamThenBlank() throws {
    let app = try AppSources.scan(folder: Apps.folder("Photos"))
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let first = [
      Self.rejection(17, "value of type 'UIImage' has no member 'jpegData'"),
      Self.rejection(21, "cannot find 'data' in scope"),
    ]
    let mended1 = mending.mend(first, adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended1)
    let seamed = try #require(mending.droppedMembers[Self.path])
    #expect(seamed.count == 1)
    #expect(seamed[0].seam?.declaration.why == "\(Self.path) does not compile on Linux: line 17: value of type 'UIImage' has no member 'jpegData'")
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.models.first { $0.type == "PhotoSaverViewModel" }?.actions.map(\.name) == ["saveImage"])
    // The next build rejects the member again: its signature is what Linux lacks.
    let mended2 = mending.mend([Self.rejection(16, "cannot find type 'UIImage' in scope")], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended2)
    #expect(mending.droppedMembers[Self.path]?.map { $0.seam == nil } == [true])
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.models.first { $0.type == "PhotoSaverViewModel" }?.actions.isEmpty == true)
    // Nothing new: nothing mended.
    let mended3 = mending.mend([Self.rejection(16, "cannot find type 'UIImage' in scope")], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(!mended3)
    #expect(mending.rejectedFiles.isEmpty)
  }

  @Test("a body seam inside a declaration dropped a round later is not written: the copy has no body at file scope")
  func seamInsideDroppedDeclaration() throws {
    // home-assistant's KioskModeManager, IceCubesApp's RevenueCat TransactionPoster: a member's
    // body a seam, then its type dropped whole; the seam's `{ StandIn.call(...) }` stood alone
    // in the blanked file, "top-level statement cannot begin with a closure expression".
    let path = "Album/AlbumViewModel.swift"
    let folder = try AppFolder("Album", files: [
      "Album.xcodeproj/project.pbxproj": "// an Xcode project\n",
      path: """
        import SwiftUI

        final class Exporter {
            var image: UIImage? = nil
            func export() -> Int {
                guard let data = image?.jpegData(compressionQuality: 1.0) else { return 0 }
                return data.count
            }
        }

        final class AlbumViewModel: ObservableObject {
            @Published var count = 0
            func refresh() { count += 1 }
        }
        """,
    ])
    let app = try folder.scanOnly()
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let mended = mending.mend(
      [Self.rejection(6, "value of type 'UIImage' has no member 'jpegData'", path: path)], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended)
    #expect(mending.droppedMembers[path]?.first?.seam != nil)
    let file = try #require(app.files.first { $0.path == path })
    let declaration = try #require(file.declarations.firstIndex { $0.types.contains("Exporter") })
    mending.rejectedDeclarations[path] = [declaration: "does not compile on Linux: line 4: cannot find type 'UIImage' in scope"]
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let output = FileManager.default.temporaryDirectory.path + "/vmrepl-adopt-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption).write()
    let copy = try String(contentsOfFile: output + "/Sources/Album/filtered/" + path, encoding: .utf8)
    #expect(!copy.contains("StandIn.call"))
    #expect(!copy.contains("import StandInSupport"))
    #expect(copy.contains("final class AlbumViewModel: ObservableObject {"))
  }

  @Test("a registration's error unregisters its model; an error no line places is no mending")
  func registrationAndUnplaced() throws {
    let app = try AppSources.scan(folder: Apps.folder("Photos"))
    var mending = Mending()
    let adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let writer = PackageWriter(output: "/tmp/photos-vmrepl", vmrepl: "/opt/vmrepl", adoption: adoption)
    let generated = RegistrationWriter.generatedFile(adoption, modules: ["Photos"])
    let line = try #require(generated.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("let adoptedAlbum") }) + 2
    let mended4 = mending.mend([Self.rejection(line, "cannot find 'x' in scope", path: nil)], adoption: adoption, standIns: writer.standIns, generated: generated)
    #expect(mended4)
    #expect(mending.unregistered == ["AlbumViewModel": "line \(line): cannot find 'x' in scope"])
    let mended5 = mending.mend([], adoption: adoption, standIns: writer.standIns, generated: generated)
    #expect(!mended5)
    let blamed = mending.dropPackages(blamedIn: "error: something else", packages: adoption.packages, checkouts: "/nonexistent")
    #expect(blamed.isEmpty)
  }

  @Test("a stand-in's rejected member is left out of it; another error of it in the same round waits for the next build; one it cannot repair gives the stand-in up")
  func standInRepair() throws {
    let adoption = Adoption(try AppSources.scan(folder: StandInTests.shelf))
    let standIns = StandInFiles(adoption)
    let keychain = try #require(standIns.files.first { $0.appPath == "Shelf/Services/KeychainHelper.swift" })
    let lines = keychain.generated.memberLines.filter { $0.value == "KeychainHelper.token" }.keys.sorted()
    try #require(lines.count >= 2)
    let line = lines[0]
    var mending = Mending()
    let rejections = [
      Self.rejection(line, "cannot convert", path: keychain.appPath, standIn: true),
      Self.rejection(lines[1], "cannot convert", path: keychain.appPath, standIn: true),
    ]
    let mended6 = mending.mend(rejections, adoption: adoption, standIns: standIns, generated: "")
    #expect(mended6)
    #expect(mending.standInRepairs[keychain.appPath]?.droppedMembers == ["KeychainHelper.token"])
    #expect(mending.failedSeams.isEmpty)
    // A line that is no member's, the next round: the stand-in is given up.
    let mended7 = mending.mend([Self.rejection(1, "odd", path: keychain.appPath, standIn: true)], adoption: adoption, standIns: standIns, generated: "")
    #expect(mended7)
    #expect(mending.failedSeams[keychain.appPath] == "its generated stand-in did not compile: line 1: odd")
  }

  @Test("a type a stand-in's member names that the package lacks leaves out every member naming it, in one build")
  func missingTypeLeavesOutEveryMemberNamingIt() throws {
    let adoption = Adoption(try AppSources.scan(folder: StandInTests.shelf))
    let standIns = StandInFiles(adoption)
    let keychain = try #require(standIns.files.first { $0.appPath == "Shelf/Services/KeychainHelper.swift" })
    let line = try #require(keychain.generated.memberLines.first { $0.value == "KeychainHelper.token" }?.key)
    // As if the package had no `String`: the compiler names it once, at `token(for:)`.
    var mending = Mending()
    let mended = mending.mend(
      [Self.rejection(line, "cannot find type 'String' in scope", path: keychain.appPath, standIn: true)],
      adoption: adoption, standIns: standIns, generated: "")
    #expect(mended)
    #expect(mending.standInRepairs[keychain.appPath]?.droppedMembers == ["KeychainHelper.token", "KeychainHelper.save"])
    #expect(Mending.missingType(in: "'InteractiveImmediateMessage' is not a member type of enum 'Shared.HAWatchConnectivity'") == "InteractiveImmediateMessage")
    #expect(Mending.missingType(in: "cannot find 'Current' in scope") == nil)
  }

  @Test("a stood-in extension whose own type the compiler cannot find or tell apart is given up at once")
  func extensionOfUnknownTypeGivenUp() throws {
    // IceCubesApp's `extension Notification` (its own beside Foundation's), WishKit's `extension
    // ProgressView`: leaving out a member never makes the header build; two builds were spent each.
    let folder = try AppFolder("Tracks", files: [
      "Tracks.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Tracks/Tracker.swift": "final class Tracker {\n    init() {}\n}\n",
      "Tracks/Tracker+Compat.swift": """
        import QuickLook

        extension Tracker {
            func compatLevel() -> Int { 1 }
        }
        """,
      "Tracks/TrackerViewModel.swift": """
        import Foundation

        final class TrackerViewModel: ObservableObject {
            @Published var level = 0
            let tracker = Tracker()
            func refresh() { level = tracker.compatLevel() }
        }
        """,
    ])
    let adoption = Adoption(try folder.scanOnly())
    let standIns = StandInFiles(adoption)
    let compat = try #require(standIns.files.first { $0.appPath == "Tracks/Tracker+Compat.swift" })
    let header = try #require(compat.generated.typeLines.first { $0.value == "Tracker" }?.key)
    var mending = Mending()
    let mended = mending.mend(
      [Self.rejection(header, "'Tracker' is ambiguous for type lookup in this context", path: compat.appPath, standIn: true)],
      adoption: adoption, standIns: standIns, generated: "")
    #expect(mended)
    #expect(mending.failedSeams[compat.appPath]?.hasSuffix("'Tracker' is ambiguous for type lookup in this context") == true)
    #expect(mending.standInRepairs[compat.appPath] == nil)
    // Another type at the header (a conformance's) is repaired as before: the type made plain.
    var other = Mending()
    let repaired = other.mend(
      [Self.rejection(header, "cannot find type 'Trackable' in scope", path: compat.appPath, standIn: true)],
      adoption: adoption, standIns: standIns, generated: "")
    #expect(repaired)
    #expect(other.failedSeams.isEmpty)
    #expect(other.standInRepairs[compat.appPath]?.plainTypes == ["Tracker"])
    #expect(Mending.unknownType(in: "'Notification' is ambiguous for type lookup in this context") == "Notification")
  }

  @Test("a stand-in's own Equatable or Hashable the compiler rejects goes alone next build: the type keeps its default and other conformances")
  func ownEqualityRejectedAlone() throws {
    // As mastodon's `AuthenticationService` (a public NSObject over Core Data) and a model that holds one.
    let folder = try AppFolder("Accounts", files: [
      "Accounts.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Accounts/AuthenticationService.swift": """
        import CoreData
        import Combine

        public final class AuthenticationService: NSObject, ObservableObject {
            @Published public var accounts: [String] = []
            let context: NSManagedObjectContext
            init(context: NSManagedObjectContext) { self.context = context }
            public func signOut() async throws {}
        }
        """,
      "Accounts/AccountsViewModel.swift": """
        import Foundation

        @MainActor
        final class AccountsViewModel: ObservableObject {
            @Published var count = 0
            let service: AuthenticationService
            init(service: AuthenticationService) { self.service = service }
            func signOut() async { try? await service.signOut() }
        }
        """,
    ])
    let adoption = Adoption(try folder.scanOnly())
    let standIns = StandInFiles(adoption)
    let file = try #require(standIns.files.first { $0.appPath == "Accounts/AuthenticationService.swift" })
    #expect(file.generated.text.contains("public final class AuthenticationService: ObservableObject, Hashable {"))
    #expect(file.generated.text.contains(
      "  public nonisolated static func == (lhs: AuthenticationService, rhs: AuthenticationService) -> Bool { lhs === rhs }"))
    #expect(file.generated.ownEquality == ["AuthenticationService"])
    let equalLine = try #require(file.generated.text.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.contains("static func ==") }) + 1
    var mending = Mending()
    let mended = mending.mend(
      [Self.rejection(equalLine, "method '==' must be declared public because it matches a requirement in public protocol 'Equatable'",
                      path: file.appPath, standIn: true)],
      adoption: adoption, standIns: standIns, generated: "")
    #expect(mended)
    #expect(mending.standInRepairs[file.appPath]?.droppedMembers == ["AuthenticationService.standInEquality"])
    #expect(mending.standInRepairs[file.appPath]?.plainTypes.isEmpty == true)
    // The next build's stand-in: no Hashable of its own, its default and ObservableObject kept.
    let next = StandInFiles(mending.adoption(of: adoption.app, overridden: [], excluded: [:]))
    let again = try #require(next.files.first { $0.appPath == file.appPath }?.generated)
    #expect(again.text.contains("public final class AuthenticationService: ObservableObject {"))
    #expect(!again.text.contains("=="))
    #expect(again.defaultTypes == ["AuthenticationService"])
    #expect(again.omitted.contains("AuthenticationService: its own Equatable and Hashable: the compiler rejected them in an earlier build"))
    // One at the header (a storageless struct's copied value that is not Hashable) goes the same way.
    var header = Mending()
    let headerLine = try #require(file.generated.typeLines.first { $0.value == "AuthenticationService" }?.key)
    _ = header.mend(
      [Self.rejection(headerLine, "type 'AuthenticationService' does not conform to protocol 'Hashable'", path: file.appPath, standIn: true)],
      adoption: adoption, standIns: standIns, generated: "")
    #expect(header.standInRepairs[file.appPath]?.droppedMembers == ["AuthenticationService.standInEquality"])
  }

  @Test("a stand-in's value copied as written that the compiler rejects is a seam the next build, and left out only if that fails too")
  func copiedValueThenSeam() throws {
    var mending = Mending()
    let app = try AppSources.scan(folder: StandInTests.shelf)
    let path = "Shelf/Services/KeychainHelper.swift"
    func sharedLine(_ adoption: Adoption) throws -> Int {
      let keychain = try #require(StandInFiles(adoption).files.first { $0.appPath == path })
      return try #require(keychain.generated.memberLines.first { $0.value == "KeychainHelper.shared" }?.key)
    }
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(StandInFiles(adoption).files.first { $0.appPath == path }?.generated.copiedMembers.contains("KeychainHelper.shared") == true)
    let mended1 = mending.mend(
      [Self.rejection(try sharedLine(adoption), "cannot find 'Keychain' in scope", path: path, standIn: true)],
      adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended1)
    #expect(mending.standInRepairs[path]?.seamedMembers == ["KeychainHelper.shared"])
    #expect(mending.standInRepairs[path]?.droppedMembers == [])
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let seamed = try #require(StandInFiles(adoption).files.first { $0.appPath == path }?.generated)
    #expect(seamed.text.contains(#"static let shared = KeychainHelper(standIn: "KeychainHelper.shared", "shared")"#))
    let mended2 = mending.mend(
      [Self.rejection(try sharedLine(adoption), "odd", path: path, standIn: true)], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended2)
    #expect(mending.standInRepairs[path]?.droppedMembers == ["KeychainHelper.shared"])
  }

  @Test("an init's assigned value the compiler rejects for a reason that names nothing is a seam typed by its property (pocket-casts' MessageSupportViewModel)")
  func unnamedValueSeam() throws {
    let folder = try AppFolder("Support", files: [
      "Support/MessageSupportViewModel.swift": """
        import Combine

        class MessageSupportViewModel: ObservableObject {
            @Published var comment: String
            let attachedLogsView: SupportLogsView

            init(comment: String = "") {
                self.comment = comment
                attachedLogsView = SupportLogsView(SupportLogsViewModel())
            }
        }

        struct SupportLogsView {}
        final class SupportLogsViewModel {}
        """
    ])
    let app = try AppSources.scan(folder: folder.path)
    let path = "Support/MessageSupportViewModel.swift"
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let mended = mending.mend([Self.rejection(9, "argument passed to call that takes no arguments", path: path)],
                              adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended)
    #expect((mending.droppedMembers[path] ?? []).compactMap(\.seam?.text) == [
      // The view here has no storage: unanswered, the seam returns one (`EmptyValues`).
      #"StandIn.call("MessageSupportViewModel.init.attachedLogsView", "SupportLogsView(SupportLogsViewModel())", empty: SupportLogsView())"#
    ])
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.models.first?.factory == "MessageSupportViewModel()")
  }

  @Test("two statements of one init made seams share a stand-in, whose reason names both lines")
  func mergedReasons() {
    #expect(RegistrationWriter.mergedWhy([
      "UnlockHaptic.swift does not compile on Linux: line 17: cannot find 'CHHapticEngine' in scope",
      "UnlockHaptic.swift does not compile on Linux: line 22: value of type 'UnlockHaptic' has no member 'engine'",
      "Haptics.swift imports `CoreHaptics`, an Apple framework with no Linux version",
    ]) == "UnlockHaptic.swift does not compile on Linux: line 17: cannot find 'CHHapticEngine' in scope; "
      + "line 22: value of type 'UnlockHaptic' has no member 'engine'; Haptics.swift imports `CoreHaptics`, an Apple framework with no Linux version")
    #expect(RegistrationWriter.mergedWhy(["one reason"]) == "one reason")
  }

  @Test("a stand-in error that two builds' repairs did not end gives the stand-in up at the third, whatever each repair left out")
  func sameStandInErrorThreeBuilds() throws {
    var mending = Mending()
    let app = try AppSources.scan(folder: StandInTests.shelf)
    let path = "Shelf/Services/KeychainHelper.swift"
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let keychain = try #require(StandInFiles(adoption).files.first { $0.appPath == path })
    let line = try #require(keychain.generated.memberLines.first { $0.value == "KeychainHelper.shared" }?.key)
    let rejection = Self.rejection(line, "cannot find 'Keychain' in scope", path: path, standIn: true)
    for _ in 1...2 {
      let mended = mending.mend([rejection], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
      #expect(mended)
      #expect(mending.failedSeams[path] == nil)
      adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    }
    let third = mending.mend([rejection], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(third)
    #expect(mending.failedSeams[path] == "its generated stand-in did not compile: line \(line): cannot find 'Keychain' in scope (the same error after two repairs)")
  }

  @Test("an init the compiler rejects is left out and no longer makes the model: its registration makes it with what is left")
  func blankedInitMakesNoModel() throws {
    // As home-assistant's ConnectionSecurityLevelBlockViewModel, once `Server` could not be found.
    let folder = try AppFolder("Home", files: [
      "Home/SecurityViewModel.swift": """
        import Combine
        import Foundation

        final class SecurityViewModel: ObservableObject {
            @Published var requirements: [String] = []
            private let server: Server

            init(server: Server) {
                self.server = server
            }

            func load() { requirements = ["wifi"] }
        }
        """,
      "Home/Server.swift": "final class Server { init() {} }\n",
    ])
    let app = try AppSources.scan(folder: folder.path)
    let path = "Home/SecurityViewModel.swift"
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.models.first?.factory == "SecurityViewModel(server: Server())")
    let mended = mending.mend([
      Self.rejection(6, "cannot find type 'Server' in scope", path: path),
      Self.rejection(8, "cannot find type 'Server' in scope", path: path),
    ], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended)
    #expect(mending.droppedMembers[path]?.map(\.label) == ["let server` in `SecurityViewModel", "init(server:)` in `SecurityViewModel"])
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.models.first?.factory == "SecurityViewModel()")
  }

  @Test("a stored property whose observer Linux cannot build (element-x's `UserIndicatorController.window`) keeps its storage: the observer is a seam, so the type still meets its protocol")
  func observerSeam() throws {
    let folder = try AppFolder("Indicators", files: [
      "Indicators/IndicatorController.swift": """
        import Foundation

        protocol IndicatorControllerProtocol: AnyObject {
            var window: UIWindow? { get set }
            func submit(_ title: String)
        }

        final class IndicatorController: ObservableObject, IndicatorControllerProtocol {
            @Published var titles: [String] = []

            var window: UIWindow? {
                didSet {
                    window?.rootViewController = UIHostingController(rootView: EmptyView())
                }
            }

            func submit(_ title: String) { titles.append(title) }
        }
        """
    ])
    let app = try AppSources.scan(folder: folder.path)
    let path = "Indicators/IndicatorController.swift"
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let mended = mending.mend([Self.rejection(14, "cannot find 'UIHostingController' in scope", path: path)],
                              adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended)
    let seam = try #require(mending.droppedMembers[path]?.first?.seam)
    #expect(seam.text == #"{ didSet { StandIn.call("IndicatorController.window.didSet", "window = \(StandIn.text(window))") as Void } }"#)
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.models.map(\.type) == ["IndicatorController"])
    #expect(AdoptReport.text(adoption, shownFolder: "Indicators").contains(
      "Indicators/IndicatorController.swift without the body of `var window` in `IndicatorController` (a seam in its place; does not compile on Linux: line 14: cannot find 'UIHostingController' in scope)"))
  }

  @Test("an error in an init's call statement makes that statement a seam; one the init cannot lose blanks the init, seams and all")
  func initStatementSeam() throws {
    let folder = try AppFolder("Lock", files: [
      "Lock/AppLockViewModel.swift": """
        import Combine
        import Foundation

        final class AppLockViewModel: ObservableObject {
            @Published var attempts = 0
            private var cancellables: Set<AnyCancellable> = []

            init(limit: Int = 3) {
                attempts = limit
                NotificationCenter.default.publisher(for: .init("pin"))
                    .weakAssign(to: \\.attempts, on: self)
                    .store(in: &cancellables)
            }

            func reset() { attempts = 0 }
        }
        """
    ])
    let app = try AppSources.scan(folder: folder.path)
    let path = "Lock/AppLockViewModel.swift"
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let mended = mending.mend([Self.rejection(11, "value of type 'NotificationCenter.Publisher' has no member 'weakAssign'", path: path)],
                              adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended)
    let statement = try #require(mending.droppedMembers[path]?.first?.seam)
    #expect(statement.isStatement)
    #expect(statement.text == #"StandIn.call("AppLockViewModel.store", "NotificationCenter.default.publisher(for: .init(\"pin\")) .weakAssign(to: \\.attempts, on: self) .store(in: &cancellables)") as Void"#)
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.models.first?.factory == "AppLockViewModel()")
    #expect(AdoptReport.text(adoption, shownFolder: "Lock").contains(
      "Lock/AppLockViewModel.swift without the statement at line 10 of `init(limit:)` in `AppLockViewModel` (a seam in its place; does not compile on Linux: line 11: value of type 'NotificationCenter.Publisher' has no member 'weakAssign')"))
    // An assignment the init cannot lose: the init goes, and its statement seam with it.
    let again = mending.mend([Self.rejection(9, "cannot assign", path: path)], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(again)
    #expect(mending.droppedMembers[path]?.map(\.label) == ["init(limit:)` in `AppLockViewModel"])
    #expect(mending.droppedMembers[path]?.first?.seam == nil)
  }

  /// Element X's base of its screens' models, which their inits hand a first state up to.
  static let stateStore = """
    import Combine

    class StateStoreViewModel<State>: ObservableObject {
        @Published var state: State
        init(initialViewState: State) { state = initialViewState }
    }
    """

  @Test("an error in an argument of super.init makes that argument a seam typed by its parameter, with its type's empty value (Element X's first view states)")
  func superInitArgumentSeam() throws {
    let folder = try AppFolder("Lock", files: [
      "Lock/StateStoreViewModel.swift": Self.stateStore,
      "Lock/AppLockSetupViewModel.swift": """
        import Foundation

        struct AppLockSetupViewState {
            var isMandatory: Bool
            var biometryType: Int
        }

        protocol AppLockServiceProtocol {
            var isMandatory: Bool { get }
        }

        final class AppLockService: AppLockServiceProtocol {
            var isMandatory = false
        }

        typealias AppLockSetupViewModelType = StateStoreViewModel<AppLockSetupViewState>

        final class AppLockSetupViewModel: AppLockSetupViewModelType {
            private let appLockService: AppLockServiceProtocol

            init(appLockService: AppLockServiceProtocol, title: String = "Lock") {
                self.appLockService = appLockService
                super.init(initialViewState: AppLockSetupViewState(isMandatory: appLockService.isMandatory,
                                                                   biometryType: appLockService.biometryType))
            }

            func skip() { state.isMandatory = false }
        }
        """,
    ])
    let app = try AppSources.scan(folder: folder.path)
    let path = "Lock/AppLockSetupViewModel.swift"
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let mended = mending.mend([
      Self.rejection(23, "argument passed to call that takes no arguments", path: path),
      Self.rejection(24, "value of type 'any AppLockServiceProtocol' has no member 'biometryType'", path: path),
    ], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended)
    let seams = (mending.droppedMembers[path] ?? []).compactMap(\.seam)
    #expect(seams.map(\.text) == [
      #"StandIn.call("AppLockSetupViewModel.init.initialViewState", "AppLockSetupViewState(isMandatory: appLockService.isMandatory, biometryType: appLockService.biometryType)", empty: AppLockSetupViewState(isMandatory: StandIn.empty(), biometryType: StandIn.empty()))"#,
    ])
    #expect(seams.first?.declaration.returns == "AppLockSetupViewState")
    #expect(seams.first?.declaration.hasDefault == true)
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.models.first { $0.name == "appLockSetup" }?.factory == "AppLockSetupViewModel(appLockService: AppLockService())")
  }

  @Test("a seam mending made that returns a stood-in type with no state (the view state, its file importing LocalAuthentication) has that stand-in's instance as its default")
  func superInitArgumentOfStoodInState() throws {
    let folder = try AppFolder("Lock", files: [
      "Lock/StateStoreViewModel.swift": Self.stateStore,
      "Lock/AppLockSetupModels.swift": """
        import Foundation
        import LocalAuthentication

        struct AppLockSetupViewState {
            var isMandatory: Bool
            let biometryType: LABiometryType
        }
        """,
      "Lock/AppLockSetupViewModel.swift": """
        import Foundation

        final class AppLockSetupViewModel: StateStoreViewModel<AppLockSetupViewState> {
            init(isMandatory: Bool = false) {
                super.init(initialViewState: AppLockSetupViewState(isMandatory: isMandatory, biometryType: .faceID))
            }

            func skip() { state.isMandatory = false }
        }
        """,
    ])
    let app = try AppSources.scan(folder: folder.path)
    let path = "Lock/AppLockSetupViewModel.swift"
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let mended = mending.mend([Self.rejection(5, "argument passed to call that takes no arguments", path: path)],
                              adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended)
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let seam = try #require(adoption.bodySeamDeclarations.first { $0.member == "AppLockSetupViewModel.init.initialViewState" })
    #expect(seam.returns == "AppLockSetupViewState")
    #expect(!seam.hasDefault)
    #expect(StandInFiles(adoption).withDefaults([seam]).map(\.hasDefault) == [true])
  }

  @Test("an error in an init's `let` makes it and the statements right after it that use its name one seam; a later use keeps the init as it was")
  func initBindingGroupSeam() throws {
    let source = """
      import Combine
      import Foundation

      final class ThreadTimelineViewModel: ObservableObject {
          @Published var verified = false
          @Published var title = ""

          init(roomProxy: JoinedRoomProxyProtocol) {
              let identityChanges = roomProxy.identityStatusChangesPublisher.receive(on: DispatchQueue.main)
              Task { [weak self] in
                  for await _ in identityChanges.values { self?.verified = true }
              }
              title = roomProxy.name
          }
      }
      """
    let member = try #require(MemberLocator.initStatement(
      atLine: 9, in: source, why: "why", message: "value of type 'any JoinedRoomProxyProtocol' has no member 'identityStatusChangesPublisher'"))
    #expect(member.seam?.text == #"StandIn.call("ThreadTimelineViewModel.init", "let identityChanges = roomProxy.identityStatusChangesPublisher.receive(on: DispatchQueue.main) ...") as Void"#)
    #expect((member.firstLine, member.lastLine) == (9, 12))
    // A use of the name past the statements right after it: no seam of a part.
    let later = source.replacingOccurrences(of: "        title = roomProxy.name", with: "        verified = false\n        title = \"\\(identityChanges)\"")
    let none = MemberLocator.initStatement(
      atLine: 9, in: later, why: "why", message: "value of type 'any JoinedRoomProxyProtocol' has no member 'identityStatusChangesPublisher'")
    #expect(none == nil)
  }

  @Test("an error in an init's `if` statement makes the statement a seam, and one in an assigned value makes the value a seam typed by its property")
  func initNonCallSeams() throws {
    let folder = try AppFolder("Comments", files: [
      "Comments/CommentsViewModel.swift": """
        import Combine
        import Foundation

        class CommentsViewModel: ObservableObject {
            let model: CloudModel
            @Published var comments: [String] = []
            @Published var isEnabled: Bool
            private var commentsCancellable: AnyCancellable?

            init(model: CloudModel) {
                self.model = model
                self.isEnabled = Current.sensors.isEnabled(sensor: model)
                if let record = model.record {
                    self.commentsCancellable = CommentService.shared.$comments.sink { comments in
                        self.comments = comments[record.recordID] ?? []
                    }
                }
            }

            func refresh() { comments = [] }
        }

        struct CloudModel {}
        """
    ])
    let app = try AppSources.scan(folder: folder.path)
    let path = "Comments/CommentsViewModel.swift"
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let mended = mending.mend([
      Self.rejection(12, "cannot find 'Current' in scope", path: path),
      Self.rejection(13, "value of type 'CloudModel' has no member 'record'", path: path),
      // The same statement's other errors, in the same build: the same seam, not the init blanked.
      Self.rejection(14, "type 'CommentService' has no member 'shared'", path: path),
      Self.rejection(15, "cannot infer type of closure parameter 'comments' without a type annotation", path: path),
    ], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended)
    let seams = (mending.droppedMembers[path] ?? []).compactMap(\.seam)
    #expect(seams.map(\.text) == [
      #"StandIn.call("CommentsViewModel.init.isEnabled", "Current.sensors.isEnabled(sensor: model)")"#,
      #"StandIn.call("CommentsViewModel.init", "if let record = model.record { ... }") as Void"#,
    ])
    #expect(seams.map(\.declaration.hasDefault) == [false, true])
    #expect(seams.first?.declaration.returns == "Bool")
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.models.first?.factory == "CommentsViewModel(model: CloudModel())")
    // The value's type is written beside its seam, for `audit` to answer it with a zero.
    let output = FileManager.default.temporaryDirectory.path + "/vmrepl-adopt-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let writer = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption)
    try writer.write()
    let generated = try String(contentsOfFile: output + "/Sources/\(writer.executable)/Models.generated.swift", encoding: .utf8)
    let declaration = try #require(generated.split(separator: "\n").first { $0.contains(#"StandInDeclaration("CommentsViewModel.init.isEnabled""#) })
    #expect(declaration.hasSuffix(#"hasDefault: false, models: ["comments"], returns: "Bool"))"#), "\(declaration)")
    let statement = try #require(generated.split(separator: "\n").first { $0.contains(#"StandInDeclaration("CommentsViewModel.init","#) })
    #expect(!statement.contains("returns:"))
    let report = AdoptReport.text(adoption, shownFolder: "Comments")
    #expect(report.contains(
      "Comments/CommentsViewModel.swift without the statement at line 12 of `init(model:)` in `CommentsViewModel` (a seam in its place; does not compile on Linux: line 12: cannot find 'Current' in scope), the statement at line 13 of `init(model:)` in `CommentsViewModel` (a seam in its place; does not compile on Linux: line 13: value of type 'CloudModel' has no member 'record')"),
      "\(report)")
  }

  @Test("an init's assignment to a property left out for its Apple type is a seam as a whole, the value seam made first giving way; a guard that binds nothing is one too")
  func assignmentToLeftOutProperty() throws {
    let folder = try AppFolder("Motion", files: [
      "Motion/Motion.swift": """
        import SwiftUI
        import CoreMotion

        class MotionManager: ObservableObject {
            @Published var pitch: Double = 0
            @Published var roll: Double = 0

            private var motionManager: CMMotionManager
            let options: MotionOptions

            init(options: MotionOptions = .all) {
                self.options = options
                self.motionManager = CMMotionManager()
            }

            func stop() { motionManager.stopDeviceMotionUpdates() }
        }

        enum MotionOptions { case all, attitude }
        """,
      "Motion/UnlockHaptic.swift": """
        import Foundation
        import CoreHaptics

        final class UnlockHaptic: ObservableObject {
            let duration: TimeInterval
            private let engine: CHHapticEngine?

            init(duration: TimeInterval) {
                self.duration = duration
                guard CHHapticEngine.capabilitiesForHardware().supportsHaptics else {
                    self.engine = nil
                    return
                }
                self.engine = try? CHHapticEngine()
            }
        }
        """,
    ])
    let app = try AppSources.scan(folder: folder.path)
    let motion = "Motion/Motion.swift"
    let haptic = "Motion/UnlockHaptic.swift"
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    // The first build: the properties' types, and the values assigned to them.
    let first = mending.mend([
      Self.rejection(8, "cannot find type 'CMMotionManager' in scope", path: motion),
      Self.rejection(13, "cannot find 'CMMotionManager' in scope", path: motion),
      Self.rejection(6, "cannot find type 'CHHapticEngine' in scope", path: haptic),
      Self.rejection(10, "cannot find 'CHHapticEngine' in scope", path: haptic),
      Self.rejection(14, "cannot find 'CHHapticEngine' in scope", path: haptic),
    ], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(first)
    #expect((mending.droppedMembers[motion] ?? []).compactMap(\.seam?.text) == [
      #"StandIn.call("MotionManager.init.motionManager", "CMMotionManager()")"#,
    ])
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    // The next: the properties are gone, so the assignments have nothing to assign.
    let next = mending.mend([
      Self.rejection(13, "value of type 'MotionManager' has no member 'motionManager'", path: motion),
      Self.rejection(16, "cannot find 'motionManager' in scope", path: motion),
      Self.rejection(14, "value of type 'UnlockHaptic' has no member 'engine'", path: haptic),
    ], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(next)
    #expect((mending.droppedMembers[motion] ?? []).compactMap(\.seam?.text) == [
      #"StandIn.call("MotionManager.init", "self.motionManager = CMMotionManager()") as Void"#,
      #"{ StandIn.call("MotionManager.stop", "stop()") as Void }"#,
    ])
    #expect((mending.droppedMembers[haptic] ?? []).compactMap(\.seam?.text) == [
      #"StandIn.call("UnlockHaptic.init", "guard CHHapticEngine.capabilitiesForHardware().supportsHaptics else { ... }") as Void"#,
      #"StandIn.call("UnlockHaptic.init", "self.engine = try? CHHapticEngine()") as Void"#,
    ])
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.models.compactMap(\.factory).sorted() == ["MotionManager()", #"UnlockHaptic(duration: context.options.double("duration"))"#])
  }

  @Test("a body seam returning the app's own struct returns one made of empty parts unanswered; when that value does not build, the seam goes on without it")
  func seamReturningAppStruct() throws {
    // pocket-casts' PlusPricingInfoModel: `getPricingInfo` reads StoreKit's prices, and six
    // models' inits call it; its `PlusPricingInfo` is a memberwise struct no answer can decode.
    let folder = try AppFolder("Pricing", files: [
      "Pricing/PricingModel.swift": """
        import SwiftUI
        import StoreKit

        class PricingModel: ObservableObject {
            @Published var pricingInfo: PricingInfo
            @Published var summary: Summary

            init() {
                self.pricingInfo = Self.pricingInfo()
                self.summary = Self.summary()
            }

            private static func pricingInfo() -> PricingInfo {
                let products = SKPaymentQueue.default().transactions.map { ProductPricing(identifier: $0.payment.productIdentifier, price: "", offer: nil) }
                return PricingInfo(products: products)
            }

            private static func summary() -> Summary {
                Summary(info: pricingInfo(), trialDays: SKPaymentQueue.default().transactions.count, availability: .unknown)
            }

            private static func formatter() -> PriceFormatter {
                PriceFormatter(locale: SKPaymentQueue.default().storefront?.countryCode ?? "")
            }

            struct PricingInfo {
                let products: [ProductPricing]
                var hasOffer: Bool { products.contains { $0.offer != nil } }
            }

            struct ProductPricing: Identifiable {
                let identifier: String
                let price: String
                let offer: String?
                var id: String { identifier }
            }

            struct Summary {
                let info: PricingInfo
                let trialDays: Int
                let availability: Availability
                var note = ""
            }

            enum Availability { case unknown, available }
        }

        struct PriceFormatter {
            let locale: String
            let format: (Double) -> String
        }
        """,
      "Pricing/SupportLogsViewModel.swift": """
        import Combine
        import Foundation

        struct SupportLogsDisplayItem: Identifiable {
            let id = UUID()
            let displayOrder: Int
            let displayName: String
            let info: String
        }

        class SupportLogsViewModel: ObservableObject {
            @Published var displayItems: [SupportLogsDisplayItem]
            private let tags: SupportLogsDisplayItem

            init(tags: [String]) {
                self.tags = SupportLogsDisplayItem(displayOrder: 0, displayName: L10n.supportLogsTags, info: tags.joined(separator: ", "))
                displayItems = [self.tags]
            }
        }

        enum L10n { static let supportLogsTitle = "Logs" }
        """,
    ])
    let app = try AppSources.scan(folder: folder.path)
    let path = "Pricing/PricingModel.swift"
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let first = mending.mend([
      Self.rejection(14, "cannot find 'SKPaymentQueue' in scope", path: path),
      Self.rejection(19, "cannot find 'SKPaymentQueue' in scope", path: path),
      Self.rejection(23, "cannot find 'SKPaymentQueue' in scope", path: path),
    ], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(first)
    let seams = (mending.droppedMembers[path] ?? []).compactMap(\.seam)
    #expect(seams.map(\.text) == [
      #"{ StandIn.call("PricingModel.pricingInfo", "pricingInfo()", empty: PricingModel.PricingInfo(products: StandIn.empty())) }"#,
      #"{ StandIn.call("PricingModel.summary", "summary()", empty: PricingModel.Summary(info: PricingModel.PricingInfo(products: StandIn.empty()), trialDays: StandIn.empty(), availability: StandIn.empty())) }"#,
      // A closure is no empty part: this one waits for an answer, as every seam did.
      #"{ StandIn.call("PricingModel.formatter", "formatter()") }"#,
    ])
    #expect(seams.map(\.declaration.hasDefault) == [true, true, false])
    // An init's assigned value typed by its property (pocket-casts' SupportLogsViewModel).
    let logs = "Pricing/SupportLogsViewModel.swift"
    let valueSeam = mending.mend([Self.rejection(16, "type 'L10n' has no member 'supportLogsTags'", path: logs)],
      adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(valueSeam)
    #expect((mending.droppedMembers[logs] ?? []).compactMap(\.seam?.text) == [
      #"StandIn.call("SupportLogsViewModel.init.tags", "SupportLogsDisplayItem(displayOrder: 0, displayName: L10n.supportLogsTags, info: tags.joined(separator: \", \"))", empty: SupportLogsDisplayItem(displayOrder: StandIn.empty(), displayName: StandIn.empty(), info: StandIn.empty()))"#,
    ])
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    // The next build rejects the first seam's empty value: the seam stays, without it.
    let next = mending.mend(
      [Self.rejection(13, "'PricingModel.PricingInfo' initializer is inaccessible due to 'private' protection level", path: path)],
      adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(next)
    let after = try #require(mending.droppedMembers[path]?.first?.seam)
    #expect(after.text == #"{ StandIn.call("PricingModel.pricingInfo", "pricingInfo()") }"#)
    #expect(after.declaration.hasDefault == false)
  }

  @Test("a protocol's requirement Linux cannot build (a view builder, an associated view type) is left out alone; its conformers stay")
  func protocolRequirement() throws {
    let folder = try AppFolder("Account", files: [
      "Account/AccountTabProtocol.swift": """
        import SwiftUI

        @MainActor
        public protocol AccountTabProtocol: Identifiable, Hashable {
          associatedtype TabView: View

          var id: String { get }
          var iconName: String { get }
          var accessibilityLabel: LocalizedStringKey { get }
          var isAvailableForCurrentUser: Bool { get }

          @MainActor @ViewBuilder func makeView(accountId: String) -> TabView
        }
        """,
      "Account/AccountTabManager.swift": """
        import Observation

        @MainActor
        @Observable
        public class AccountTabManager {
          private let allTabs: [any AccountTabProtocol] = []
          public var isCurrentUser: Bool

          public init(isCurrentUser: Bool) {
            self.isCurrentUser = isCurrentUser
          }

          public var availableTabs: [any AccountTabProtocol] {
            allTabs.filter { $0.isAvailableForCurrentUser || !isCurrentUser }
          }
        }
        """,
    ])
    let app = try AppSources.scan(folder: folder.path)
    let path = "Account/AccountTabProtocol.swift"
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let mended = mending.mend([
      Self.rejection(5, "cannot find type 'View' in scope", path: path),
      Self.rejection(9, "cannot find type 'LocalizedStringKey' in scope", path: path),
      Self.rejection(12, "unknown attribute 'ViewBuilder'", path: path),
    ], adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended)
    #expect(mending.droppedMembers[path]?.map(\.label) == [
      "associatedtype TabView` in `AccountTabProtocol", "var accessibilityLabel` in `AccountTabProtocol",
      "func makeView(accountId:)` in `AccountTabProtocol",
    ])
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.leftOut.map(\.path).isEmpty)
    #expect(adoption.models.first { $0.type == "AccountTabManager" }?.factory == #"AccountTabManager(isCurrentUser: context.options.bool("isCurrentUser"))"#)
  }

  @Test("an error in a generated conformance of seams stops making it: the model that needed it is not registered, and the package builds")
  func failedProtocolSeam() throws {
    let app = try AppSources.scan(folder: StandInTests.shelf)
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let seams = ["// header", "import Combine", "", "final class ReviewsServiceStandIn: ReviewsService {", "  var isAvailable: Bool {", "  }", "}"]
      .joined(separator: "\n")
    let rejection = PackageBuild.Rejection(path: nil, line: 5, message: "cannot find type 'Review' in scope", isProtocolSeam: true)
    let mended = mending.mend([rejection], adoption: adoption, standIns: StandInFiles(adoption), generated: "", seams: seams)
    #expect(mended)
    #expect(mending.failedProtocolSeams == ["ReviewsService": "its generated conformance did not compile: line 5: cannot find type 'Review' in scope"])
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let reviews = try #require(adoption.models.first { $0.type == "ReviewsViewModel" })
    #expect(reviews.factory == nil)
    #expect(adoption.protocolSeams.isEmpty)
    #expect(AdoptReport.text(adoption, shownFolder: "Shelf").contains(
      "no generated conformance to `ReviewsService`: its generated conformance did not compile: line 5: cannot find type 'Review' in scope; a model whose init takes one needs a line in Overrides.swift"))
  }

  @Test("a name a generated conformance finds ambiguous (element-x's `JoinRule`, the app's and the Rust SDK stand-in module's) is declared as the app's in the conformances' file, not the conformance given up; ambiguous again, it is")
  func ambiguousNameInProtocolSeam() throws {
    let app = try AppSources.scan(folder: StandInTests.shelf)
    var mending = Mending()
    var adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let seams = ["// header", "import Combine", "", "final class ReviewsServiceStandIn: ReviewsService {", "  func reviews() -> [Review] {", "  }", "}"]
      .joined(separator: "\n")
    let rejection = PackageBuild.Rejection(path: nil, line: 5, message: "'Review' is ambiguous for type lookup in this context", isProtocolSeam: true)
    let mended = mending.mend([rejection], adoption: adoption, standIns: StandInFiles(adoption), generated: "", seams: seams)
    #expect(mended)
    #expect(mending.ambiguousNames == ["Review"])
    #expect(mending.failedProtocolSeams.isEmpty)
    adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.protocolSeams["ReviewsService"] != nil)
    let qualified = try #require(adoption.qualifiedAmbiguousNames.first)
    #expect(qualified.name == "Review" && qualified.qualified.hasSuffix(".Review"))
    let output = FileManager.default.temporaryDirectory.path + "/vmrepl-adopt-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let writer = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption)
    try writer.write()
    let written = try String(contentsOfFile: output + "/" + writer.paths.seams, encoding: .utf8)
    #expect(written.contains("\ntypealias Review = \(qualified.qualified)\n"))
    // The alias did not help: the conformance is given up, as for any other error.
    let again = mending.mend([rejection], adoption: adoption, standIns: StandInFiles(adoption), generated: "", seams: seams)
    #expect(again)
    #expect(mending.failedProtocolSeams["ReviewsService"] != nil)
  }

  @Test("two conformances ambiguous at one name in one build (element-x's `LogLevel`, in `AdvancedSettingsProtocol`'s and `DeveloperOptionsProtocol`'s) are both mended by the one alias: neither is given up")
  func ambiguousNameTwiceInOneBuild() throws {
    let app = try AppSources.scan(folder: StandInTests.shelf)
    var mending = Mending()
    let adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let seams = ["// header", "import Combine", "", "final class ReviewsServiceStandIn: ReviewsService {", "  func reviews() -> [Review] {", "  }", "}",
                 "final class ShelfServiceStandIn: ShelfService {", "  func best() -> [Review] {", "  }", "}"]
      .joined(separator: "\n")
    let message = "'Review' is ambiguous for type lookup in this context"
    let rejections = [5, 9].map { PackageBuild.Rejection(path: nil, line: $0, message: message, isProtocolSeam: true) }
    let mended = mending.mend(rejections, adoption: adoption, standIns: StandInFiles(adoption), generated: "", seams: seams)
    #expect(mended)
    #expect(mending.ambiguousNames == ["Review"])
    #expect(mending.failedProtocolSeams.isEmpty)
  }
}

extension MendingTests {
  @Test("a \"has no member\" error is blamed on a left-out file only where it declares that member of that type: element-x's `PostHogSDK.shared` was said to be Kingfisher's `ImageCache.shared`")
  func memberHomeOfItsType() throws {
    let folder = try AppFolder("Hooks", files: [
      "Hooks/Vendor/ImageCache.swift": """
        import UIKit

        open class ImageCache {}

        extension ImageCache {
            public static let shared = ImageCache()
        }
        """,
      "Hooks/Application/AppHooks+Room.swift": """
        import UIKit

        extension AppHooks {
            var roomScreenHook: RoomScreenHook { RoomScreenHook() }
            struct Config {}
        }
        """,
    ])
    let app = try AppSources.scan(folder: folder.path)
    var leftOut = AdoptionProof.LeftOutNames(app)
    leftOut.add("Hooks/Vendor/ImageCache.swift")
    leftOut.add("Hooks/Application/AppHooks+Room.swift")
    let here = "Hooks/Services/Analytics.swift"
    #expect(leftOut.home(of: "type 'PostHogSDK' has no member 'shared'", except: here) == nil)
    #expect(leftOut.home(of: "type 'ImageCache' has no member 'shared'", except: here)! == ("shared", "Hooks/Vendor/ImageCache.swift"))
    #expect(leftOut.home(of: "value of type 'AppHooks' has no member 'roomScreenHook'", except: here)! == ("roomScreenHook", "Hooks/Application/AppHooks+Room.swift"))
    #expect(leftOut.home(of: "type 'AppHooks' has no member 'Config'", except: here)! == ("Config", "Hooks/Application/AppHooks+Room.swift"))
    // A name with no type in the message is as before.
    #expect(leftOut.home(of: "cannot find 'ImageCache' in scope", except: here)! == ("ImageCache", "Hooks/Vendor/ImageCache.swift"))
  }
}

extension MendingTests {
  @Test("a `deinit` the compiler rejects is left out alone (IceCubesApp's `MediaUIAttachmentVideoViewModel` removes an observer of AVFoundation's `.AVPlayerItemDidPlayToEndTime`): the model stays")
  func deinitLeftOut() throws {
    let path = "Media/MediaUIAttachmentVideoViewModel.swift"
    let folder = try AppFolder("Media", files: [
      path: """
        import Foundation
        import Observation

        @Observable public class MediaUIAttachmentVideoViewModel {
            var isPlaying = false
            func play() { isPlaying = true }

            deinit {
                NotificationCenter.default.removeObserver(
                    self, name: .AVPlayerItemDidPlayToEndTime, object: nil)
            }
        }
        """,
    ])
    let app = try folder.scanOnly()
    var mending = Mending()
    let adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let mended = mending.mend(
      [Self.rejection(10, "type 'NSNotification.Name?' has no member 'AVPlayerItemDidPlayToEndTime'", path: path)],
      adoption: adoption, standIns: StandInFiles(adoption), generated: "")
    #expect(mended)
    #expect(mending.rejected[path] == nil)
    let dropped = try #require(mending.droppedMembers[path]?.first)
    #expect(dropped.label == "deinit` in `MediaUIAttachmentVideoViewModel")
    #expect(dropped.seam == nil)
    #expect(mending.adoption(of: app, overridden: [], excluded: [:]).models.map(\.type) == ["MediaUIAttachmentVideoViewModel"])
  }
}

extension MendingTests {
  @Test("an error inside a generated conformance beside a stand-in gives that conformance up at once, for every seam that returned it")
  func returnedConformanceGivenUp() throws {
    let folder = try AppFolder("Windows", files: [
      "Windows/Application/WindowManagerProtocol.swift": """
        import Foundation

        protocol WindowManagerProtocol: AnyObject {
            var isShowingAlert: Bool { get }
            func show(_ title: String)
        }
        """,
      "Windows/Application/AppMediatorProtocol.swift": """
        // sourcery: AutoMockable
        protocol AppMediatorProtocol {
            var windowManager: WindowManagerProtocol { get }
        }
        """,
      "Windows/Mocks/Generated/GeneratedMocks.swift": """
        // Generated using Sourcery
        import AVFoundation

        class AppMediatorMock: AppMediatorProtocol {
            var windowManager: WindowManagerProtocol {
                get { return underlyingWindowManager }
                set(value) { underlyingWindowManager = value }
            }
            var underlyingWindowManager: WindowManagerProtocol!
            var alertWindowManager: WindowManagerProtocol {
                get { return underlyingWindowManager }
            }
        }
        """,
      "Windows/Screens/SearchScreenViewModel.swift": """
        import Combine

        final class SearchScreenViewModel: ObservableObject {
            @Published var isAlertShown = false
            private let appMediator: AppMediatorProtocol
            init(appMediator: AppMediatorProtocol) { self.appMediator = appMediator }
            func search() { isAlertShown = appMediator.windowManager.isShowingAlert }
        }
        """,
    ])
    let app = try folder.scanOnly()
    var mending = Mending()
    let adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(adoption.returnedConformances.keys.sorted() == ["WindowManagerProtocol"])
    let path = "Windows/Mocks/Generated/GeneratedMocks.swift"
    let standIns = StandInFiles(adoption)
    let text = try #require(standIns.files.first { $0.appPath == path }?.generated.text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let header = try #require(lines.firstIndex { $0.hasPrefix("private final class WindowManagerProtocolStandIn") })
    let inside = try #require(lines.indices.first { $0 > header && $0 < lines.count && lines[$0].contains("func show(") })
    #expect(Mending.returnedConformance(atLine: inside + 1, of: text) == "WindowManagerProtocol")
    #expect(Mending.returnedConformance(atLine: header, of: text) == nil)
    let mended = mending.mend(
      [Self.rejection(inside + 1, "main actor-isolated instance method 'show' cannot be used to satisfy nonisolated requirement", path: path, standIn: true)], adoption: adoption, standIns: standIns, generated: "")
    #expect(mended)
    #expect(mending.failedProtocolSeams["WindowManagerProtocol"]?.hasPrefix("its generated conformance beside \(path)'s stand-in did not compile: line \(inside + 1)") == true)
    let next = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(next.returnedConformances.isEmpty)
    let again = try #require(StandInFiles(next).files.first { $0.appPath == path }?.generated.text)
    #expect(!again.contains("WindowManagerProtocolStandIn"))
  }
}
