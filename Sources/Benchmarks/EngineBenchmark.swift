import Examples
import Foundation
import Processes
import Scenario
import Simulation

func option(_ name: String, in arguments: [String], default value: Int) -> Int {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
    let number = Int(arguments[index + 1])
  else { return value }
  return number
}

/// Every scenario under scenarios/, with its lines.
func scenarioFiles() -> [(name: String, lines: [String])] {
  let root = FileManager.default.currentDirectoryPath + "/scenarios"
  let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
    .filter { $0.hasSuffix(".scenario") }.sorted()
  return paths.compactMap { path in
    guard let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else { return nil }
    return (path, ScenarioText.lines(text))
  }
}

/// In-process cost of replaying each scenario: parsing, running, rendering the transcript. Each
/// scenario has a timeline of its own, made from `timeline`'s environment, as in a replay worker:
/// its `undo` and `goto` lines re-run its own steps only.
@MainActor
func engineFigures(timeline: Timeline, repeats: Int) -> [String] {
  let scenarios = scenarioFiles()
  guard !scenarios.isEmpty else { return ["no scenarios found (run from the package root)"] }
  let renderer = TranscriptRenderer(echo: true, errorsInline: true)
  var bytes = 0
  // `--dump DIR` writes each pass's transcript to DIR/pass-N.txt, to compare passes.
  let dump = CommandLine.arguments.firstIndex(of: "--dump").map { CommandLine.arguments[$0 + 1] }
  var passes: [String] = []
  // `--detail` prints each scenario's time per pass to standard error, slowest first.
  let detail = CommandLine.arguments.contains("--detail")
  var each = [Double](repeating: 0, count: scenarios.count)
  let time = measure {
    for _ in 0..<repeats {
      var pass = ""
      for (number, scenario) in scenarios.enumerated() {
        let start = detail ? wallSeconds() : 0
        // A scenario's `schedule` line holds for the rest of that scenario only.
        Simulation.shared.scheduler = nil
        let timeline = Timeline(timeline.environment)
        defer { _ = timeline.session.finish() }
        for (index, line) in scenario.lines.enumerated() {
          let output = renderer.render(timeline.execute(line, line: index + 1)).output
          bytes += output.utf8.count
          if dump != nil { pass += output }
        }
        if detail { each[number] += wallSeconds() - start }
      }
      if dump != nil { passes.append(pass) }
    }
  }
  if detail {
    for (number, seconds) in each.enumerated().sorted(by: { ($1.element, $0.offset) < ($0.element, $1.offset) }) {
      writeAll(2, "\(scenarios[number].name): \(rounded(seconds / Double(repeats) * 1000)) ms\n")
    }
  }
  if let dump {
    for (index, pass) in passes.enumerated() {
      try? pass.write(toFile: "\(dump)/pass-\(index).txt", atomically: true, encoding: .utf8)
    }
  }
  let perScenario = time / Double(repeats * scenarios.count) * 1000
  return [
    "in-process replay: \(rounded(perScenario)) ms per scenario (\(scenarios.count) scenarios x \(repeats), \(bytes / repeats) bytes of transcript per pass)"
  ]
}

/// Time travel: `undo` at the end of a 1,000-step session re-runs 999 steps from the `use`.
@MainActor
func timeTravelFigures() -> [String] {
  let timeline = Timeline(models: Examples.all)
  _ = timeline.execute("use refresh")
  for index in 1..<1_000 { _ = timeline.execute(index % 2 == 1 ? "send refresh" : "advance 2s") }
  var times: [Double] = []
  var failed: String?
  for _ in 0..<5 {
    var result: StepResult?
    times.append(measure { result = timeline.execute("undo") })
    if let error = result?.error { failed = error.message }
    _ = timeline.execute("redo")
  }
  times.sort()
  return ["undo at the end of a 1,000-step session: \(rounded(times[2] * 1000)) ms median (5 runs)" + (failed.map { "; FAILED: \($0)" } ?? "")]
}

/// Whole-process figures: start-up, one scenario, the examples' replay, 1,000 generated
/// scenarios, the examples' exploration, and a replay worker's memory.
func processFigures() -> [String] {
  let binary = CurrentExecutable.directory.appendingPathComponent("vmrepl").path
  guard FileManager.default.fileExists(atPath: binary) else { return ["(build vmrepl beside vmrepl-bench for process figures)"] }
  let examples = scenarioFiles().map { "scenarios/" + $0.name }
  func median(_ runs: Int, _ arguments: [String], input: String? = nil) -> Double {
    var times: [Double] = []
    for _ in 0..<runs { times.append(measure { _ = runChild(binary, arguments, input: input) }) }
    return times.sorted()[runs / 2]
  }
  let start = median(20, [], input: "models\n")
  let floor = startUpFloor(runs: 20)
  let single = median(20, ["run", examples[0]])
  let replayOne = median(20, ["replay", examples[0]])
  let replayAll = median(5, ["replay"])
  // Exploration as users run it: workers, their markers and answers, the runner's report.
  let exploreAll = median(3, ["explore", "--schedules", "100", "scenarios"])
  // 1,000 scenarios made from the examples: copies with their golden files, in a folder of their own.
  let folder = NSTemporaryDirectory() + "vmrepl-bench-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  var generated: [String] = []
  for index in 0..<1_000 {
    let source = examples[index % examples.count]
    let name = "\(folder)/\(index)-" + source.replacingOccurrences(of: "/", with: "-")
    try? FileManager.default.copyItem(atPath: source, toPath: name)
    try? FileManager.default.copyItem(
      atPath: String(source.dropLast(".scenario".count)) + ".golden",
      toPath: String(name.dropLast(".scenario".count)) + ".golden")
    generated.append(name)
  }
  // What the examples read beside them (`body=@fixtures/...`) is where the copies look for it.
  for directory in Set(examples.map { ($0 as NSString).deletingLastPathComponent }).sorted() {
    let fixtures = directory + "/fixtures"
    for file in (try? FileManager.default.contentsOfDirectory(atPath: fixtures))?.sorted() ?? [] {
      try? FileManager.default.createDirectory(atPath: folder + "/fixtures", withIntermediateDirectories: true)
      try? FileManager.default.copyItem(atPath: fixtures + "/" + file, toPath: folder + "/fixtures/" + file)
    }
  }
  // A figure of replays that fail would time diffs: every copy must pass.
  let generatedVerdict = runChild(binary, ["replay", folder], input: nil).output
    .split(separator: "\n").last.map(String.init) ?? ""
  let replayThousand = median(3, ["replay", folder])
  // One worker, 1,000 scenarios (each leaves it clean): its resident memory after 10 and after 1,000.
  let paths = (0..<1_000).map { examples[$0 % examples.count] }
  let answers = runChild(binary, ["replay-worker"], input: paths.joined(separator: "\n") + "\n").output
    .split(separator: "\n")
    .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    .compactMap { $0["resident"] as? Int }
  let memory = answers.count >= 1_000
    ? "replay worker resident memory: \(answers[9] >> 20) MiB after 10 scenarios, \(answers[999] >> 20) MiB after 1,000 (ratio \(rounded(Double(answers[999]) / Double(answers[9]))))"
    : "replay worker memory: only \(answers.count) answers"
  return [
    "echo models | vmrepl: \(rounded(start * 1000)) ms median start to exit (20 runs)",
    floor,
    "vmrepl run (one scenario): \(rounded(single * 1000)) ms median (20 runs)",
    "vmrepl replay (one scenario, start to verdict): \(rounded(replayOne * 1000)) ms median (20 runs)",
    "vmrepl replay (the \(examples.count) example scenarios, \(ProcessInfo.processInfo.activeProcessorCount) workers): \(rounded(replayAll * 1000)) ms median (5 runs); \(rounded(replayAll / single)) times one `vmrepl run`",
    "vmrepl replay (1,000 generated scenarios): \(rounded(replayThousand * 1000)) ms median (3 runs)"
      + (generatedVerdict == "1000 passed, 0 failed" ? "" : "; FAILED: \(generatedVerdict)"),
    "vmrepl explore (the \(examples.count) example scenarios, 100 schedules each, \(ProcessInfo.processInfo.activeProcessorCount) workers): \(rounded(exploreAll * 1000)) ms median (3 runs)",
    memory,
    explorationMemoryFigure(binary: binary),
  ] + instructionFigures(binary: binary, example: examples[0])
}

/// What any process that links what vmrepl links costs to start and exit on this machine: a
/// program that imports Foundation and FoundationNetworking (and so loads the same fifty-odd
/// shared objects: curl and its TLS chain, ICU) and prints one line. Built here with swiftc.
func startUpFloor(runs: Int) -> String {
  let label = "start-up floor (a program linking Foundation and FoundationNetworking, start to exit)"
  guard let swiftc = executableInPath("swiftc") else { return "\(label): (no swiftc on PATH)" }
  let folder = NSTemporaryDirectory() + "vmrepl-bench-floor-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let source = folder + "/main.swift", binary = folder + "/floor"
  let program = "import Foundation\nimport FoundationNetworking\nprint(URLSession.self, ProcessInfo.processInfo.processIdentifier > 0)\n"
  guard (try? program.write(toFile: source, atomically: true, encoding: .utf8)) != nil,
    ChildProcess.runBlocking(swiftc, ["-O", source, "-o", binary]).status == 0
  else { return "\(label): (swiftc failed)" }
  var times: [Double] = []
  for _ in 0..<runs { times.append(measure { _ = runChild(binary, [], input: "models\n") }) }
  return "\(label): \(rounded(times.sorted()[runs / 2] * 1000)) ms median (\(runs) runs)"
}

/// Runs `path` to its end from this process, where the simulation owns the default executor.
func runChild(_ path: String, _ arguments: [String], input: String?) -> ChildProcess.Result {
  ChildProcess.runBlocking(path, arguments, input: input ?? "")
}
