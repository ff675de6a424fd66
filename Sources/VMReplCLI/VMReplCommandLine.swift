public import ArgumentParser
public import Scenario
import ScenarioAudit
import Simulation
import Synchronization

internal import Platform

/// The whole vmrepl command line (interactive REPL, pipe, `run`, `replay`, `models`) for a list
/// of view-models: how the `vmrepl` executable is made, and how you make your own.
///
/// ```swift
/// import VMReplCLI
///
/// @main
/// enum MyRepl {
///   static func main() {
///     VMReplCommandLine.main(models: [counterModel, searchModel])
///   }
/// }
/// ```
public enum VMReplCommandLine {
  /// Parses the process's arguments, runs the command, and exits with the contract's status:
  /// 0 success, 1 a failed check, rejected command or golden mismatch, 2 a usage error.
  ///
  /// `commands` adds subcommands of the executable's own (the `vmrepl` executable adds `adopt`);
  /// `responses` are the app's `Decodable` types `audit` answers requests with, and `routes`
  /// say which of them the code that sets a request going decodes.
  public static func main(
    models: [ModelDefinition], commands: [any ParsableCommand.Type] = [], responses: [any Decodable.Type] = [],
    routes: [ResponseRoute] = []
  ) -> Never {
    ModelCatalog.register(models)
    ModelCatalog.register(responses: ResponseTypes(responses, routes: routes))
    ModelCatalog.registerCommands(commands)
    do {
      if var command = UnparsedCommands.command(for: Array(CommandLine.arguments.dropFirst())) {
        try command.run()
        exit(0)
      }
      var command = try VMRepl.parseAsRoot()
      try command.run()
      exit(0)
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

/// The view-models this process offers; set once, by `VMReplCommandLine.main`.
package enum ModelCatalog {
  private static let storage = Mutex<[ModelDefinition]>([])

  package static func register(_ models: [ModelDefinition]) {
    storage.withLock { $0 = models }
  }

  package static var models: [ModelDefinition] { storage.withLock { $0 } }

  private static let responseTypes = Mutex(ResponseTypes([]))

  static func register(responses: ResponseTypes) {
    responseTypes.withLock { $0 = responses }
  }

  /// The app's types `audit` makes answers from.
  static var responses: ResponseTypes { responseTypes.withLock { $0 } }

  private static let commands = Mutex<[any ParsableCommand.Type]>([])

  /// Subcommands the executable adds; read once, when the command line's configuration is made.
  static func registerCommands(_ list: [any ParsableCommand.Type]) {
    commands.withLock { $0 = list }
  }

  static var extraCommands: [any ParsableCommand.Type] { commands.withLock { $0 } }
}
