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
  }
}
