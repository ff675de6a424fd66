/// The name this command line was started as: `vmrepl`, or a user's own REPL binary
/// (`notes-repl`), which names itself that way in help, prompts and errors.
enum ToolName {
  /// The executable's file name.
  static let current: String = {
    let path = CommandLine.arguments.first ?? "vmrepl"
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.isEmpty ? "vmrepl" : name
  }()

  /// What the interactive REPL's first line calls itself: `vmrepl 0.1.0`, or
  /// `notes-repl (vmrepl 0.1.0)`.
  static var banner: String {
    current == "vmrepl" ? "vmrepl \(vmreplVersion)" : "\(current) (vmrepl \(vmreplVersion))"
  }
}
