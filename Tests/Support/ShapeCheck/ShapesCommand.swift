import ArgumentParser
import Foundation
import ViewModelShapes

/// `vmrepl-shapes`: draws view-model shapes from seeds and holds each to vmrepl's promises
/// (see `ShapeCheck`); a failing shape is shrunk and printed, and kept with `--save`.
///
/// ```sh
/// vmrepl-shapes --from 0 --count 16            # the bounded pass scripts/test runs
/// vmrepl-shapes --seconds 3600 --save shapes/  # an hour, failures kept as scenarios
/// vmrepl-shapes --scenario Tests/VMReplTests/Scenarios/shapes/*.scenario
/// ```
@main
struct ShapesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vmrepl-shapes",
    abstract: "Generate view-model shapes and check that run, explore and audit end and repeat themselves.")

  @Option(help: "The first seed.") var from: UInt64 = 0
  @Option(help: "How many seeds, from --from.") var count = 16
  @Option(help: "Draw seeds from --from until this many seconds have passed, instead of --count.") var seconds: Int?
  @Option(help: "Scenario files to check instead of drawn shapes (kept failures).") var scenario: [String] = []
  @Option(help: "A folder to write each failing scenario, shrunk, into.") var save: String?
  @Option(help: "The fixture REPL with the `shape` model (default: VMReplFixtures beside this program).") var fixtures: String?
  @Option(help: "Schedules each exploration runs.") var schedules = 12

  func run() async throws {
    let executable = fixtures ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("VMReplFixtures").path
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-shapes-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: work) }
    var check = ShapeCheck(fixtures: executable, folder: work)
    check.schedules = schedules
    var passed = 0
    var failed = 0
    let started = ContinuousClock.now
    var cases: [(name: String, scenario: ShapeScenario)] = []
    for path in scenario {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8), let read = ShapeScenario(text: text) else {
        throw ValidationError("\(path) is not a shape scenario (its first line must be `use shape program=\"...\"`)")
      }
      cases.append((path, read))
    }
    var seed = from
    func next() -> (name: String, scenario: ShapeScenario)? {
      if !scenario.isEmpty { return cases.isEmpty ? nil : cases.removeFirst() }
      if let seconds { guard ContinuousClock.now - started < .seconds(seconds) else { return nil } } else {
        guard seed < from + UInt64(count) else { return nil }
      }
      defer { seed += 1 }
      return ("seed \(seed)", ShapeGenerator.scenario(seed: seed))
    }
    while let (name, drawn) = next() {
      guard let failure = await check.check(drawn) else {
        passed += 1
        say("\(name): ok: \(drawn.shape)")
        continue
      }
      failed += 1
      say("\(name): FAILED \(failure)")
      let (smallest, why) = await check.shrink(drawn, failing: failure)
      say("  shrunk to (\(why)):")
      say(smallest.text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
      if let save {
        try FileManager.default.createDirectory(atPath: save, withIntermediateDirectories: true)
        let file = save + "/" + name.replacingOccurrences(of: " ", with: "-") + ".scenario"
        try ("# \(name): \(why.property)\n" + smallest.text).write(toFile: file, atomically: true, encoding: .utf8)
      }
    }
    say("shapes: \(passed) passed, \(failed) failed")
    if failed > 0 { throw ExitCode(1) }
  }
}

/// Writes a line at once, also into a file or a pipe, where `print` would hold it back: an
/// hour-long run is watched as it goes.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
