import Foundation
import Simulation

/// The session's side of the `http` dependency: files beside the scenario and cassettes.
extension Session {
  /// `path` as the scenario names it: absolute, or relative to the scenario's folder.
  nonisolated static func resolve(_ path: String, in base: String) -> String {
    path.hasPrefix("/") ? path : base + "/" + path
  }

  /// Reads `body=@PATH` relative to the scenario's folder.
  func fileReader() -> @Sendable (String) -> Result<Data, ScenarioError> {
    let base = baseDirectory
    return { path in
      guard let data = FileManager.default.contents(atPath: Session.resolve(path, in: base)) else {
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
      let full = Self.resolve(path, in: baseDirectory)
      let recording = mode == .record(path)
      return try ScenarioError.pointing(at: column) { () throws(ScenarioError) in try Cassette(path: full, recording: recording) }
    }
  }
}
