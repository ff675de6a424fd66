/// Which of an app's files the package compiles: the view-models' files and what they need,
/// transitively, less what cannot build on Linux and what needs it.
struct FileSelection {
  private(set) var included: Set<String> = []
  private(set) var leftOut: [String: String] = [:]
  /// The view-models found in files that build, in path and line order.
  private(set) var models: [(DeclaredType, String)] = []
  private(set) var skippedModels: [Adoption.SkippedModel] = []

  init(_ files: [SourceFacts]) {
    let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0) })
    var declaredIn: [String: [String]] = [:]
    for file in files {
      for type in file.types { declaredIn[type.name, default: []].append(file.path) }
    }
    var blocked: [String: String] = [:]
    for file in files where !file.blockers.isEmpty {
      blocked[file.path] = file.blockers.joined(separator: "; ")
    }

    // The view-models, wherever they are.
    var candidates: [(DeclaredType, String)] = []
    for file in files {
      for type in file.types where Self.isViewModel(type) { candidates.append((type, file.path)) }
    }

    // The view-models' files and every file they need, until nothing more is needed; a file
    // that needs a left-out one is left out too, and that can leave out more.
    var changed = true
    var selected: Set<String> = []
    // Files of extensions found needed in an earlier round, which start the next one.
    var extensionFiles: Set<String> = []
    while changed {
      changed = false
      selected = Set(candidates.map(\.1)).union(extensionFiles).filter { blocked[$0] == nil }
      var queue = Array(selected).sorted()
      while let path = queue.popLast() {
        guard let file = byPath[path] else { continue }
        for needed in Self.needs(file, declaredIn: declaredIn, files: files, selected: selected) where !selected.contains(needed) {
          guard blocked[needed] == nil else { continue }
          selected.insert(needed)
          queue.append(needed)
        }
      }
      // Files of extensions on types the selected files use (`extension Double { var currency }`).
      let mentioned = selected.reduce(into: Set<String>()) { result, path in
        result.formUnion(byPath[path]?.mentions ?? [])
        for type in byPath[path]?.types ?? [] { result.insert(type.name) }
      }
      for file in files where file.types.isEmpty && !file.extensions.isEmpty && !selected.contains(file.path) && blocked[file.path] == nil {
        if file.extensions.contains(where: { mentioned.contains(LinuxSupport.bareName($0.extendedType)) }) {
          selected.insert(file.path)
          extensionFiles.insert(file.path)
          changed = true
        }
      }
      // A selected file that uses a type only a left-out file declares cannot build either.
      for path in selected.sorted() {
        guard let file = byPath[path] else { continue }
        for name in file.mentions.sorted() {
          guard let homes = declaredIn[name], !homes.contains(path), homes.allSatisfy({ blocked[$0] != nil }) else { continue }
          blocked[path] = "uses `\(name)` from \(homes[0]), which is left out"
          changed = true
          break
        }
      }
    }
    included = selected.filter { blocked[$0] == nil }
    // Every file that cannot build is reported with its reason, so that a chain (a view-model
    // that needs a service that needs a mock that imports Firebase) can be followed to its root.
    leftOut = blocked
    for (type, path) in candidates {
      if included.contains(path) {
        models.append((type, path))
      } else if let reason = blocked[path] {
        let advice = Self.isUIFile(byPath[path])
          ? "\(path) \(reason): move `\(type.name)` to a file of its own"
          : "\(path) \(reason)"
        skippedModels.append(.init(type: type.name, path: path, reason: advice))
      }
    }
  }

  /// A class a view observes: `ObservableObject`, `@Observable`, `@Published` state, or named so.
  static func isViewModel(_ type: DeclaredType) -> Bool {
    guard type.kind == .class, type.isTopLevel else { return false }
    let inherited = Set(type.inherited.map(LinuxSupport.bareName))
    return inherited.contains("ObservableObject") || type.attributes.contains("Observable")
      || type.members.properties.contains { $0.attributes.contains("Published") }
      || type.name.hasSuffix("ViewModel")
  }

  /// Whether a file holds a view, a controller or the app (left out however little it is needed).
  static func isUIFile(_ file: SourceFacts?) -> Bool {
    file?.blockers.contains { $0.hasPrefix("declares the") || $0.hasPrefix("has a") } ?? false
  }

  /// The files `file` needs: those declaring the types it names, and the makers of the
  /// protocols it names (a view-model's service protocol and its live client).
  private static func needs(
    _ file: SourceFacts, declaredIn: [String: [String]], files: [SourceFacts], selected: Set<String>
  ) -> [String] {
    var result: [String] = []
    for name in file.mentions.sorted() {
      for home in declaredIn[name] ?? [] where home != file.path { result.append(home) }
    }
    let protocols = Set(file.types.filter { $0.kind == .protocol }.map(\.name)).union(
      file.mentions.filter { name in
        files.contains { $0.types.contains { $0.name == name && $0.kind == .protocol } }
      })
    guard !protocols.isEmpty else { return result }
    for other in files where other.path != file.path {
      let conforms = other.types.contains { !Set($0.inherited.map(LinuxSupport.bareName)).isDisjoint(with: protocols) }
        || other.extensions.contains { !Set($0.inherited.map(LinuxSupport.bareName)).isDisjoint(with: protocols) }
      if conforms { result.append(other.path) }
    }
    return result
  }
}
