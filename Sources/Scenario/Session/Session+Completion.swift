#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Session {
  /// Completions for the word before the cursor: command names first, then what the command
  /// takes (models, actions, properties, state paths, effects, dependencies, outcomes, files).
  ///
  /// `extraCommands` are front-end commands (`save`, `run`) that take a file path.
  package func completions(for text: String, extraCommands: [String] = []) -> (word: String, candidates: [String]) {
    let endsWithSpace = text.last?.isWhitespace ?? true
    var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    let word = endsWithSpace ? "" : (words.popLast() ?? "")
    func matching(_ options: [String]) -> (String, [String]) {
      (word, options.filter { $0.hasPrefix(word) })
    }
    guard let first = words.first else {
      return matching((CommandTable.names + extraCommands).sorted())
    }
    if extraCommands.contains(first) { return (word, filePaths(word)) }
    guard let command = try? CommandTable.resolve(first, column: 1).name else { return (word, []) }
    let position = words.count  // index of the word being completed
    switch command {
    case "use" where position == 1:
      return matching(models.map(\.name))
    case "use":
      return matching(models.first { $0.name == words[1] }?.options.map { $0.name + "=" } ?? [])
    case "send" where position == 1:
      return matching(actionNames)
    case "await" where position == 1:
      return matching(["send"] + effectIDs.map { "#\($0)" })
    case "await" where words.count >= 2 && words[1] == "send" && position == 2:
      return matching(actionNames)
    case "await", "cancel":
      return matching((command == "cancel" ? ["all"] : []) + effectIDs.map { "#\($0)" })
    case "set" where position == 1:
      return matching(propertyNames)
    case "state" where position == 1, "expect" where position == 1:
      let extras = command == "expect" ? ["time", "log"] + effectIDs.map { "#\($0)" } : []
      return (word, (extras.filter { $0.hasPrefix(word) }) + statePathCompletions(word))
    case "expect" where position == 2:
      return matching(words[1].hasPrefix("#") ? ["running", "finished", "cancelled", "failed"] : ["==", "!=", "<", "<=", ">", ">=", "contains"])
    case "respond" where position == 1, "stub" where position == 1:
      return matching(dependencyNames)
    case "respond" where position == 2, "stub" where position == 2:
      let outcomes = context?.dependencies.first { $0.name == words[1] }?.outcomes.map(\.name) ?? []
      return matching(outcomes)
    case "date" where word.hasPrefix("tz="):
      let zones = ["UTC", "Europe/London", "Europe/Paris", "Europe/Berlin", "America/New_York", "America/Los_Angeles", "Asia/Tokyo", "Asia/Kolkata", "Australia/Sydney"]
      return matching(zones.map { "tz=" + $0 })
    case "date":
      return matching(["tz=", "locale="])
    case "help" where position == 1:
      return matching(CommandTable.names + extraCommands)
    default:
      return (word, [])
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

  /// Files and folders that continue `prefix`; folders end with `/`.
  func filePaths(_ prefix: String) -> [String] {
    let slash = prefix.lastIndex(of: "/")
    let folder = slash.map { String(prefix[...$0]) } ?? ""
    let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
    guard let directory = opendir(folder.isEmpty ? "." : folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      guard name != ".", name != "..", name.hasPrefix(start), !name.hasPrefix(".") || start.hasPrefix(".") else { continue }
      var status = stat()
      let path = folder + name
      let isFolder = stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
      names.append(path + (isFolder ? "/" : ""))
    }
    return names.sorted()
  }
}
