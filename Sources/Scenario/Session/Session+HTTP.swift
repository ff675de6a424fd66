import Foundation
import Simulation

/// The session's side of the `http` dependency: files beside the scenario and cassettes, read
/// and written through the file access the front end handed in.
extension Session {
  /// `path` as the scenario names it: absolute, or relative to the scenario's folder.
  nonisolated static func resolve(_ path: String, in base: String) -> String {
    path.hasPrefix("/") ? path : base + "/" + path
  }

  /// Reads `body=@PATH` relative to the scenario's folder.
  func fileReader() -> @Sendable (String) -> Result<Data, ScenarioError> {
    let base = baseDirectory
    let files = files
    return { path in
      do throws(FileFailure) {
        return .success(try files.contents(atPath: Session.resolve(path, in: base)))
      } catch .missing {
        return .failure(ScenarioError(.noFile(path, folder: base)))
      } catch {
        return .failure(ScenarioError(.couldNot("read \(path)", because: error.reason)))
      }
    }
  }

  /// The cassette `http=record:FILE` writes or `http=replay:FILE` reads.
  func cassette(for mode: HTTPMode, column: Int?) throws(ScenarioError) -> Cassette? {
    switch mode {
    case .script, .live: return nil
    case .record(let path), .replay(let path):
      let full = Self.resolve(path, in: baseDirectory)
      let recording = mode == .record(path)
      let files = files
      return try ScenarioError.pointing(at: column) { () throws(ScenarioError) in
        try Cassette(path: full, recording: recording, files: files)
      }
    }
  }
}
