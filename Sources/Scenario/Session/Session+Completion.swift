/// What completion offers for the word before the cursor.
package struct Completion: Equatable, Sendable {
  /// The partial word being completed.
  package var word: String
  /// The words that continue it.
  package var candidates: [String]
  /// Whether the word is a path on disk, which the front end lists (the library reads no files).
  package var wantsFile = false
}

extension Session {
  /// Completions for the word before the cursor: command names first, then what the command's
  /// slot there takes (models, actions, properties, state paths, effects, dependencies, outcomes).
  package func completions(for text: String) -> Completion {
    let endsWithSpace = text.last?.isWhitespace ?? true
    var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    let word = endsWithSpace ? "" : (words.popLast() ?? "")
    func matching(_ options: [String]) -> Completion {
      Completion(word: word, candidates: options.filter { $0.hasPrefix(word) })
    }
    guard let first = words.first else { return matching(CommandName.names.sorted()) }
    guard let command = try? CommandName.resolve(first, column: 1) else { return Completion(word: word, candidates: []) }
    guard let slot = command.slot(after: words) else { return Completion(word: word, candidates: []) }
    switch slot {
    case .model: return matching(models.map(\.name))
    case .modelOption: return matching(models.first { $0.name == words[1] }?.options.map { $0.name + "=" } ?? [])
    case .action: return matching(actionNames)
    case .awaitTarget: return matching(["send"] + effectIDs.map { "#\($0)" })
    case .effect(let orAll): return matching((orAll ? ["all"] : []) + effectIDs.map { "#\($0)" })
    case .property: return matching(propertyNames)
    case .statePath: return Completion(word: word, candidates: statePathCompletions(word))
    case .expectSubject:
      let extras = ["time", "log"] + effectIDs.map { "#\($0)" }
      return Completion(word: word, candidates: extras.filter { $0.hasPrefix(word) } + statePathCompletions(word))
    case .expectOperator:
      return matching(words[1].hasPrefix("#") ? EffectStatus.allCases.map(\.rawValue) : Comparison.allCases.map(\.rawValue))
    case .dependency: return matching(dependencyNames)
    case .outcome: return matching(context?.dependencies.first { $0.name == words[1] }?.outcomes.map(\.name) ?? [])
    case .requestOrOutcome:
      let dependency = context?.dependencies.first { $0.name == words[1] }
      return matching((dependency?.pendingRequests.map { "#" + $0.id } ?? []) + (dependency?.outcomes.map(\.name) ?? []))
    case .dateSetting:
      guard word.hasPrefix("tz=") else { return matching(["tz=", "locale="]) }
      let zones = ["UTC", "Europe/London", "Europe/Paris", "Europe/Berlin", "America/New_York", "America/Los_Angeles", "Asia/Tokyo", "Asia/Kolkata", "Australia/Sydney"]
      return matching(zones.map { "tz=" + $0 })
    case .exploreOption: return matching(["strategy=pct", "strategy=random", "depth=", "seed="])
    case .command: return matching(CommandName.names)
    case .file: return Completion(word: word, candidates: [], wantsFile: true)
    case .flag(let flag): return matching([flag])
    case .actionArgument, .value, .outcomeArgument, .duration, .number, .step: return Completion(word: word, candidates: [])
    }
  }

  /// Paths into the current state that continue `prefix`: `uiState.is` gives `uiState.isLoading`.
  func statePathCompletions(_ prefix: String) -> [String] {
    guard let state = lastState else { return [] }
    let parts = prefix.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let parentPath = parts.dropLast().joined(separator: ".")
    let last = parts.last ?? ""
    let parent = parentPath.isEmpty ? state : (try? StatePath.resolve(parentPath, in: state, column: nil))
    let names: [String]
    switch parent {
    case .record(_, let fields)?: names = fields.map(\.name)
    case .enumCase(_, _, let values)?: names = values.map(\.name)
    case .list?: names = ["count", "isEmpty", "first", "last"]
    case .string?: names = ["count", "isEmpty"]
    case .dictionary(let pairs)?: names = ["count"] + pairs.map(\.key)
    default: names = []
    }
    let base = parentPath.isEmpty ? "" : parentPath + "."
    return names.filter { $0.hasPrefix(last) }.map { base + $0 }
  }
}
