public import Foundation

/// The running program's own file: what a runner starts again as a child, and where SwiftPM put
/// the products beside it.
public enum CurrentExecutable {
  /// The absolute path of the running executable, links resolved.
  public static var path: String {
    #if os(Linux)
      // The kernel's own answer; `CommandLine.arguments[0]` may be relative or a name on PATH.
      return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    #else
      return Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
    #endif
  }

  /// The folder that holds the running executable.
  public static var directory: URL {
    URL(fileURLWithPath: path).deletingLastPathComponent()
  }
}
