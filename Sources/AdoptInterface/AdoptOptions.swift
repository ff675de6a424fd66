public import ArgumentParser

/// What `vmrepl adopt` is told: the app's folder and where the package goes.
///
/// `vmrepl` parses them (its help and its errors name them) and hands them to `vmrepl-adopt`,
/// which parses them again and does the work: the two never disagree on what an option is.
public struct AdoptOptions: ParsableArguments {
  @Argument(help: "The app's folder, its Xcode project's folder, or a package.")
  public var path: String

  @Option(help: ArgumentHelp("Where to write the package (default: PATH-vmrepl, beside the app).", valueName: "DIR"))
  public var output: String?

  @Option(help: ArgumentHelp("The vmrepl checkout the package builds against (default: this vmrepl's).", valueName: "DIR"))
  public var vmrepl: String?

  @Flag(help: "Print what adopt finds, and write nothing.")
  public var dryRun = false

  @Flag(help: "Write the package without building it (adopt otherwise builds it, and leaves out what does not compile on Linux).")
  public var noBuild = false

  public init() {}

  /// The same options as a command line: the options first, then `--` and the path, so that a
  /// path that starts with `-` stays a path.
  public var arguments: [String] {
    (output.map { ["--output", $0] } ?? []) + (vmrepl.map { ["--vmrepl", $0] } ?? []) + (dryRun ? ["--dry-run"] : [])
      + (noBuild ? ["--no-build"] : []) + ["--", path]
  }
}

/// How `adopt` presents itself: the same summary and discussion under `vmrepl` and on its own.
public enum AdoptDescription {
  /// The command's configuration, named `commandName`.
  public static func configuration(commandName: String) -> CommandConfiguration {
    CommandConfiguration(
      commandName: commandName,
      abstract: "Make a package that runs an app's view-models in the REPL, with no hand-written registration.",
      discussion: """
        Reads the Swift files under PATH (an app's folder, an Xcode project's folder or a package), \
        finds the view-models (ObservableObject, @Observable, @Published state, names ending in \
        ViewModel) and the files they need, and writes a package that compiles those files where they \
        are, through AppleCompat, with a registration per view-model and a starter scenario each; the \
        modules of the app's own local packages become targets of their own. Files that cannot build on \
        Linux (SwiftUI views, UIKit controllers, SwiftData models, #Preview) are left out, each with its \
        reason; then adopt builds the package, in vmrepl's shared build folder, and leaves out each file \
        the compiler rejects, with its first error, until the package builds. Run it again after the app changed: Overrides.swift and the \
        scenarios are yours and stay as they are.
        """)
  }

  /// The executable that does `adopt`'s work, beside `vmrepl`.
  public static let helperName = "vmrepl-adopt"

  /// The variable naming another `vmrepl-adopt` to run than the one beside `vmrepl`:
  /// `scripts/vmrepl adopt` builds it optimized, which reads and plans a large app ten times
  /// faster (element-x's 1,359 files: 5 s, 37 s in a debug build), and so the time adopt adds
  /// to each of its builds.
  public static let helperVariable = "VMREPL_ADOPT"

  /// The `vmrepl-adopt` to run: the one `helperVariable` names, else the one in `directory`
  /// (vmrepl's own).
  public static func helperPath(beside directory: String, environment: [String: String]) -> String {
    if let chosen = environment[helperVariable], !chosen.isEmpty { return chosen }
    return directory + "/" + helperName
  }
}
