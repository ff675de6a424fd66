/// Where the generated package keeps its files, relative to its folder: one place that spells
/// them, for the writer, the build's error placing and the command's report.
package struct PackagePaths: Sendable, Equatable {
  /// The REPL's executable target (`news-repl`).
  package var executable: String

  /// The executable target's folder.
  package var executableFolder: String { "Sources/\(executable)" }
  /// The registrations adopt rewrites every time.
  package var registrations: String { executableFolder + "/Models.generated.swift" }
  /// The generated conformances of seams to the app's protocols.
  package var seams: String { executableFolder + "/Seams.generated.swift" }
  /// The user's registrations, never rewritten.
  package var overrides: String { executableFolder + "/Overrides.swift" }
  /// The REPL's entry point.
  package var main: String { executableFolder + "/main.swift" }
}
