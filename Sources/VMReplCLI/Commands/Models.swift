import ArgumentParser

/// `vmrepl models`: list the models.
struct Models: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "models",
    abstract: "List the view-models that can be used.")

  func run() throws {
    let failed = MainActor.assumeIsolated {
      let options = SessionOptions.unparsed
      return ScriptRunner(options: options, transcript: false).runQuietly(["models"])
    }
    if failed { throw ExitCode(1) }
  }
}
