import AdoptInterface
import ArgumentParser
import Foundation
import Processes
import Simulation

/// `vmrepl audit APP`: an app's folder instead of models. Adopts it when it has no package yet
/// (`APP-vmrepl`, as `adopt` names it), then runs the package's REPL's own `audit` with the
/// same options, its scenarios in `APP-vmrepl/audit` unless `--output` says otherwise.
struct AuditApp {
  var folder: String
  /// The options given after `audit`, without the folder.
  var arguments: [String]

  /// `path` when it is a folder (an app's, or an adopted package's).
  static func folder(_ path: String) -> String? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
    return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  func run() throws -> Never {
    let adopted = FileManager.default.fileExists(atPath: folder + "/repl") && FileManager.default.fileExists(atPath: folder + "/Package.swift")
    let package = adopted ? folder : folder + "-vmrepl"
    if !FileManager.default.fileExists(atPath: package + "/repl") {
      let helper = AdoptDescription.helperPath(beside: CurrentExecutable.directory.path, environment: ProcessInfo.processInfo.environment)
      guard FileManager.default.isExecutableFile(atPath: helper) else {
        throw ValidationError("\(helper) is not built; `swift build --product vmrepl-adopt` builds it (scripts/vmrepl does)")
      }
      writeAll(2, "audit: adopting \(folder) into \(package)\n")
      // adopt's report goes to standard error: standard output is the audit's.
      let status = ChildProcess.runOntoStandardError(helper, ["--output", package, "--", folder])
      guard status == 0 else {
        writeAll(2, "audit: adopt \(folder) failed (exit status \(status))\n")
        Foundation.exit(2)
      }
    }
    let repl = package + "/repl"
    let output = arguments.contains("--output") ? [] : ["--output", package + "/audit"]
    let command = [repl, "audit"] + output + arguments
    let pointers = command.map { strdup($0) } + [nil]
    execv(repl, pointers)
    throw ValidationError("cannot run \(repl): \(String(cString: strerror(errno)))")
  }
}
