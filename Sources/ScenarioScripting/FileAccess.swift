package import Foundation

/// The files a scenario names beside it: `body=@FILE`, a cassette (`http=record:FILE`,
/// `http=replay:FILE`), the folder `files=` copies into the sandbox, `timeline --svg FILE`.
///
/// The one way the layers under the front end reach the user's disk: the front end hands one in
/// (`DiskFileAccess` in VMReplCLI), so `Scenario` and the modules under it read and write no file of
/// their own. (The storage sandbox is not the user's disk: it is the simulated app's world, which
/// the session empties and lists as the simulation's.) Paths are absolute: the session resolves a
/// scenario's relative path against the scenario's folder first.
package protocol FileAccess: Sendable {
  /// The contents of the file at `path`.
  func contents(atPath path: String) throws(FileFailure) -> Data
  /// Replaces the file at `path` with `data`, atomically.
  func write(_ data: Data, toPath path: String) throws(FileFailure)
  /// The names of the entries of the folder at `path`, sorted.
  func entries(ofFolder path: String) throws(FileFailure) -> [String]
  /// Copies the file or folder at `source` to `target`, replacing what is there.
  func copy(_ source: String, to target: String) throws(FileFailure)
}

/// Why a file could not be read, written or copied.
package enum FileFailure: Error, Sendable, Equatable {
  /// There is no such file or folder.
  case missing
  /// The system's reason (`The file “a.svg” couldn’t be saved because ...`), or that the session
  /// has no file access.
  case failed(String)

  /// The reason in words, for an error's `because`.
  package var reason: String {
    switch self {
    case .missing: "there is none"
    case .failed(let reason): reason
    }
  }
}

/// File access for a session made without any (a benchmark, a test of the engine): every file a
/// scenario names fails, saying so, rather than pretending the file is missing.
package struct NoFileAccess: FileAccess {
  private static let failure = FileFailure.failed("this session was made without file access (only the front end reads and writes files)")

  package init() {}

  package func contents(atPath path: String) throws(FileFailure) -> Data { throw Self.failure }
  package func write(_ data: Data, toPath path: String) throws(FileFailure) { throw Self.failure }
  package func entries(ofFolder path: String) throws(FileFailure) -> [String] { throw Self.failure }
  package func copy(_ source: String, to target: String) throws(FileFailure) { throw Self.failure }
}
