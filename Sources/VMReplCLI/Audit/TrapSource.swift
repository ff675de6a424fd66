import Foundation
import Processes
import ScenarioAudit

/// Where in the app's code a trap happened: the scenario run once more with Swift's backtracer
/// on, and its first frame in the app's own code (not vmrepl's, not the standard library's, not
/// a registration's closure), `HeadlineViewModel.load() at Newsroom/ViewModels/HeadlineViewModel.swift:18`.
enum TrapSource {
  /// vmrepl's own sources, whose frames are the harness's.
  private static let ownSources: String = {
    let file = #filePath
    guard let range = file.range(of: "/Sources/VMReplCLI/") else { return "/nonexistent/" }
    return String(file[..<range.lowerBound]) + "/Sources/"
  }()

  /// How long the backtraced run may take: symbolicating a large app's debug build takes
  /// seconds, and a backtracer that hangs (one outlived its child and held its output open for
  /// nine minutes under load) must not hang `audit`.
  static let limit: Duration = .seconds(120)

  /// The frame of the app's code a trap in `scenario` happened in, or nil (also when the
  /// backtraced run did not end within `limit`: the finding then names no line).
  static func locate(_ scenario: String) -> String? {
    let result = ChildProcess.runBlocking(
      CurrentExecutable.path, ["run", scenario],
      environment: ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,threads=crashed,sanitize=no"], limit: limit)
    guard !result.timedOut else { return nil }
    return frame(in: result.errors)
  }

  /// `file` as the app's folder names it: an adopted package reaches the app's files through
  /// links (`Sources/App/app` to the app's folder, a local package's module to its sources), so
  /// the file is resolved and made relative to the folder the main `app` link names.
  static func appRelative(_ file: String) -> String {
    let resolved = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
    guard let sources = file.range(of: "/Sources/") else { return resolved }
    let package = String(file[..<sources.lowerBound])
    let targets = (try? FileManager.default.contentsOfDirectory(atPath: package + "/Sources")) ?? []
    for target in targets.sorted() {
      let link = package + "/Sources/" + target + "/app"
      guard (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil else { continue }
      let root = URL(fileURLWithPath: link).resolvingSymlinksInPath().path + "/"
      if resolved.hasPrefix(root) { return String(resolved.dropFirst(root.count)) }
    }
    return resolved
  }

  /// The first frame of a backtrace in the app's code, as `Function at path:line`.
  static func frame(in backtrace: String) -> String? {
    for line in backtrace.split(separator: "\n") {
      guard let at = line.range(of: " at /", options: .backwards), let plus = line.range(of: " + ") else { continue }
      let location = String(line[line.index(after: at.lowerBound)...].dropFirst(3))
      guard location.hasSuffix(".swift") || location.contains(".swift:"), !location.hasPrefix(ownSources),
        !location.contains("/Models.generated.swift"), !location.contains("/Overrides.swift")
      else { continue }
      guard let address = line.range(of: "0x") else { continue }
      let afterAddress = line[address.upperBound...].drop { $0 != " " }.dropFirst()
      let function = String(line[afterAddress.startIndex..<plus.lowerBound])
      let parts = location.split(separator: ":")
      let file = String(parts[0])
      let shown = appRelative(file) + (parts.count >= 2 ? ":\(parts[1])" : "")
      return "\(function) at \(shown)"
    }
    return nil
  }
}
