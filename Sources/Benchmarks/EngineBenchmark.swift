import Foundation
import Glibc
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
    return (path, text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
  }
}

/// In-process cost of replaying each scenario: parsing, running, rendering the transcript.
@MainActor
func engineFigures(session: Session, repeats: Int) -> [String] {
  let scenarios = scenarioFiles()
  guard !scenarios.isEmpty else { return ["no scenarios found (run from the package root)"] }
  let renderer = TranscriptRenderer(echo: true, errorsInline: true)
  var bytes = 0
  // `--dump DIR` writes each pass's transcript to DIR/pass-N.txt, to compare passes.
  let dump = CommandLine.arguments.firstIndex(of: "--dump").map { CommandLine.arguments[$0 + 1] }
  var passes: [String] = []
  let time = measure {
    for _ in 0..<repeats {
      var pass = ""
      for scenario in scenarios {
        for (index, line) in scenario.lines.enumerated() {
          let output = renderer.render(session.execute(line, line: index + 1)).output
          bytes += output.utf8.count
          if dump != nil { pass += output }
        }
      }
      if dump != nil { passes.append(pass) }
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

/// Whole-process figures: start-up to exit, and the whole suite's replay.
func processFigures() -> [String] {
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("vmrepl").path
  guard FileManager.default.fileExists(atPath: binary) else { return ["(build vmrepl beside vmrepl-bench for process figures)"] }
  var startTimes: [Double] = []
  for _ in 0..<20 {
    startTimes.append(measure { _ = runProcess(binary, [], input: "models\n") })
  }
  var replayTimes: [Double] = []
  for _ in 0..<3 {
    replayTimes.append(measure { _ = runProcess(binary, ["replay"], input: nil) })
  }
  startTimes.sort()
  replayTimes.sort()
  return [
    "echo models | vmrepl: \(rounded(startTimes[startTimes.count / 2] * 1000)) ms median start to exit (20 runs)",
    "vmrepl replay (all \(scenarioFiles().count) scenarios, one process each, 2 at a time): \(rounded(replayTimes[1] * 1000)) ms median (3 runs)",
  ]
}

/// Spawns `path` and waits for it with posix_spawn and waitpid: Foundation's `Process` polls for
/// the child's exit, which would add its polling interval to every figure.
@discardableResult
func runProcess(_ path: String, _ arguments: [String], input: String?) -> Int32 {
  var pipe: [Int32] = [0, 0]
  _ = Glibc.pipe(&pipe)
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  posix_spawn_file_actions_adddup2(&actions, pipe[0], 0)
  posix_spawn_file_actions_addclose(&actions, pipe[1])
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
  posix_spawn_file_actions_destroy(&actions)
  close(pipe[0])
  if let input {
    _ = input.withCString { write(pipe[1], $0, strlen($0)) }
  }
  close(pipe[1])
  guard spawned == 0 else { return -1 }
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  return status
}
