import Foundation
import Testing

/// `history`, `undo`, `redo`, `goto` and `diff`: going back is exact re-execution.
@Suite("Time travel")
struct TimeTravelTests {
  /// The JSON objects `--format jsonl` printed, one per command.
  static func objects(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }

  /// A state as comparable text.
  static func text(_ state: Any?) throws -> String {
    guard let state, !(state is NSNull) else { return "null" }
    return String(decoding: try JSONSerialization.data(withJSONObject: state, options: [.sortedKeys]), as: UTF8.self)
  }

  @Test("going to any step of any example scenario gives the state that step had, and every re-run step prints what it printed", arguments: ScenarioReplayTests.scenarios)
  func everyStep(scenario: String) async throws {
    let lines = try String(contentsOfFile: VMReplProcess.packageRoot.path + "/" + scenario, encoding: .utf8)
      .split(separator: "\n").map(String.init)
      .filter { line in
        // The scenario's own time travel would make the history differ from its lines, and so
        // would its checks of errors (`fails undo 9`).
        let word = line.split(separator: " ").first.map(String.init) ?? ""
        return !["undo", "redo", "goto", "history", "diff", "fails"].contains(word)
      }
    let first = try Self.objects(try await VMReplProcess.run(["--format", "jsonl"], input: lines.joined(separator: "\n") + "\n").output)
    // Step k's state is the state after the command numbered k in the last session's history.
    var stepStates: [Int: String] = [:]
    for object in first {
      guard let step = object["step"] as? Int else { continue }
      if step == 1 { stepStates = [:] }
      stepStates[step] = try Self.text(object["state"])
    }
    let count = stepStates.count
    guard count > 0 else { return }
    try #require(stepStates.keys.sorted() == Array(1...count))
    // Forward one step at a time (redo), then back one at a time (a re-run from the `use` each).
    let moves = [1] + Array(stride(from: 2, through: count, by: 1)) + Array(stride(from: count - 1, through: 1, by: -1))
    let second = try Self.objects(
      try await VMReplProcess.run(["--format", "jsonl"], input: (lines + moves.map { "goto \($0)" }).joined(separator: "\n") + "\n").output)
    let gotos = second.suffix(moves.count)
    for (move, object) in zip(moves, gotos) {
      #expect(object["error"] is NSNull, "\(scenario): goto \(move): \(object["error"] ?? "")")
      #expect(object["step"] as? Int == move)
      #expect(try Self.text(object["state"]) == stepStates[move], "\(scenario): the state at step \(move) differs when re-run")
    }
  }

  @Test("a view-model that reads outside the simulation: the re-run says which step printed something else, and stays before it")
  func divergence() async throws {
    let result = try await VMReplProcess.run(
      ["replay", "Tests/VMReplTests/Scenarios/timetravel"], environment: ["CI": "true"], executable: "VMReplFixtures")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasSuffix("1 passed, 0 failed\n"))
  }
}
