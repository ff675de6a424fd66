// SwiftGen's strings as element-x writes them (`L10n`): its `tr` reads the app's `.lproj`
// bundles, which the package has not, so adopt puts a seam in place of its body. Unanswered,
// the seam returns the app's own English string (`StandInStrings`), as the app shows it; the
// screen's model then finds the placeholder it formatted into the footer, as on a device.
import Foundation
import Scenario
import StandInSupport

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// The generated strings: every accessor goes through `tr`.
enum L10n {
  /// To change the permission go to %1$@.
  static func screenAdvancedSettingsFooter(_ p1: Any) -> String {
    L10n.tr("Localizable", "screen_advanced_settings_footer", String(describing: p1))
  }

  /// Settings
  static var screenAdvancedSettingsFooterLink: String { L10n.tr("Localizable", "screen_advanced_settings_footer_link") }

  /// What adopt writes in place of the body that reads `Bundle.app`'s `.lproj` bundles.
  static func tr(_ table: String, _ key: String, _ args: any CVarArg...) -> String {
    StandIn.call(
      "L10n.tr", "tr(\(StandIn.text(table)), \(StandIn.text(key)), \(StandIn.text(args)))",
      empty: StandInStrings.localized(table: table, key: key, arguments: args))
  }
}

/// element-x's `AdvancedSettingsScreenViewState`: the footer's link goes where the placeholder
/// was formatted in; a footer without it is a failure its logger traps on in a debug build.
@MainActor
final class AdvancedSettingsViewModel: ObservableObject {
  @Published var footer: String

  init() {
    let linkPlaceholder = "{link}"
    let text = L10n.screenAdvancedSettingsFooter(linkPlaceholder)
    guard let range = text.range(of: linkPlaceholder) else {
      fatalError("MXLog.failure: the footer has no link placeholder: \(text)")
    }
    footer = text.replacingCharacters(in: range, with: "[\(L10n.screenAdvancedSettingsFooterLink)]")
  }
}

let advancedSettings = ModelDefinition("advanced-settings", summary: "a footer made of the app's localized strings") { _ in
  AdvancedSettingsViewModel()
} describe: { _ in }

/// What adopt's generated `AppStrings.swift` holds: the app's `en.lproj` tables, as JSON.
let fixtureStrings = #"{"Localizable":{"screen_advanced_settings_footer":"To change the permission go to %1$@.","screen_advanced_settings_footer_link":"Settings"}}"#
