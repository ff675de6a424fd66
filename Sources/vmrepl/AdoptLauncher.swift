import AdoptInterface
import ArgumentParser
import Foundation
import Processes

/// `vmrepl adopt`: parsed here, done by `vmrepl-adopt` beside this executable.
///
/// swift-syntax, which adopt reads an app's files with, was 5,000 of the 8,000 protocol
/// conformances linked into vmrepl: every process (a `run`, a replay or explore worker, the REPL)
/// scanned them at each first dynamic cast of a type, and relocated its half of the binary at
/// start. callgrind counted 15% of `echo models | vmrepl`, 19% of a `vmrepl run` and 14% of a
/// replay worker over the examples.
struct AdoptLauncher: ParsableCommand {
  static let configuration = AdoptDescription.configuration(commandName: "adopt")

  @OptionGroup var options: AdoptOptions

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let helper = AdoptDescription.helperPath(beside: CurrentExecutable.directory.path, environment: environment)
    guard FileManager.default.isExecutableFile(atPath: helper) else {
      if environment[AdoptDescription.helperVariable].map({ !$0.isEmpty }) == true {
        Self.fail("\(AdoptDescription.helperVariable) names \(helper), which is no executable; unset it to run the \(AdoptDescription.helperName) beside vmrepl")
      }
      Self.fail("\(helper) is not built; `swift build --product \(AdoptDescription.helperName)` builds it (scripts/vmrepl adopt does)")
    }
    let arguments = [helper] + options.arguments
    let pointers = arguments.map { strdup($0) } + [nil]
    execv(helper, pointers)
    // Only when the helper could not be started.
    Self.fail("cannot run \(helper): \(String(cString: strerror(errno)))")
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("adopt: \(message)\n".utf8))
    Foundation.exit(1)
  }
}
