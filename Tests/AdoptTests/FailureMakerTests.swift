import Foundation
import Testing

@testable import Adopt

@Suite("adopt: how an answer makes the app's errors")
struct FailureMakerTests {
  @Test("each error enum a stood-in `Result` fails with gets a maker: its case carrying an `Error`, else its first plain case; none for an enum with neither, a nested or private one, or a type that is no enum")
  func failureMakers() throws {
    let folder = try AppFolder("Rooms", files: [
      "Rooms.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Rooms/Services/Errors.swift": """
        import Foundation

        enum ClientProxyError: Error {
            case sdkError(Error)
            case forbiddenAccess
        }

        enum AuthenticationServiceError: Error, Equatable {
            case invalidServer
            case invalidWellKnown(String)
        }

        enum UserSessionStoreError: Error {
            case failedRestoringLogin(String)
            case failedSettingUpClientProxy(error: any Error)
        }

        enum OnlyPayloads: Error {
            case code(Int)
        }

        struct TimelineError: Error { var message: String }

        private enum HiddenError: Error { case failed }

        enum Unused: Error { case failed }

        struct SearchUsersResults: Equatable {
            var results: [String]
            var limited: Bool
        }

        final class RoomListProxy { }
        """,
      "Rooms/Screens/RoomsViewModel.swift": """
        import Foundation

        @MainActor
        final class RoomsViewModel: ObservableObject {
            @Published var failures: [String] = []

            func note(_ error: ClientProxyError, _ auth: AuthenticationServiceError, _ store: UserSessionStoreError,
                      _ payloads: OnlyPayloads, _ timeline: TimelineError, _ unused: Unused) {
                failures.append("\\(error)")
            }
        }
        """,
    ])
    let adoption = Adoption(try folder.scanOnly())
    let signatures = [
      "func leave() async -> Result<Void, ClientProxyError>",
      "func configure(for homeserver: String) async -> Result<Void, AuthenticationServiceError>",
      "func restore(_ handler: (Result<Bool, UserSessionStoreError>) -> Void)",
      "var sizes: Result<[String: Result<Int, OnlyPayloads>], TimelineError> { get async }",
      "func hidden() async -> Result<Void, HiddenError>",
      "func other() async -> Result<Void, any Error>",
    ]
    #expect(RegistrationWriter.failureMakers(adoption, signatures: signatures) == [
      "StandInFailure(AuthenticationServiceError.self) { _ in .invalidServer }",
      "StandInFailure(ClientProxyError.self) { .sdkError($0) }",
      "StandInFailure(UserSessionStoreError.self) { .failedSettingUpClientProxy(error: $0) }",
    ])
    let generated = RegistrationWriter.generatedFile(adoption, modules: ["Rooms"])
    #expect(generated.contains("let generatedFailures: [StandInFailure] = [\n]"), "no stand-in names one")
    #expect(RegistrationWriter.mainFile(bundleIdentifier: "com.example.rooms").contains("StandInFailures.install(generatedFailures)"))

    // A success with no default of its own, made of empty parts; a class, a list, an optional, a
    // flag are not (the runtime has those, or nothing can be made up).
    #expect(RegistrationWriter.emptyMakers(adoption, signatures: [
      "func searchUsers(searchTerm: String, limit: UInt) async -> Result<SearchUsersResults, ClientProxyError>",
      "func roomList() async -> Result<RoomListProxy, ClientProxyError>",
      "func rooms() async -> Result<[SearchUsersResults], ClientProxyError>",
      "func flag() async -> Result<Bool, ClientProxyError>",
    ]) == ["StandInEmpty(SearchUsersResults.self) { SearchUsersResults(results: StandIn.empty(), limited: StandIn.empty()) }"])
  }

  @Test("a success the app declares and a stood-in module declares too (element-x's `SearchUsersResults`, and the Rust SDK's) is written after the app's module: a bare name is ambiguous where both are imported")
  func shadowedSuccess() throws {
    let folder = try AppFolder("Search", files: [
      "Search.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Libs/MatrixRustSDK/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "MatrixRustSDK", targets: [.target(name: "MatrixRustSDK")])
        """,
      "Libs/MatrixRustSDK/Sources/MatrixRustSDK/matrix_sdk_ffi.swift": """
        import Foundation
        import AVFoundation

        public struct SearchUsersResults: Equatable, Hashable {
            public var results: [String]
            public var limited: Bool

            // Default memberwise initializers are never public by default, so we
            // declare one manually.
            public init(results: [String], limited: Bool) {
                self.results = results
                self.limited = limited
            }
        }

        open class Client {
            public init() {}
            open func searchUsers(searchTerm: String, limit: UInt64) async throws -> SearchUsersResults {
                SearchUsersResults(results: [], limited: false)
            }
        }
        """,
      "Search/Services/UserProfile.swift": """
        import Foundation

        struct UserProfile: Hashable { var userID: String }

        struct SearchUsersResults {
            let results: [UserProfile]
            let limited: Bool
        }

        enum ClientProxyError: Error { case sdkError(Error) }
        """,
      "Search/Screens/StartChatViewModel.swift": """
        import Foundation
        import MatrixRustSDK

        @MainActor
        final class StartChatViewModel: ObservableObject {
            @Published var users: [UserProfile] = []
            private let client: Client
            init(client: Client) { self.client = client }
            func search(_ query: String) async {
                guard let found = try? await client.searchUsers(searchTerm: query, limit: 10) else { return }
                users = found.results.map { UserProfile(userID: $0) }
            }
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path, vendored: [(folder.path + "/Libs/MatrixRustSDK", "github.com/example/MatrixRustSDK")]))
    #expect(adoption.seams["Libs/MatrixRustSDK/Sources/MatrixRustSDK/matrix_sdk_ffi.swift"]?.types == ["Client", "SearchUsersResults"])
    #expect(RegistrationWriter.emptyMakers(adoption, signatures: [
      "func searchUsers(searchTerm: String, limit: UInt) async -> Result<SearchUsersResults, ClientProxyError>",
    ]) == ["StandInEmpty(Search.SearchUsersResults.self) { Search.SearchUsersResults(results: StandIn.empty(), limited: StandIn.empty()) }"])
  }

  @Test("a maker line the compiler rejects is left out alone next build")
  func rejectedMaker() throws {
    let folder = try AppFolder("Rooms", files: [
      "Rooms.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Rooms/Services/Errors.swift": "enum ClientProxyError: Error {\n    case sdkError(Error)\n}\n",
    ])
    let adoption = Adoption(try folder.scanOnly())
    let generated = "let generatedFailures: [StandInFailure] = [\n  StandInFailure(ClientProxyError.self) { .sdkError($0) },\n]\n"
    #expect(Mending.maker(atLine: 2, of: generated) == "StandInFailure(ClientProxyError")
    #expect(Mending.maker(atLine: 1, of: generated) == nil)
    var mending = Mending()
    let mended = mending.mend(
      [PackageBuild.Rejection(path: nil, line: 2, message: "'ClientProxyError' is ambiguous for type lookup in this context")],
      adoption: adoption, standIns: StandInFiles(adoption), generated: generated)
    #expect(mended)
    let again = mending.adoption(of: try folder.scanOnly(), overridden: [], excluded: [:])
    #expect(again.failedMakers == ["StandInFailure(ClientProxyError"])
    #expect(RegistrationWriter.makerKey(of: "  StandInEmpty(SearchUsersResults.self) { SearchUsersResults() },") == "StandInEmpty(SearchUsersResults")
  }
}
