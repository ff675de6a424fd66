@testable import Scenario

/// The error `line` gets from the parser, as users see it, or nil when it parses.
func parseError(_ line: String, actions: [String] = ["refresh"]) -> String? {
  do {
    _ = try CommandParser.parse(line, actions: actions)
    return nil
  } catch {
    return error.description
  }
}
