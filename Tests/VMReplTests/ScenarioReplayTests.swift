import Foundation
import Synchronization
import Testing

@Suite("Golden scenarios")
struct ScenarioReplayTests {
  static var scenarios: [String] {
    let root = VMReplProcess.packageRoot.appendingPathComponent("scenarios")
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(".scenario") { found.append("scenarios/" + path) }
    }
    return found.sorted()
  }

  @Test("every scenario replays green against its golden file (CI mode: nothing recorded)")
  func replayAll() async throws {
    let result = try await VMReplProcess.run(["replay"], environment: ["CI": "true"])
    #expect(result.errors == "")
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("\(Self.scenarios.count) passed, 0 failed\n"))
  }

  @Test("every scenario gives byte-identical output 100 times, with two threads burning CPU")
  func determinismUnderLoad() async throws {
    final class Flag: Sendable {
      let stop = Atomic(false)
    }
    let flag = Flag()
    for _ in 0..<2 {
      Thread.detachNewThread {
        var x: UInt64 = 1
        while !flag.stop.load(ordering: .relaxed) { x = x &* 6364136223846793005 &+ 1 }
        if x == 0 { print("") }
      }
    }
    defer { flag.stop.store(true, ordering: .relaxed) }
    for scenario in Self.scenarios {
      let golden = try String(contentsOfFile: VMReplProcess.packageRoot.path + "/" + scenario.dropLast(".scenario".count) + ".golden", encoding: .utf8)
      for run in 0..<100 {
        let result = try await VMReplProcess.run(["run", scenario, "--transcript"])
        if result.output != golden {
          Issue.record("\(scenario) run \(run) differs from its golden file")
          break
        }
      }
    }
  }
}
