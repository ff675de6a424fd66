import Foundation
import OpenCombine
import Scenario
import ScenarioExploration
import Simulation

/// The figures measured in a debug build beside a release one (`--build-figures`; scripts/bench
/// runs both): an adopted app's REPL is a debug build (`swift run`, `./repl`), so these are what
/// a user waits on. Each is a whole step as a user runs it, not a loop inside the executor.
@MainActor
func buildFigures() -> [String] {
  // Exploration first: it needs a process that can start fresh, which the runaway figure's
  // quarantined loop no longer is.
  [timerExploreFigure(), timerExploreFigure(model: .adopted)] + timerExploreInstructions()
    + timerExploreInstructions(model: .adopted) + [jobFigure(), timerFigure(), runawayFigure()]
}

/// Jobs: one task yielding 200,000 times on the main actor, inside a session's step (the runaway
/// guard off: a yielding loop is what it stops).
@MainActor
private func jobFigure() -> String {
  let yields = 200_000
  Simulation.shared.maxJobsPerStep = 0
  defer { Simulation.shared.maxJobsPerStep = Simulation.defaultMaxJobsPerStep }
  return rate(
    "jobs per second (a main-actor task yielding \(yields) times in one step)", count: yields,
    setUp: ["use metronome yields=\(yields)"], step: "send spin")
}

/// Timer firings: the metronome's repeating run-loop `Timer` over `advance`.
@MainActor
private func timerFigure() -> String {
  let firings = 20_000
  return rate(
    "timer firings per second (a repeating run-loop Timer, \(firings) in one advance)", count: firings,
    setUp: ["use metronome", "send start"], step: "advance \(firings)s")
}

/// In a new metronome session, runs `setUp`, then times `step`: `count` of it per second, or what
/// failed.
@MainActor
private func rate(_ label: String, count: Int, setUp: [String], step: String) -> String {
  var environment = SessionEnvironment(models: [metronome])
  environment.timerLimit = 1_000_000
  let timeline = Timeline(environment)
  for line in setUp { _ = timeline.execute(line) }
  var failure: String?
  let seconds = measure { failure = timeline.execute(step).error?.message }
  _ = timeline.session.finish()
  return "\(label): \(Int(Double(count) / seconds))" + (failure.map { "; FAILED: \($0.prefix { $0 != "\n" })" } ?? "")
}

/// How the timer scenario's view-model is registered.
enum MetronomeRegistration: String {
  /// Its counters shown through key paths (`show`), as a hand-written registration may.
  case shown
  /// Its whole object reflected, as the registrations `vmrepl adopt` writes are: every reading
  /// of the state (the main-thread check reads it around each job off the main thread) reads
  /// every stored property.
  case adopted

  @MainActor var model: ModelDefinition { self == .shown ? metronome : adoptedMetronome }
  /// What a figure's text says of it.
  var label: String { self == .shown ? "" : " (the view-model reflected whole, as adopt registers it)" }
}

/// What issue 58 measured on a public app: a repeating `Timer` beside a `Task.sleep` loop (two
/// jobs ready at each second: a choice point per firing), `settle` firing 10,000 timers before it
/// gives up, explored over `schedules` schedules (100 in the build figures).
@MainActor
func timerExploreFigure(schedules requested: Int = 100, model registration: MetronomeRegistration = .shown) -> String {
  var explorer = Explorer(models: [registration.model])
  explorer.shrinkLimit = 0
  let lines = ["use metronome", "send start", "send follow", "settle"].enumerated().map { (number: $0.offset + 1, text: $0.element) }
  var exploration: Exploration?
  let seconds = measure { exploration = explorer.explore(lines, request: ExploreRequest(schedules: requested)) }
  let schedules = exploration?.schedules ?? 0
  return "explore a repeating Timer beside a sleeping loop\(registration.label), settle giving up after 10,000 timers, \(requested) schedules: \(rounded(seconds)) s"
    + " (\(schedules) schedules, \(exploration?.fifoChoicePoints ?? 0) choice points in the first)"
    + (exploration?.stopped.map { "; FAILED: \($0)" } ?? "")
}

/// The runaway guard: a loop sleeping 1 ms under `advance 1000h` moves time at every turn, so
/// only the step's job limit (5,000,000 by default) stops it.
@MainActor
private func runawayFigure() -> String {
  let timeline = Timeline(models: [metronome])
  _ = timeline.execute("use metronome")
  _ = timeline.execute("send hurry")
  var message = ""
  let seconds = measure { message = timeline.execute("advance 1000h").error?.message ?? "not stopped" }
  _ = timeline.session.finish()
  let stopped = message.contains("runaway") || message.contains("jobs")
  // The seconds first: scripts/bench pairs a figure by its text before the colon and reads the
  // first number after it.
  return "runaway: \(rounded(seconds)) s for a 1 ms sleeping loop under advance 1000h to be stopped by the job limit"
    + (stopped ? "" : "; FAILED: \(message.prefix { $0 != "\n" })")
}

/// What both metronomes do: a repeating run-loop `Timer` counting beats, and a `Task.sleep` loop
/// beside it.
@MainActor
private protocol Beating: AnyObject, Sendable {
  var beats: Int { get set }
  var ticks: Int { get set }
  var timer: Timer? { get set }
}

extension Beating {
  func start() {
    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
      MainActor.assumeIsolated { self?.beats += 1 }
    }
  }

  /// Follows the beat with its own clock: a `Task.sleep` loop that never ends by itself.
  func follow() async {
    while !Task.isCancelled {
      try? await Task.sleep(for: .seconds(1))
      ticks += 1
    }
  }
}

/// A metronome as apps write one: a repeating run-loop `Timer` counting beats, and async work
/// beside it.
@MainActor
private final class Metronome: Beating {
  var beats = 0
  var ticks = 0
  var spins = 0
  let yields: Int
  var timer: Timer?

  init(yields: Int) { self.yields = yields }

  // As apps that own a repeating timer do: without it, the run loop keeps the timer after the
  // session and every schedule needs a process of its own.
  isolated deinit { timer?.invalidate() }

  /// A loop that never ends and sleeps 1 ms a turn.
  func hurry() async {
    while !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(1))
      ticks += 1
    }
  }

  func spin() async {
    for _ in 0..<yields {
      await Task.yield()
      spins += 1
    }
  }
}

@MainActor
private let metronome = ModelDefinition(
  "metronome", summary: "a repeating Timer and async loops (the build figures)",
  options: [Parameter("yields", .int, default: .int(1_000), "how many times `spin` yields")]
) { context in
  Metronome(yields: context.options.int("yields"))
} describe: { model in
  model.action("start", "start(): a repeating 1 s Timer") { viewModel, _ in viewModel.start() }
  model.asyncAction("follow", "follow(): a 1 s Task.sleep loop") { viewModel, _ in await viewModel.follow() }
  model.asyncAction("hurry", "hurry(): a 1 ms Task.sleep loop") { viewModel, _ in await viewModel.hurry() }
  model.asyncAction("spin", "spin(): yields `yields` times") { viewModel, _ in await viewModel.spin() }
  model.show("beats", \.beats)
  model.show("ticks", \.ticks)
}

/// The metronome as apps write a view-model SwiftUI observes: an `ObservableObject` whose
/// counters are `@Published`, registered with no `show` as `adopt` registers it (its state is
/// the whole object, reflected).
private let adoptedMetronome = ModelDefinition(
  "metronome", summary: "a repeating Timer and async loops, reflected whole (the build figures)"
) { _ in
  PublishedMetronome()
} describe: { model in
  model.action("start", "start(): a repeating 1 s Timer") { viewModel, _ in viewModel.start() }
  model.asyncAction("follow", "follow(): a 1 s Task.sleep loop") { viewModel, _ in await viewModel.follow() }
}

/// `Metronome` as an `ObservableObject`: the same timer and loop, its counters `@Published`.
@MainActor
private final class PublishedMetronome: ObservableObject, Beating {
  @Published var beats = 0
  @Published var ticks = 0
  var timer: Timer?

  isolated deinit { timer?.invalidate() }
}
