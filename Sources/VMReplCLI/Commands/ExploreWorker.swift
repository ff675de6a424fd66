import ArgumentParser
import Foundation
import Scenario
import ScenarioExploration
import Simulation

/// `vmrepl explore-worker`: the child `explore` starts. It reads requests on standard input, one
/// JSON line each (a scenario and a range of schedules), explores, and answers each with one
/// JSON line: the `Exploration`.
///
/// Before each schedule it writes a marker to standard error, and it keeps the schedule's
/// departures in the crash trail (`CrashNote`), written only if the process dies: so that if the
/// view-model traps, `explore` knows which schedule did it and how far it had departed, without a
/// write at every departure.
struct ExploreWorker: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explore-worker",
    abstract: "Explore scenarios named on standard input (started by `explore`).",
    shouldDisplay: false)

  @OptionGroup var options: ExploreOptions

  func run() throws {
    MainActor.assumeIsolated {
      options.guards.install()
      CrashNote.install()
      let output = SessionOutput()
      var explorer = Explorer(models: ModelCatalog.models, prints: output.capture)
      explorer.files = DiskFileAccess()
      explorer.willRun = {
        CrashNote.clearTrail()
        WorkerErrors.startOver(with: $0 == 0 ? ExploreMarker.shrinking + "\n" : "\(ExploreMarker.schedule)\($0)\n")
      }
      explorer.onDeparture = { CrashNote.addToTrail("\(ExploreMarker.departure)\($0)") }
      while let line = readLine(strippingNewline: true) {
        guard let request = WorkerJSON.decode(ExploreWorkRequest.self, from: line) else { continue }
        WorkerErrors.startOver(with: "\(StepMarker.scenarioPrefix)\(request.path)\n")
        var exploration: Exploration
        var cancel: CancelExploration?
        if let text = try? String(contentsOfFile: request.path, encoding: .utf8) {
          explorer.shrinkLimit = request.shrink ? 5 : 0
          // Files the scenario names are beside it, as in `run` and `replay`.
          explorer.baseDirectory = ScriptRunner.folder(of: request.path)
          let lines = Explorer.lines(of: text)
          exploration = Exploration(request: options.request)
          if let pinned = request.pinned {
            // One run of a pinned schedule: whether it crashes is the answer.
            _ = explorer.run(Explorer.runnable(lines), scheduler: Scheduler(.pinned(pinned)))
          } else if options.cancelAnywhere {
            cancel = explorer.cancelAnywhere(lines)
          } else {
            exploration = explorer.explore(lines, request: options.request, from: request.from, through: request.through)
          }
        } else {
          exploration = Exploration(request: options.request)
          exploration.stopped = "cannot read `\(request.path)`"
        }
        // A delayed block the last schedule left pending is let go unrun, as in `replay`'s workers;
        // an exploration to resume goes on in a new process.
        let fresh = exploration.resumeAt == nil && explorer.end()
        output.capture?.discard()
        var answer = ExploreWorkAnswer(path: request.path, fresh: fresh, exploration: exploration)
        answer.cancel = cancel
        if let bytes = ResidentMemory.bytes { answer.resident = bytes }
        guard let line = WorkerJSON.line(answer) else { return }
        output.write(line + "\n")
        if !fresh { return }
      }
    }
  }
}

/// The markers an explore worker writes to standard error.
enum ExploreMarker {
  static let schedule = "vmrepl-schedule: "
  static let departure = "vmrepl-departure: "
  static let shrinking = "vmrepl-shrinking"

  /// The schedule that was running when a worker died, the departures it had made, and the
  /// rest of what the worker wrote.
  static func crashed(_ errors: [String]) -> (schedule: Int?, shrinking: Bool, departures: [Departure], rest: [String]) {
    var schedule: Int?
    var shrinking = false
    var departures: [Departure] = []
    var rest: [String] = []
    for line in errors {
      if line.hasPrefix(Self.schedule) {
        schedule = Int(line.dropFirst(Self.schedule.count))
        departures = []
        rest = []
      } else if line.hasPrefix(Self.departure) {
        if let departure = Departure(line.dropFirst(Self.departure.count)) { departures.append(departure) }
      } else if line == Self.shrinking {
        shrinking = true
        departures = []
        rest = []
      } else if !line.hasPrefix(StepMarker.scenarioPrefix) && !line.hasPrefix(StepMarker.prefix) {
        rest.append(line)
      }
    }
    return (schedule, shrinking, departures, rest)
  }
}
