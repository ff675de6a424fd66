import Foundation
import Testing

@testable import StandInSupport

/// element-x's `advancedSettings` trapped at `use`: its stood-in `L10n.tr` returned `""`, and
/// the model's logger traps on a footer without its `{link}` placeholder. The seam now returns
/// the app's own English string unasked.
@Suite("stand-ins: a localized-string lookup returns the app's own string")
struct LocalizedStringTests {
  @Test("an unanswered `L10n.tr` returns the app's en.lproj string, formatted; a model that finds its placeholder in it is made")
  func appStringUnanswered() async throws {
    let folder = try VMReplProcess.folder("localized-strings", files: [
      "footer.scenario": "use advanced-settings\n",
      "answered.scenario": "stub L10n.tr value=\"Go to {link}.\"\nuse advanced-settings\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let why = "(stand-in: App/Generated/Strings.swift does not compile on Linux (the compiler, line 4110: value of type 'Bundle' has no member 'app'))"
    let result = try await VMReplProcess.run(["run", "footer.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == """
      > use advanced-settings
      request L10n.tr #r1 pending: tr("Localizable", "screen_advanced_settings_footer", ["{link}"]) \(why)
      request L10n.tr #r1 answered: none (default; `stub L10n.tr ...` forces one)
      request L10n.tr #r2 pending: tr("Localizable", "screen_advanced_settings_footer_link", []) \(why)
      request L10n.tr #r2 answered: none (default; `stub L10n.tr ...` forces one)
      model advanced-settings (AdvancedSettingsViewModel)
      state:
        AdvancedSettingsViewModel(
          footer: "To change the permission go to [Settings]."
        )

      """)
    // An answer still wins over the app's string.
    let answered = try await VMReplProcess.run(["run", "answered.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(answered.status == 0, "\(answered.errors)")
    #expect(answered.output.contains(#"footer: "Go to [Go to {link}.].""#))
  }

  @Test("the app's string is formatted as the app formats it; a key the tables lack, or a format wanting more arguments, is not")
  func formatting() {
    StandInStrings.install(json: #"{"Localizable":{"count":"%d of %d","named":"%2$@ and %1$@","percent":"100%%","one":"Go to %1$@."}}"#)
    defer { StandInStrings.install(json: "{}") }
    #expect(StandInStrings.localized(table: "Localizable", key: "count", arguments: [3, 4]) == "3 of 4")
    #expect(StandInStrings.localized(table: "Localizable", key: "named", arguments: ["a", "b"]) == "b and a")
    #expect(StandInStrings.localized(table: "Localizable", key: "percent") == "100%")
    #expect(StandInStrings.localized(table: "Localizable", key: "one") == "Go to %1$@.")
    #expect(StandInStrings.localized(table: "Localizable", key: "missing") == "")
    #expect(StandInStrings.localized(table: "Other", key: "count", arguments: [1, 2]) == "")
    #expect(StandInStrings.specifiers(in: "%1$@ %2$d %%") == 2)
  }
}
