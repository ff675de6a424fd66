import ArgumentParser
import Testing

@testable import VMReplCLI

/// A bare `vmrepl` and a default replay worker set their options instead of parsing their
/// command lines; each must be what the parser makes of the same line, option for option.
@Suite("Command lines run without the parser")
struct UnparsedOptionsTests {
  /// Every property wrapper's state, parsed value or not: an option left unset shows as a
  /// definition and differs from the parsed one.
  private static func described(_ value: Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
  }

  @Test("each unparsed command is the parser's, every option set", arguments: [[], ["replay-worker"]])
  func sameAsParsed(arguments: [String]) throws {
    let unparsed = try #require(UnparsedCommands.command(for: arguments))
    let parsed = try VMRepl.parseAsRoot(arguments)
    #expect(type(of: unparsed) == type(of: parsed))
    #expect(Self.described(unparsed) == Self.described(parsed))
    #expect(!Self.described(parsed).contains(".definition"))
  }

  @Test("any other command line goes to the parser", arguments: [["--bail"], ["replay-worker", "--watchdog", "2"], ["run", "a.scenario"], ["repl"]])
  func othersAreParsed(arguments: [String]) {
    #expect(UnparsedCommands.command(for: arguments) == nil)
  }

  @Test("the options the models command and the fuzz target use are the parser's defaults")
  func sessionOptions() throws {
    #expect(Self.described(SessionOptions.unparsed) == Self.described(try SessionOptions.parse([])))
  }

  @Test("an option left unset differs, so the comparison would catch it")
  func unsetOptionDiffers() throws {
    var repl = Repl()
    repl.repl = .unparsed
    repl.repl.options = SessionOptions()
    #expect(Self.described(repl) != Self.described(try VMRepl.parseAsRoot([])))
  }
}
