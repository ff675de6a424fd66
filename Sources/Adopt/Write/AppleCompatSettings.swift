/// The compiler settings that make an app's Apple imports resolve to `AppleCompat` on Linux, in
/// one place: the package writer renders them, and a test holds docs/guide/your-app.md's block
/// (which users paste, and which `scripts/check-guide` holds the guide's manifest and
/// Templates/MyApp to) to what they render.
enum AppleCompatSettings {
  /// Each Apple module name and the module of the `AppleCompat` product that stands in for it.
  static let aliases: [(apple: String, module: String)] = [
    ("Combine", "AppleCombine"),
    ("SwiftUI", "AppleSwiftUI"),
    ("OSLog", "AppleOSLog"),
    ("os", "AppleOS"),
    ("UIKit", "AppleUIKit"),
  ]

  /// The `unsafeFlags` call, a line each, without indentation.
  static var flagLines: [String] {
    let imports: String = #"  "-Xfrontend", "-import-module", "-Xfrontend", "AppleCompat","#
    let moduleAliases: [String] = aliases.map { alias in #"  "-module-alias", "\#(alias.apple)=\#(alias.module)","# }
    return [".unsafeFlags([", imports] + moduleAliases + ["], .when(platforms: [.linux])),"]
  }

  /// How long the compiler may spend on one expression of an adopted app's file before it calls
  /// it too complex, in seconds: its own default is 600, and an expression that type-checks at
  /// once against Apple's SDK can take that long against a stand-in's looser types (mastodon's
  /// `SearchViewModel`). adopt makes such a member a seam, as for any error.
  static let typeCheckSeconds = 60

  /// The setting that holds the compiler to `typeCheckSeconds`, for the app's targets adopt writes.
  static var typeCheckLimitLine: String {
    #"  .unsafeFlags(["-Xfrontend", "-solver-expression-time-threshold=\#(typeCheckSeconds)"], .when(platforms: [.linux])),"#
  }

  /// `swiftSettings: [...]` for a target in `languageMode` ("5" or "6"), each line indented by `indent`.
  /// `counterparts` are Apple modules the target's files import that compile as a Linux module of
  /// the same API (`CryptoKit` as `Crypto`), each with a module alias of its own.
  /// `defaultIsolation` (`MainActor`) is the default actor isolation the app's target sets;
  /// `bareSlashRegex`, whether its code writes regex literals as `/.../` (Swift 6's, compiled here
  /// in language mode 5).
  static func swiftSettings(
    languageMode: String, indent: String, counterparts: [String] = [], defaultIsolation: String? = nil, typeCheckLimit: Bool = false,
    bareSlashRegex: Bool = false
  ) -> String {
    var aliases = counterparts.sorted().compactMap { apple in
      LinuxSupport.counterparts[apple].map { #"  .unsafeFlags(["-module-alias", "\#(apple)=\#($0.module)"], .when(platforms: [.linux])),"# }
    }
    if typeCheckLimit { aliases.append(typeCheckLimitLine) }
    let isolation = (defaultIsolation.map { ["  .defaultIsolation(\($0).self),"] } ?? [])
      + (bareSlashRegex && languageMode == "5" ? [#"  .enableUpcomingFeature("BareSlashRegexLiterals"),"#] : [])
    let body: [String] = ["  .swiftLanguageMode(.v\(languageMode)),"] + isolation + flagLines.map { "  " + $0 } + aliases
    let lines: [String] = ["swiftSettings: ["] + body + ["]"]
    return lines.map { indent + $0 }.joined(separator: "\n")
  }
}
