import Foundation
import Simulation

extension Session {
  /// Empties the sandbox for a new `use`, then seeds it: the folder `files=` names, and the
  /// `defaults` given before the `use`.
  func prepareStorage(files option: CommandArgument?) throws(ScenarioError) {
    Storage.reset()
    if let option {
      guard let folder = option.value.text else {
        throw ScenarioError(.filesNotAFolderName, column: option.column)
      }
      let base = baseDirectory
      let files = files
      try ScenarioError.pointing(at: option.column) { () throws(ScenarioError) in
        try Storage.seed(from: Self.resolve(folder, in: base), through: files)
      }
    }
    let seeds = pendingDefaults
    pendingDefaults = []
    for seed in seeds { _ = try Storage.setDefault(seed.key, seed.value, suite: seed.suite) }
  }
}
