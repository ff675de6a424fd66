import Testing

@testable import Scenario

/// What the fuzz targets found (`Tests/Fuzz`), as exact errors: each once trapped or pointed
/// outside its line.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
  func error(_ line: String) -> String? { parseError(line) }

  @Test("a route without a path points just past the line, not beyond it")
  func routeWithoutPath() {
    #expect(error("stub http GET") == "column 14: `GET` needs a path after it, like `GET /items` (`*` stands for any run of characters)")
    #expect(error("stub http GET ") == "column 15: `GET` needs a path after it, like `GET /items` (`*` stands for any run of characters)")
  }

  @Test("a JSON value whose line ends in an escape is not closed (it was an index out of range)")
  func jsonEndingInEscape() {
    #expect(error(#"stub http GET /x json={"a":"\"#) == #"column 23: the JSON value `{"a":"\` is not closed; expected `}`"#)
    #expect(error(#"explo json={"city\"#) != nil)
  }

  @Test("scenario text: a final newline ends the last line")
  func scenarioLines() {
    #expect(ScenarioText.lines("use refresh\nsend refresh\n") == ["use refresh", "send refresh"])
    #expect(ScenarioText.lines("a\n\nb") == ["a", "", "b"])
    #expect(ScenarioText.lines("") == [])
  }
}
