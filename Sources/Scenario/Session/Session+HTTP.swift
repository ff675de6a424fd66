import Foundation
import Simulation

/// The session's side of the `http` dependency: files beside the scenario, cassettes, and the
/// idle hook that keeps URLSession's own threads inside the step that set them going.
extension Session {
  /// Reads `body=@PATH` (and cassettes) relative to the scenario's folder.
  func fileReader() -> @Sendable (String) -> Result<Data, ScenarioError> {
    let base = baseDirectory
    return { path in
      let full = path.hasPrefix("/") ? path : base + "/" + path
      guard let data = FileManager.default.contents(atPath: full) else {
        return .failure(ScenarioError("no file at \(path) (looked in \(base))"))
      }
      return .success(data)
    }
  }

  /// The cassette `http=record:FILE` writes or `http=replay:FILE` reads.
  func cassette(for mode: HTTPMode, column: Int?) throws(ScenarioError) -> Cassette? {
    switch mode {
    case .script, .live: return nil
    case .record(let path), .replay(let path):
      let full = path.hasPrefix("/") ? path : baseDirectory + "/" + path
      do {
        if case .record = mode { return try Cassette(path: full, recording: true) }
        return try Cassette(path: full, recording: false)
      } catch {
        var error = error
        error.column = error.column ?? column
        throw error
      }
    }
  }

  /// Called whenever the simulation has nothing left to run: announces and answers what
  /// URLSession handed over, and, while URLSession's own queues are still passing a request or
  /// an answer along (work outside the simulation that ends by itself), waits for them, so that
  /// a step ends only once the app has what the step gave it. A real transfer is not waited
  /// for here (`await` does that).
  ///
  /// URLSession runs the two sides of a request on threads of its own (a cancelled request's
  /// completion, the next request's start): whatever they hand over waits until all of them are
  /// done, then what they reported is announced, then what they handed over runs, so the order
  /// of a step's events does not depend on thread timing.
  static func idleHook(_ http: HTTPDependency, simulation: Simulation) -> @Sendable () -> Bool {
    { [weak http] in
      guard let http else { return false }
      let waited = quiesce(http, simulation: simulation)
      let announced = MainActor.assumeIsolated { http.settle() }
      return waited || announced || simulation.idleState.hasReadyJobs
    }
  }

  /// Before jobs other threads handed over run: lets URLSession's own threads finish what they
  /// are passing along, then announces what they reported.
  static func admitHook(_ http: HTTPDependency, simulation: Simulation) -> @Sendable () -> Void {
    { [weak http] in
      guard let http else { return }
      _ = quiesce(http, simulation: simulation)
      _ = MainActor.assumeIsolated { http.settle() }
    }
  }

  /// Waits (up to 5 s of wall time) while blocks on Foundation's own queues are under way or a
  /// resumed task's request is on its way; a real transfer is not waited for here (`await` does
  /// that). Returns whether it waited until they were done.
  nonisolated static func quiesce(_ http: HTTPDependency, simulation: Simulation) -> Bool {
    guard http.mode != .live else { return false }
    let quick = { (label: String) in !label.hasPrefix("a URLSession transfer") }
    let arriving = { http.awaitsArrivals }
    guard simulation.idleState.externalWork.contains(where: quick) || arriving() else { return false }
    // A block that runs on for longer (an operation of the app's own that waits on something)
    // is left to `await`, which names it; the step does not count the wait as progress.
    return simulation.waitWhileOutsideWork(timeout: .seconds(5), counts: quick, or: arriving)
  }
}

extension Session {
  /// Whether any text in `state` names the sandbox's folder (most states never do; the check
  /// spares them a copy).
  func stateMentionsSandbox(_ state: StateValue, _ sandbox: String) -> Bool {
    switch state {
    case .null, .bool, .int, .double: return false
    case .string(let text), .opaque(let text): return text.contains(sandbox)
    case .enumCase(_, _, let values): return values.contains { stateMentionsSandbox($0.value, sandbox) }
    case .list(let values): return values.contains { stateMentionsSandbox($0, sandbox) }
    case .dictionary(let pairs): return pairs.contains { $0.key.contains(sandbox) || stateMentionsSandbox($0.value, sandbox) }
    case .record(_, let fields): return fields.contains { stateMentionsSandbox($0.value, sandbox) }
    }
  }
}

extension Session {
  /// Empties the sandbox for a new `use`, then seeds it: the folder `files=` names, and the
  /// `defaults` given before the `use`.
  func prepareStorage(files option: CommandArgument?) throws(ScenarioError) {
    Storage.reset()
    if let option {
      guard let folder = option.value.text else {
        throw ScenarioError("`files=` names a folder beside the scenario", column: option.column)
      }
      do {
        try Storage.seed(from: folder.hasPrefix("/") ? folder : baseDirectory + "/" + folder)
      } catch {
        var error = error
        error.column = error.column ?? option.column
        throw error
      }
    }
    let seeds = pendingDefaults
    pendingDefaults = []
    for seed in seeds { _ = try Storage.setDefault(seed.key, seed.value, suite: seed.suite) }
  }
}
