/// Where the generated package keeps its files, relative to its folder: one place that spells
/// them, for the writer, the build's error placing and the command's report.
struct PackagePaths: Sendable, Equatable {
  /// The REPL's executable target (`news-repl`).
  var executable: String

  /// The executable target's folder.
  var executableFolder: String { "Sources/\(executable)" }
  /// The registrations adopt rewrites every time.
  var registrations: String { executableFolder + "/Models.generated.swift" }
  /// The generated conformances of seams to the app's protocols.
  var seams: String { executableFolder + "/Seams.generated.swift" }
  /// The user's registrations, never rewritten.
  var overrides: String { executableFolder + "/Overrides.swift" }
  /// The REPL's entry point.
  var main: String { executableFolder + "/main.swift" }
  /// The app's own strings (`AppStrings`), which `main.swift` installs.
  var strings: String { executableFolder + "/AppStrings.swift" }
}
