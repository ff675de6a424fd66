import Foundation
import Simulation

#if canImport(System)
  import System
#else
  import SystemPackage
#endif

/// A worker's standard error, kept in an unlinked temporary file rather than read from a pipe.
///
/// A worker writes a marker there before each scenario, step and schedule, and the view-model
/// may write too; all of it matters only if the worker dies (the markers name what was running).
/// Read from a pipe, every marker woke a thread of `replay` or `explore` to read it into a fresh
/// 64 KiB buffer: 1,167 reads in a replay of the examples, one per schedule in an exploration.
/// In a file it is read once, when the worker has died. The worker empties the file when it
/// begins a scenario or a schedule (`WorkerErrors.startOver`), so the file holds what the pipe's
/// reader kept: the lines from the last such marker on.
final class WorkerErrorFile: Sendable {
  private let descriptor: Int32
  /// Why the file could not be made; the worker's standard error then goes to `/dev/null`.
  private let problem: String?

  init() {
    var template = Array((NSTemporaryDirectory() + "vmrepl-worker-errors-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if made >= 0 {
      // Unlinked at once: nothing is left behind, whatever way the pool ends.
      _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
      descriptor = made
      problem = nil
    } else {
      problem = "(the worker's standard error was not kept: \(String(cString: strerror(errno))))"
      descriptor = open("/dev/null", O_WRONLY)
    }
  }

  deinit { close(descriptor) }

  /// A descriptor of the file for the worker's standard error (the worker's own copy).
  func descriptorForWorker() -> FileDescriptor { FileDescriptor(rawValue: dup(descriptor)) }

  /// What the worker wrote since it last started over, line by line, an unfinished last line too.
  var lines: [String] {
    if let problem { return [problem] }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
      guard count > 0 else { break }
      bytes.append(contentsOf: chunk[..<count])
    }
    var splitter = LineSplitter()
    let complete = splitter.feed(bytes)
    let rest = splitter.remainder
    return WorkerErrors.sinceLastStart(complete + (rest.isEmpty ? [] : [rest]))
  }
}

/// What a worker writes to its standard error that begins what it does next.
enum WorkerErrors {
  /// Set in a worker's environment when its standard error is a `WorkerErrorFile`.
  static let environmentKey = "VMREPL_WORKER_ERRORS"

  private static let inFile = ProcessInfo.processInfo.environment[environmentKey] == "file"

  /// Writes `marker` (a scenario's or a schedule's), first emptying the file standard error is,
  /// when the pool made it one: what came before no longer matters.
  static func startOver(with marker: String) {
    if inFile {
      _ = ftruncate(2, 0)
      _ = lseek(2, 0, SEEK_SET)
    }
    writeAll(2, marker)
  }

  /// Whether a line begins what a worker does next.
  static func startsOver(_ line: String) -> Bool {
    line.hasPrefix(StepMarker.scenarioPrefix) || line.hasPrefix(ExploreMarker.schedule) || line == ExploreMarker.shrinking
  }

  /// The lines from the last that begins something on (all of them when none does).
  static func sinceLastStart(_ lines: [String]) -> [String] {
    guard let start = lines.lastIndex(where: startsOver) else { return lines }
    return Array(lines[start...])
  }
}
