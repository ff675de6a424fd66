import Foundation
import Scenario
import VMReplCLI
import Simulation

/// A whole session, as `replay` runs a scenario: a `use` of one of the built-in examples, then the
/// input's lines as commands. Each command succeeds or gets an error that names its line (and a
/// column inside it, when it points at a word); none traps; none runs past the runaway guard;
/// and when the process was left clean, running the input again prints the same transcript.
@MainActor
enum SessionTarget {
  /// Lines and characters a session input may have: more finds nothing new, and makes each input slow.
  static let maxLines = 24
  static let maxLineLength = 240
  /// The most schedules an `explore` in an input may ask for.
  static let maxSchedules = 20
  /// The timers one `settle` or `await` may fire: a user's limit (10,000) is a guard that holds
  /// all the same at 1,000, and a repeating run-loop timer costs a real run-loop pass per firing.
  static let timerLimit = 1_000

  /// Runs every input a second time when 1; when N, one input in N, picked by the input's bytes
  /// (so an input that broke the check breaks it again when run alone). Under libFuzzer the
  /// second run would halve the inputs tried; `FuzzTarget.prepare(fuzzing:)` sets 4.
  static var compareOneIn = 1

  /// How many runs left timers armed (dropped before the next run); whether one left a thread
  /// alive or a task quarantined, after which no run starts clean and none is compared.
  static var unclean = 0
  static var dirty = false

  /// The guards of the target's sessions: a lower runaway limit than a user's, so that an
  /// input that loops ends in well under libFuzzer's per-input time limit.
  static let options = SessionOptions.unparsed(maxJobs: 100_000, watchdog: 10)

  /// One capture of standard output for every session: what view-models print is read from it.
  static let output = SessionOutput()

  /// A folder of its own for the files an input may write (`timeline --svg`, recorded cassettes,
  /// a database at a relative path) or read (`body=@FILE`): the working directory and the
  /// session's base folder, emptied before every run so nothing one run writes is read by the
  /// next. Paths in inputs are kept relative; `vmrepl-fuzz` makes its own arguments absolute.
  static let folder: String = {
    // The real temporary folder: TMPDIR is the storage sandbox's, which every `use` empties.
    let environment = ProcessInfo.processInfo.environment
    let base = [environment["VMREPL_REAL_TMPDIR"], environment["TMPDIR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "/tmp"
    let folder = base + (base.hasSuffix("/") ? "" : "/") + "vmrepl-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }()

  /// Moves into the target's folder.
  static func enterFolder() {
    _ = FileManager.default.changeCurrentDirectoryPath(folder)
  }

  /// Removes the folder, once no input is left to run.
  static func removeFolder() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Removes what the last run wrote in the folder.
  static func emptyFolder() {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
      try? FileManager.default.removeItem(atPath: folder + "/" + name)
    }
  }

  static func run(_ text: String) {
    let lines = script(text)
    let file = folder + "/input.scenario"
    emptyFolder()
    let run = InProcessReplay(options: options, output: output, timerLimit: timerLimit).run(lines, file: file) { number, result in
      check(result, line: number, lines: lines)
    }
    guard startClean(run.fresh), !dirty else { return }
    let pick = text.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    guard pick % UInt64(compareOneIn) == 0 else { return }
    emptyFolder()
    let again = InProcessReplay(options: options, output: output, timerLimit: timerLimit).run(lines, file: file)
    _ = startClean(again.fresh)
    let difference = GoldenComparison.diff(expected: run.transcript, actual: again.transcript, name: "transcript")
    invariant(
      difference == nil,
      "the same lines printed two transcripts (first run, then second):\n\(printable(difference ?? ""))\nlines:\n\(printable(lines.joined(separator: "\n")))")
  }

  /// Text with NUL bytes spelled out: a trap's message ends at the first.
  static func printable(_ text: String) -> String { text.replacingOccurrences(of: "\0", with: "\\0") }

  /// Whether the next run starts as a process of its own would: after a run that left timers
  /// armed, they are dropped first; a live thread or quarantined task makes the process dirty.
  static func startClean(_ fresh: Bool) -> Bool {
    if fresh { return true }
    unclean += 1
    if !Simulation.shared.startOver(abandoning: .everyTimer) { dirty = true }
    return !dirty
  }

  /// The lines to run: a `use` first (of the example the input's bytes pick, unless the input
  /// starts with one), long lines cut, files kept inside the target's folder.
  static func script(_ text: String) -> [String] {
    var lines = ScenarioText.lines(text).prefix(maxLines).map { line -> String in
      var line = String(line.prefix(maxLineLength))
      // `@FILE`, `--svg FILE` and cassettes name files; without a slash they stay in the folder.
      if line.contains("@") || line.contains("--") || line.contains("cassette") {
        line.removeAll { $0 == "/" }
      }
      return line
    }
    lines.removeAll { isTooLong($0) }
    let firstCommand = lines.lazy.compactMap { try? CommandParser.parse($0) }.first
    let startsWithUse = if case .session(.use)? = firstCommand { true } else { false }
    if !startsWithUse {
      let models = ModelCatalog.models
      let pick = text.utf8.reduce(0) { ($0 &+ Int($1)) & 0xFFFF } % max(1, models.count)
      if !models.isEmpty { lines.insert("use \(models[pick].name)", at: 0) }
    }
    return lines
  }

  /// An `explore` of more schedules than an input may take: not a hang, only slow.
  static func isTooLong(_ line: String) -> Bool {
    guard case .frontEnd(.explore(let request))? = try? CommandParser.parse(line) else { return false }
    return request.schedules > maxSchedules
  }

  /// A step's result: an error names its line, and a column inside it when it names one.
  static func check(_ result: StepResult, line: Int?, lines: [String]) {
    guard let error = result.error else { return }
    invariant(!error.message.isEmpty, "an empty error message for \(literal(result.source))")
    guard let line else { return }
    invariant(error.line == line, "the error of line \(line) names line \(error.line.map(String.init) ?? "none"): \(error)")
    if let column = error.column {
      let text = lines[line - 1]
      invariant(column >= 1 && column <= text.count + 1, "column \(column) outside line \(line), \(literal(text)): \(error)")
    }
  }
}
