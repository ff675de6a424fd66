import Foundation
import Processes

/// Instructions a whole process executes, counted by valgrind's callgrind: unlike its time, the
/// count is the same from run to run, so a change of a few percent in start-up shows even on a
/// machine whose process starts move by ±15 ms. Empty when valgrind is not installed.
///
/// Valgrind 3.19 cannot read the DWARF 5 debug information Swift writes, so the figures run a
/// copy of `binary` without it (`strip -g`: the symbol table that names code stays).
func instructionFigures(binary: String, example: String) -> [String] {
  guard let valgrind = executableInPath("valgrind"), let strip = executableInPath("strip") else {
    return ["(install valgrind for the instruction counts: apt-get install valgrind)"]
  }
  let folder = NSTemporaryDirectory() + "vmrepl-bench-instructions-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let copy = folder + "/vmrepl"
  guard ChildProcess.runBlocking(strip, ["-g", "-o", copy, binary]).status == 0 else {
    return ["(strip -g failed: no instruction counts)"]
  }
  func count(_ arguments: [String], input: String = "") -> String {
    switch callgrindTotal(valgrind: valgrind, program: copy, arguments, input: input, log: folder + "/log") {
    case .success(let number): "\(rounded(Double(number) / 1_000_000)) million"
    case .failure(let status): "failed (exit \(status.code))"
    }
  }
  return [
    "instructions of echo models | vmrepl (callgrind): \(count([], input: "models\n"))",
    "instructions of vmrepl run (one scenario, callgrind): \(count(["run", example]))",
    timerInstructions(valgrind: valgrind, strip: strip, folder: folder),
  ]
}

/// Instructions per run-loop timer firing: this benchmark's own `--timers-only` under callgrind
/// at 40,000 and at 20,000 firings, the difference over 20,000 (start-up and the scenario's
/// set-up cancel out). Firings per second on a shared machine move by a third between runs of
/// the same binary; this count moves by less than a part in a thousand.
private func timerInstructions(valgrind: String, strip: String, folder: String) -> String {
  let label = "instructions per run-loop timer firing (callgrind)"
  let copy = folder + "/vmrepl-bench"
  guard ChildProcess.runBlocking(strip, ["-g", "-o", copy, CurrentExecutable.path]).status == 0 else {
    return "\(label): (strip -g failed)"
  }
  func total(firings: Int) -> Int? {
    try? callgrindTotal(valgrind: valgrind, program: copy, ["--timers-only", "--firings", "\(firings)"], log: folder + "/timers-log").get()
  }
  guard let low = total(firings: 20_000), let high = total(firings: 40_000) else { return "\(label): failed" }
  return "\(label): \((high - low) / 20_000)"
}

/// Instructions per timer firing while exploring the build figures' timer scenario: this
/// benchmark's `--timer-explore-only` under callgrind with one schedule and with two, the
/// difference over the 10,000 firings a schedule runs. The build figures' wall-clock times move
/// by a third between runs on a shared machine; this count is what to compare between builds
/// and revisions. Empty without valgrind.
func timerExploreInstructions(model registration: MetronomeRegistration = .shown) -> [String] {
  let label = "instructions per timer firing while exploring the timer scenario\(registration.label) (callgrind)"
  guard let valgrind = executableInPath("valgrind"), let strip = executableInPath("strip") else { return [] }
  let folder = NSTemporaryDirectory() + "vmrepl-bench-explore-instructions-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let copy = folder + "/vmrepl-bench"
  guard ChildProcess.runBlocking(strip, ["-g", "-o", copy, CurrentExecutable.path]).status == 0 else {
    return ["\(label): (strip -g failed)"]
  }
  func total(schedules: Int) -> Int? {
    try? callgrindTotal(
      valgrind: valgrind, program: copy, ["--timer-explore-only", "--schedules", "\(schedules)", "--model", registration.rawValue], log: folder + "/log"
    ).get()
  }
  guard let low = total(schedules: 1), let high = total(schedules: 2) else { return ["\(label): failed"] }
  return ["\(label): \((high - low) / 10_000)"]
}

/// A process's exit status, when callgrind gave no count.
private struct ExitStatus: Error {
  var code: Int32
}

/// The instructions `program` executes with `arguments` under callgrind, read from its log.
private func callgrindTotal(
  valgrind: String, program: String, _ arguments: [String], input: String = "", log: String
) -> Result<Int, ExitStatus> {
  let result = ChildProcess.runBlocking(
    valgrind, ["--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=" + log, program] + arguments, input: input)
  let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
  guard result.status == 0, let line = text.split(separator: "\n").first(where: { $0.contains("Collected :") }),
    let number = Int(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces))
  else { return .failure(ExitStatus(code: result.status)) }
  return .success(number)
}

/// The first `name` on PATH that is executable.
func executableInPath(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
