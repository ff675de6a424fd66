import ArgumentParser

/// The command lines vmrepl runs most and that have nothing to parse: a bare `vmrepl` (the
/// REPL, or a script on standard input) and the `replay-worker` that `replay` starts with the
/// default guards.
///
/// For these the parser would still build every command's arguments and first try two
/// completion-script commands on them: `echo models | vmrepl` ran 77.1 million instructions
/// with it and 56.8 million without (callgrind); a replay worker's start, 86.1 and 68.5 million.
/// The commands here are made with every option set to its default, one by one;
/// `UnparsedOptionsTests` checks that each equals what the parser makes of the same line, so an
/// option added and not set here fails a test rather than a user's start.
enum UnparsedCommands {
  /// The command for `arguments` (the process's, without its name), or nil when they need parsing.
  static func command(for arguments: [String]) -> (any ParsableCommand)? {
    switch arguments {
    case []:
      var repl = Repl()
      repl.repl = .unparsed
      return repl
    case [ReplayWorker.configuration.commandName]:
      var worker = ReplayWorker()
      worker.options = .unparsed
      return worker
    default:
      return nil
    }
  }
}
