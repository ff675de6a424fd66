import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `replay` at scale: workers that run many scenarios each, shards, JSON lines, JUnit XML.
@Suite("Replay workers, shards and reports")
struct ReplayRunnerTests {
  static let scenarios = ScenarioReplayTests.scenarios

  /// What one worker answered for a scenario.
  struct Answer: Decodable {
    var path: String
    var transcript: String
    var fresh: Bool
    var resident: Int?
  }

  /// Feeds `paths` to `replay-worker` processes, a new one whenever the last said it is not
  /// clean for another scenario, and returns the answers in order.
  static func workerAnswers(_ paths: [String]) async throws -> [Answer] {
    var answers: [Answer] = []
    while answers.count < paths.count {
      let rest = paths[answers.count...]
      let result = try await VMReplProcess.run(["replay-worker"], input: rest.joined(separator: "\n") + "\n", environment: ["SWIFT_BACKTRACE": "enable=no"])
      let batch = try result.output.split(separator: "\n").map { try JSONDecoder().decode(Answer.self, from: Data($0.utf8)) }
      try #require(!batch.isEmpty, "a worker answered nothing: \(result.errors)")
      answers += batch
    }
    return answers
  }

  @Test("scenarios replayed many to a worker print byte for byte what one process each prints")
  func batchMatchesOneProcessEach() async throws {
    let answers = try await Self.workerAnswers(Self.scenarios)
    #expect(answers.map(\.path) == Self.scenarios)
    // The worker really ran them one after another, legacy/debounced-search too: the save it
    // leaves pending (`asyncAfter`) is let go unrun, and legacy/draft-save, which comes next and
    // saves drafts the same way, shows nothing of it.
    let replaced = zip(Self.scenarios, answers).filter { !$0.1.fresh }.map(\.0)
    #expect(replaced == [], "these scenarios made the worker hand over to a new process")
    for (scenario, answer) in zip(Self.scenarios, answers) {
      let alone = try await VMReplProcess.run(["run", scenario, "--transcript"])
      #expect(answer.transcript == alone.output, "\(scenario) differs when it follows other scenarios in a worker")
    }
  }

  @Test(
    "a worker's resident memory after 1,000 scenarios is within 2x of its memory after 10",
    .disabled(
      if: ProcessInfo.processInfo.environment["VMREPL_SANITIZER"] == "address",
      "AddressSanitizer holds freed memory in quarantine (256 MiB): the resident size says nothing there"))
  func workerMemoryStaysBounded() async throws {
    // Every example, legacy/debounced-search's pending save (released unrun) included.
    let paths = (0..<1_000).map { Self.scenarios[$0 % Self.scenarios.count] }
    let result = try await VMReplProcess.run(["replay-worker"], input: paths.joined(separator: "\n") + "\n")
    let answers = try result.output.split(separator: "\n").map { try JSONDecoder().decode(Answer.self, from: Data($0.utf8)) }
    try #require(answers.count == 1_000, "the worker stopped after \(answers.count) scenarios: \(result.errors.suffix(500))")
    let after10 = try #require(answers[9].resident)
    let after1000 = try #require(answers[999].resident)
    #expect(after1000 < 2 * after10, "\(after10 >> 20) MiB after 10 scenarios, \(after1000 >> 20) MiB after 1,000")
  }

  @Test("--shard K/N splits by path: the parts are disjoint, cover every scenario and differ in size by one at most")
  func shards() async throws {
    var parts: [[String]] = []
    for index in 1...3 {
      let result = try await VMReplProcess.run(["replay", "--shard", "\(index)/3", "--format", "jsonl"], environment: ["CI": "true"])
      #expect(result.status == 0)
      parts.append(try result.output.split(separator: "\n").map { line in
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["verdict"] as? String == "pass")
        return try #require(object["scenario"] as? String)
      })
    }
    #expect(parts.flatMap { $0 }.sorted() == Self.scenarios.sorted())
    #expect(Set(parts.flatMap { $0 }).count == Self.scenarios.count)
    let sizes = parts.map(\.count)
    #expect(sizes.max()! - sizes.min()! <= 1)
    #expect(parts[0] == Array(Self.scenarios.sorted().prefix(sizes[0])), "parts are runs of the sorted paths")

    let wrong = try await VMReplProcess.run(["replay", "--shard", "4/3"])
    #expect(wrong.status == 2)
    #expect(wrong.errors.contains("--shard"))
  }

  @Test("--format jsonl and --junit report a pass, a mismatch with its diff and a crash with its reason")
  func reports() async throws {
    let fine = "> use spinner\nmodel spinner (Spinner)\nstate:\n  Spinner(\n    spins: 0\n  )\n> state spins\nspins = 0\n"
    let folder = try VMReplProcess.folder("vmrepl-reports", files: [
      "a-traps.scenario": "use spinner\nsend trap\n", "a-traps.golden": "",
      "b-fine.scenario": "use spinner\nstate spins\n", "b-fine.golden": fine,
      "c-stale.scenario": "use spinner\nstate spins\n",
      "c-stale.golden": fine.replacingOccurrences(of: "spins = 0", with: "spins = 1 & <more>"),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let junit = folder.appendingPathComponent("report.xml")
    let result = try await VMReplProcess.run(
      ["replay", folder.path, "--format", "jsonl", "--junit", junit.path], executable: "VMReplFixtures")
    #expect(result.status == 1)
    let objects = try result.output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.map { $0["verdict"] as? String } == ["crash", "pass", "fail"])
    #expect(objects[0]["message"] as? String == "the process ended with signal 4 at line 2: `send trap`")
    #expect((objects[0]["crash"] as? [String])?.contains { $0.contains("Fatal error: the spinner trapped on purpose") } == true)
    #expect((objects[2]["diff"] as? String)?.contains("-spins = 1 & <more>\n+spins = 0") == true)

    let report = try JUnitContents(Data(contentsOf: junit))
    #expect(report.attributes["testsuite"]?["tests"] == "3")
    #expect(report.attributes["testsuite"]?["failures"] == "1")
    #expect(report.attributes["testsuite"]?["errors"] == "1")
    #expect(report.testcases == ["a-traps", "b-fine", "c-stale"].map { folder.path + "/" + $0 + ".scenario" })
    #expect(report.texts["failure"]?.contains("-spins = 1 & <more>\n+spins = 0") == true)
    #expect(report.texts["error"]?.contains("Fatal error: the spinner trapped on purpose") == true)
  }
}

/// What a real XML parser reads from a JUnit report.
final class JUnitContents: NSObject, XMLParserDelegate {
  var attributes: [String: [String: String]] = [:]
  var testcases: [String] = []
  var texts: [String: String] = [:]
  private var open: String?

  init(_ data: Data) throws {
    super.init()
    let parser = XMLParser(data: data)
    parser.delegate = self
    guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
  }

  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
    self.attributes[name] = attributes
    if name == "testcase", let case_ = attributes["name"] { testcases.append(case_) }
    if name == "failure" || name == "error" { open = name }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let open { texts[open, default: ""] += string }
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    if name == open { open = nil }
  }
}
