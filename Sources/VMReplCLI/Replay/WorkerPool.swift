import Foundation
import Processes
import Subprocess
import Synchronization

internal import Platform

#if canImport(System)
  import System
#else
  import SystemPackage
#endif

/// What replaying one scenario in a worker gave: its transcript, or how the worker died.
enum ScenarioRun: Sendable, Equatable {
  /// The transcript, and each line that failed in it.
  case transcript(String, failures: [String])
  /// The worker ended while the scenario ran: why (`signal 4`, `exit status 3`), the step that
  /// was running, and what it wrote to standard error.
  case crash(reason: String, step: String?, errors: [String])
}

extension ScenarioRun {
  /// What a worker's answer says of the scenario.
  init(_ answer: ReplayWorkAnswer) {
    self = .transcript(answer.transcript, failures: answer.failures ?? [])
  }

  /// A worker that ended with `exitStatus` (or from `signal`) while the scenario ran, and what it
  /// wrote to standard error: the step markers name the step.
  static func crash(exitStatus: Int32, signal: Int32?, errors: [String]) -> ScenarioRun {
    let (step, rest) = StepMarker.split(errors)
    return .crash(reason: signal.map { "signal \($0)" } ?? "exit status \(exitStatus)", step: step, errors: rest)
  }
}

/// What a worker gave for one request: its answer line, or how it died.
enum WorkerReply: Sendable {
  /// The worker's JSON answer line.
  case answer(String)
  /// The worker ended before answering: its exit status or signal, and what it wrote to
  /// standard error since the request's marker.
  case died(exitStatus: Int32, signal: Int32?, errors: [String])
  /// No worker could be started.
  case noProcess(String)
}

/// Runs requests (scenario paths) in `jobs` worker processes (`replay-worker`, `explore-worker`),
/// each taking many requests one after another, handing each the next request when it answers
/// the last.
///
/// A worker that dies (a trap, the watchdog) costs only the request it was running: that one is
/// reported as a crash and a new worker takes the rest. A worker that says it is not clean for
/// another request (`"fresh":false`) is replaced the same way.
struct WorkerPool: Sendable {
  var executable: String
  var arguments: [String]
  var jobs: Int
  /// The hidden subcommand workers run.
  var subcommand = "replay-worker"

  /// Replays `scenarios`, calling `done` with each result as it arrives (from any worker).
  func run(_ scenarios: [String], done: @escaping @Sendable (Int, ScenarioRun) -> Void) async {
    await run(requests: scenarios) { index, reply in
      switch reply {
      case .answer(let line):
        done(index, WorkerJSON.decode(ReplayWorkAnswer.self, from: line).map(ScenarioRun.init) ?? .crash(reason: "no answer", step: nil, errors: [line]))
      case .died(let status, let signal, let errors):
        done(index, .crash(exitStatus: status, signal: signal, errors: errors))
      case .noProcess(let why):
        done(index, .crash(reason: "no process", step: nil, errors: [why]))
      }
    }
  }

  /// Replays `scenarios` and returns what each gave, in their order.
  func run(_ scenarios: [String]) async -> [ScenarioRun] {
    let runs = Mutex<[ScenarioRun?]>(Array(repeating: nil, count: scenarios.count))
    await run(scenarios) { index, run in runs.withLock { $0[index] = run } }
    return runs.withLock { $0.compactMap { $0 } }
  }

  /// Sends each request (one line) to a worker, calling `done` with its reply as it arrives.
  func run(requests: [String], done: @escaping @Sendable (Int, WorkerReply) -> Void) async {
    let queue = WorkQueue(count: requests.count)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<max(1, min(jobs, requests.count)) {
        group.addTask {
          while queue.hasMore {
            await runWorker(requests, queue: queue, done: done)
          }
        }
      }
    }
  }

  /// Sends each group of requests to a process of its own, in the group's order, calling `done`
  /// with each reply as it arrives. What a request leaves in its process (a singleton's state)
  /// then reaches only the later requests of its own group, whichever worker runs it and however
  /// many run at once: `audit` gives each model's probes a group, so its findings do not depend
  /// on which probes of other models a worker happened to take before (issue 73).
  func run(requests: [String], groups: [[Int]], done: @escaping @Sendable (Int, WorkerReply) -> Void) async {
    let queue = WorkQueue(count: groups.count)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<max(1, min(jobs, groups.count)) {
        group.addTask {
          while let next = queue.next() {
            let members = groups[next]
            let local = WorkQueue(count: members.count)
            // A worker that dies or is not fresh hands the rest of its group to a new one.
            while local.hasMore {
              await runWorker(members.map { requests[$0] }, queue: local) { index, reply in done(members[index], reply) }
            }
          }
        }
      }
    }
  }

  /// One worker process, for as long as it lives.
  private func runWorker(_ requests: [String], queue: WorkQueue, done: @escaping @Sendable (Int, WorkerReply) -> Void) async {
    let state = WorkerState()
    let errors = WorkerErrorFile()
    let status: TerminationStatus
    // A worker that ends just after an answer makes the next request's write fail: that worker's
    // end is reported below, and must not end this process with a SIGPIPE.
    Platform.ignoreBrokenPipes()
    do {
      let result = try await Subprocess.run(
        .path(FilePath(executable)),
        arguments: Arguments([subcommand] + arguments),
        // A trap should say what it was, not spend time on a backtrace nobody reads.
        environment: .inherit.updating(["SWIFT_BACKTRACE": "enable=no", Environment.Key(stringLiteral: WorkerErrors.environmentKey): "file"]),
        input: .inputWriter, output: .sequence,
        error: .fileDescriptor(errors.descriptorForWorker(), closeAfterSpawningProcess: true)
      ) { execution in
        let writer = execution.standardInputWriter
        do {
          guard let first = queue.next() else {
            try await writer.finish()
            return
          }
          state.current = first
          _ = try await writer.write(requests[first] + "\n")
          var lines = LineSplitter()
          reading: for try await buffer in execution.standardOutput {
            for line in buffer.withUnsafeBytes({ lines.feed(Array($0)) }) {
              guard line.hasPrefix("{"), let index = state.current else { continue }
              state.current = nil
              done(index, .answer(line))
              guard answerIsFresh(line), let next = queue.next() else { break reading }
              state.current = next
              _ = try await writer.write(requests[next] + "\n")
            }
          }
          try await writer.finish()
        } catch {}
      }
      status = result.terminationStatus
    } catch {
      // No worker can start: every request left fails the same way, instead of retrying forever.
      let why = "cannot start \(executable): \(error)"
      if let index = state.current { done(index, .noProcess(why)) }
      while let index = queue.next() { done(index, .noProcess(why)) }
      return
    }
    // The request that was running when the worker ended did not finish.
    guard let index = state.current else { return }
    switch status {
    case .exited(let code): done(index, .died(exitStatus: code, signal: nil, errors: errors.lines))
    case .signaled(let signal): done(index, .died(exitStatus: signal, signal: signal, errors: errors.lines))
    }
  }
}

/// Whether a worker's answer says the worker is clean for another request.
private func answerIsFresh(_ line: String) -> Bool {
  WorkerJSON.decode(WorkerStatus.self, from: line)?.fresh ?? false
}

/// Hands out scenario indices, each once.
final class WorkQueue: Sendable {
  private let position = Mutex(0)
  let count: Int
  init(count: Int) { self.count = count }

  func next() -> Int? {
    position.withLock { next in
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  var hasMore: Bool { position.withLock { $0 < count } }
}

/// What a worker's tasks share: the request it runs.
final class WorkerState: Sendable {
  private let running = Mutex<Int?>(nil)

  var current: Int? {
    get { running.withLock { $0 } }
    set { running.withLock { $0 = newValue } }
  }
}

/// Splits a byte stream into lines.
struct LineSplitter: Sendable {
  private var pending: [UInt8] = []

  mutating func feed(_ bytes: [UInt8]) -> [String] {
    var lines: [String] = []
    var start = 0
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      pending.append(contentsOf: bytes[start..<offset])
      lines.append(String(decoding: pending, as: UTF8.self))
      pending.removeAll(keepingCapacity: true)
      start = offset + 1
    }
    pending.append(contentsOf: bytes[start...])
    return lines
  }

  /// An unfinished last line.
  var remainder: String { String(decoding: pending, as: UTF8.self) }
}
