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
