import Foundation
import ArgumentParser
import Scenario
import Simulation

/// Feeds lines to a session and writes what each step printed.
@MainActor
struct ScriptRunner {
  var options: SessionOptions
  /// Golden-transcript mode: echo every command and keep errors in the transcript.
  var transcript: Bool
  /// The session and its history; `undo` and `goto` replace the session inside.
  let timeline: Timeline
  let output: SessionOutput

  /// A runner with a new session; `output` is the process's capture when it already has one
  /// (a replay worker runs many scenarios, one session each).
  /// `file`, when the lines come from one, is where `body=@FILE` and cassettes are looked up
  /// (beside it).
  init(options: SessionOptions, transcript: Bool, output: SessionOutput? = nil, file: String? = nil) {
    options.guards.install()
    self.options = options
    self.transcript = transcript
    let output = output ?? SessionOutput()
    self.output = output
    self.timeline = Timeline(models: ModelCatalog.models, prints: output.capture)
    if let file { timeline.baseDirectory = Self.folder(of: file) }
  }

  /// The folder `file` is in, as an absolute path.
  static func folder(of file: String) -> String {
    let absolute = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
    guard let slash = absolute.lastIndex(of: "/") else { return FileManager.default.currentDirectoryPath }
    return absolute[..<slash].isEmpty ? "/" : String(absolute[..<slash])
  }

  /// A printer for this runner's output; `echo` repeats each command as `> command`.
  func printer(echo: Bool, errorsInline: Bool) -> StepPrinter {
    StepPrinter(
      renderer: options.format.renderer(echo: echo, errorsInline: errorsInline),
      writeOutput: output.write, writeErrors: output.writeError)
  }

  /// Runs every line from `next`, printing with `printer` (by default to standard output);
  /// returns whether any step failed. `observe` sees each line's number (nil for `--use`) and
  /// result before it is printed.
  func run(
    _ next: () -> String?, printer: StepPrinter? = nil, observe: (_ line: Int?, _ result: StepResult) -> Void = { _, _ in }
  ) -> Bool {
    let printer = printer ?? self.printer(echo: true, errorsInline: transcript)
    var failed = false
    var number = 0
    var first = options.use.map { "use \($0)" }
    while let line = first ?? next() {
      let isOption = first != nil
      first = nil
      if !isOption { number += 1 }
      if transcript {
        // For `replay`: if the view-model traps, the last marker names the step it trapped in.
        writeAll(2, "\(StepMarker.prefix)\(isOption ? "" : "line \(number): ")\(line)\n")
      }
      let result = timeline.execute(line, line: isOption ? nil : number)
      observe(isOption ? nil : number, result)
      printer.print(result)
      if result.error != nil {
        failed = true
        if options.bail { break }
      }
      if result.isQuit { break }
    }
    return failed
  }

  /// Runs lines printing only their output, without echoing them.
  func runQuietly(_ lines: [String]) -> Bool {
    let printer = printer(echo: false, errorsInline: false)
    var failed = false
    for line in lines {
      let result = timeline.execute(line)
      printer.print(result)
      failed = failed || result.error != nil
    }
    return failed
  }
}
