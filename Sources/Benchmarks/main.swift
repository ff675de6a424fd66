// `vmrepl-bench`: prints the executor's and the engine's figures. Run it through scripts/bench
// (a release build); the figures and the machine go in docs/benchmarks.md. `--executor-only` and
// `--engine-only` leave out the later figures (for profiling), `--process-only` keeps only the
// process figures, `--explore-only` only the exploration figures (`--schedules N` per scenario, `--only cart/lost-update.scenario`
// one scenario's, in this process alone, for profiling; `--detail` prints each scenario's time to standard error), `--http-only` only
// the scripted HTTP figures (`--requests N`), `--http-pair` only URLSession against a scripted dependency (and URLSession's own cost with no simulation, `--urlsession-floor` alone), `--threads-only` only the simulated threads' figures
// (`--rounds N`), `--stepping-only` only the single-step figures (`--jobs N`), `--timers-only` the timer firings (`--firings N`), `--build-figures` the figures scripts/bench measures in a debug build beside release (`--timer-explore-only` the first of them alone, `--schedules N`, `--model adopted` its view-model reflected whole), `--replay-only` the in-process replay (`--repeats N`,
// `--detail` each scenario's time to standard error); `--dump DIR` writes each in-process
// pass's transcript to DIR to compare passes (the contents example's file database carries rows
// from one pass into the next, so passes after the first differ by design).
import Examples
import Processes
import Foundation
import Scenario
import ScenarioExploration
import Simulation

let arguments = Array(CommandLine.arguments.dropFirst())
// Before the simulation is installed: this figure is URLSession with nothing of vmrepl's around it.
if arguments.contains("--urlsession-floor") {
  writeAll(1, urlSessionFloor(requests: option("--requests", in: arguments, default: 2_000)) + "\n")
  exit(0)
}
let simulation = Simulation.install()
let repeats = option("--repeats", in: arguments, default: 20)

let lines = MainActor.assumeIsolated { () -> [String] in
  let timeline = Timeline(models: Examples.all)
  var out = ["machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB"]
  if arguments.contains("--explore-only") {
    out += silencingStandardOutput { explorationFigures(schedules: option("--schedules", in: arguments, default: 1_000)) }
    if !arguments.contains("--only") {
      out.append(explorationMemoryFigure(binary: CurrentExecutable.directory.appendingPathComponent("vmrepl").path))
    }
    for line in out { writeAll(1, line + "\n") }
    return out
  }
  if arguments.contains("--http-pair") {
    out += silencingStandardOutput {
      [httpAgainstScripted(explorer: Explorer(models: Examples.all), schedules: option("--schedules", in: arguments, default: 300))]
    }
    out.append(urlSessionFloorFromChild())
    for line in out { writeAll(1, line + "\n") }
    return out
  }
  if arguments.contains("--http-only") {
    out += silencingStandardOutput {
      httpFigures(requests: option("--requests", in: arguments, default: 2_000))
        + [httpAgainstScripted(explorer: Explorer(models: Examples.all), schedules: option("--schedules", in: arguments, default: 300))]
    }
    for line in out { writeAll(1, line + "\n") }
    return out
  }
  if arguments.contains("--stepping-only") {
    out += steppingFigures(jobs: option("--jobs", in: arguments, default: 1_000))
    for line in out { writeAll(1, line + "\n") }
    return out
  }
  if arguments.contains("--threads-only") {
    out += threadFigures(rounds: option("--rounds", in: arguments, default: 200_000))
  out += silencingStandardOutput { steppingFigures(jobs: option("--jobs", in: arguments, default: 1_000)) }
    for line in out { writeAll(1, line + "\n") }
    return out
  }
  if arguments.contains("--timers-only") {
    out += silencingStandardOutput { timerFigures(firings: option("--firings", in: arguments, default: 100_000)) }
    for line in out { writeAll(1, line + "\n") }
    return out
  }
  if arguments.contains("--replay-only") {
    out += silencingStandardOutput { engineFigures(timeline: timeline, repeats: repeats) }
    for line in out { writeAll(1, line + "\n") }
    return out
  }
  if arguments.contains("--timer-explore-only") {
    let registration = arguments.firstIndex(of: "--model").flatMap { arguments.indices.contains($0 + 1) ? MetronomeRegistration(rawValue: arguments[$0 + 1]) : nil }
    out += silencingStandardOutput {
      [timerExploreFigure(schedules: option("--schedules", in: arguments, default: 100), model: registration ?? .shown)]
    }
    for line in out { writeAll(1, line + "\n") }
    return out
  }
  if arguments.contains("--build-figures") {
    out += silencingStandardOutput { buildFigures() }
    for line in out { writeAll(1, line + "\n") }
    return out
  }
  if arguments.contains("--process-only") {
    out += processFigures()
    for line in out { writeAll(1, line + "\n") }
    return out
  }
  out += executorFigures(
    yields: option("--yields", in: arguments, default: 2_000_000),
    sleeps: option("--sleeps", in: arguments, default: 1_000_000),
    sleepers: option("--sleepers", in: arguments, default: 100_000))
  out += threadFigures(rounds: option("--rounds", in: arguments, default: 200_000))
  out += silencingStandardOutput { steppingFigures(jobs: option("--jobs", in: arguments, default: 1_000)) }
  out += silencingStandardOutput { timerFigures(firings: option("--firings", in: arguments, default: 100_000)) }
  if !arguments.contains("--executor-only") {
    out += silencingStandardOutput {
      engineFigures(timeline: timeline, repeats: repeats) + timeTravelFigures()
        + explorationFigures(schedules: option("--schedules", in: arguments, default: 1_000))
        + httpFigures(requests: option("--requests", in: arguments, default: 2_000))
    }
    if !arguments.contains("--engine-only") { out += processFigures() }
  }
  for line in out { writeAll(1, line + "\n") }
  return out
}
_ = lines

/// Runs `body` with standard output sent to /dev/null: what the examples print would land among
/// the figures.
@MainActor
func silencingStandardOutput(_ body: () -> [String]) -> [String] {
  fflush(nil)
  let saved = dup(1)
  let null = open("/dev/null", O_WRONLY)
  dup2(null, 1)
  let figures = body()
  fflush(nil)
  dup2(saved, 1)
  close(null)
  close(saved)
  return figures
}
