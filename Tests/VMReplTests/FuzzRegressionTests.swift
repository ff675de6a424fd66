import Foundation
import Testing

/// The fuzz targets' inputs that once broke an invariant (`Tests/Fuzz/TARGET`), replayed by the
/// ordinary build of `vmrepl-fuzz`, and the session target over every scenario of the
/// repository: each run twice in one process, with the same transcript.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  static let targets = ["parser", "session", "scenario-file"]

  @Test("each kept input holds every invariant of its target", arguments: targets)
  func regressions(target: String) async throws {
    let folder = "Tests/Fuzz/\(target)"
    let inputs = try FileManager.default.contentsOfDirectory(atPath: VMReplProcess.packageRoot.appendingPathComponent(folder).path)
    #expect(!inputs.filter { !$0.hasPrefix(".") }.isEmpty, "no regression input in \(folder)")
    let result = try await VMReplProcess.run([target, folder], executable: "vmrepl-fuzz")
    #expect(result.status == 0 && result.signal == nil, "\(result.errors.split(separator: "\n").suffix(30).joined(separator: "\n"))")
    #expect(result.output.hasPrefix("vmrepl-fuzz \(target): \(inputs.count) inputs, every invariant held"))
  }

  @Test("every scenario, run twice in one process, prints the same transcript twice")
  func scenariosTwice() async throws {
    let result = try await VMReplProcess.run(["session", "scenarios"], executable: "vmrepl-fuzz", limit: .seconds(600))
    #expect(result.status == 0 && result.signal == nil, "\(result.errors.split(separator: "\n").suffix(30).joined(separator: "\n"))")
    #expect(result.output.contains("inputs, every invariant held"))
  }

  @Test("a usage error names the targets")
  func usage() async throws {
    let result = try await VMReplProcess.run(["lexer", "x"], executable: "vmrepl-fuzz")
    #expect(result.status == 2)
    #expect(result.errors == """
      usage: vmrepl-fuzz TARGET FILE_OR_FOLDER ... (built by scripts/fuzz: vmrepl-fuzz TARGET [libFuzzer flags] [CORPUS ...])
      targets: parser, session, scenario-file; `vmrepl-fuzz --list` says what each checks

      """)
  }
}
