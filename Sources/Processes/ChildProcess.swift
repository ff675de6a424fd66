import Subprocess

internal import Platform

#if canImport(System)
  import System
#else
  import SystemPackage
#endif

/// Runs a program to completion for a test, with a wall-clock limit, and collects what it printed.
///
/// Built on swift-subprocess rather than Foundation's `Process`: on Linux, `Process` notices that
/// a child ended through a socket the child inherits, so a child that starts a daemon (tmux does)
/// leaves `waitUntilExit()` blocked for as long as the daemon lives. Subprocess closes every
/// descriptor the child does not need and watches the child through a pidfd.
///
/// ```swift
/// let result = try await ChildProcess.run("/usr/bin/env", ["true"])
/// #expect(result.status == 0)
/// ```
public enum ChildProcess {
  /// What a finished child printed, and how it ended.
  public struct Result: Sendable {
    /// The exit status, or the signal number when `signal` is set.
    public var status: Int32
    /// Set when the child died from a signal.
    public var signal: Int32?
    public var output: String
    public var errors: String
    /// Set when the child ran past `runBlocking`'s limit and was killed.
    public var timedOut = false

    public init(status: Int32, signal: Int32? = nil, output: String, errors: String) {
      self.status = status
      self.signal = signal
      self.output = output
      self.errors = errors
    }
  }

  /// The child ran longer than its limit and was killed.
  public struct TimedOut: Error, CustomStringConvertible {
    public var command: String
    public var limit: Duration
    public var description: String { "`\(command)` did not end within \(limit) of wall time; it was killed" }
  }

  /// Runs `executable` with `arguments`, writing `input` (if any) to its standard input and then
  /// closing it; kills the child and throws `TimedOut` after `limit` of wall time. Not for a
  /// process whose default executor is the simulation (use `runBlocking` there).
  public static func run(
    _ executable: String,
    _ arguments: [String],
    input: String? = nil,
    environment: [String: String?] = [:],
    directory: String? = nil,
    limit: Duration = .seconds(120)
  ) async throws -> Result {
    let command = ([executable] + arguments).joined(separator: " ")
    let overrides = environment.reduce(into: [Environment.Key: String?]()) { overrides, entry in
      if let key = Environment.Key(rawValue: entry.key) { overrides[key] = entry.value }
    }
    Platform.ignoreBrokenPipes()
    return try await withThrowingTaskGroup(of: Result?.self) { group in
      group.addTask {
        let outcome = try await Subprocess.run(
          .path(FilePath(executable)),
          arguments: Arguments(arguments),
          environment: .inherit.updating(overrides),
          workingDirectory: directory.map { FilePath($0) },
          input: .inputWriter,
          output: .string(limit: 64 << 20),
          error: .string(limit: 64 << 20)
        ) { execution in
          // A child may end before it reads all its input (a usage error, a trap): the write
          // then fails, and what the child printed and how it ended is still the result.
          let writer = execution.standardInputWriter
          if let input, !input.isEmpty { _ = try? await writer.write(input) }
          try? await writer.finish()
        }
        var result = Result(status: 0, signal: nil, output: outcome.standardOutput, errors: outcome.standardError)
        switch outcome.terminationStatus {
        case .exited(let code): result.status = code
        case .signaled(let signal):
          result.status = signal
          result.signal = signal
        }
        return result
      }
      group.addTask {
        try await Task.sleep(for: limit)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let result = first else {
        throw TimedOut(command: command, limit: limit)
      }
      return result
    }
  }
}
