import ArgumentParser
import Scenario

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Entry point: parses the command line and maps errors to the exit statuses of the contract
/// (0 success, 1 a failed check, rejected command or golden mismatch, 2 a usage error).
@main
enum Main {
  static func main() {
    do {
      var command = try VMRepl.parseAsRoot()
      try command.run()
    } catch {
      let code = VMRepl.exitCode(for: error)
      if code == .validationFailure {
        writeAll(2, VMRepl.fullMessage(for: error) + "\n")
        exit(2)
      }
      VMRepl.exit(withError: error)
    }
  }
}
