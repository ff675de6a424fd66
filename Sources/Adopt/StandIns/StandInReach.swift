/// Which registered models can reach each stand-in member: those whose files, or the files they
/// need, name its type and call the member by name. `describe` lists a model's own, not every
/// stand-in of the package.
enum StandInReach {
  /// The model names (sorted) that reach each member of `declarations`, by member; `copied` are
  /// the stand-ins' stored properties copied with their initial values.
  static func models(
    for declarations: [StandInSource.Declaration], in adoption: Adoption, copied: [String: String] = [:]
  ) -> [String: [String]] {
    let included = Set(adoption.included)
    let compiled = adoption.app.files.filter { included.contains($0.path) }
    let byPath = Dictionary(uniqueKeysWithValues: compiled.map { ($0.path, $0) })
    var declaredIn: [String: [String]] = [:]
    for file in compiled {
      for type in file.types where type.isTopLevel { declaredIn[type.name, default: []].append(file.path) }
      // A file that extends a type holds its members too (pocket-casts' `subscribe` is in
      // `ServerPodcastManager+Subscription.swift`, which calls `Settings.autoDownloadEnabled()`).
      for name in Set(file.extensions.map { LinuxSupport.bareName($0.extendedType) }) {
        declaredIn[name, default: []].append(file.path)
      }
    }
    var result: [String: Set<String>] = [:]
    let owners = Set(declarations.compactMap { $0.member.split(separator: ".").first.map(String.init) })
    // Stood-in types with copied properties, whose members may have no seam.
    let holders = Set(copied.keys.filter { $0.contains(".") }.map { String($0.prefix { $0 != "." }) })
    for model in adoption.models where model.factory != nil || model.isOverridden {
      // The model's file and every compiled file it needs, through the types they name.
      var seen: Set<String> = [model.path]
      var queue = [model.path]
      var named: Set<String> = Set(model.seams)
      var referenced: Set<String> = []
      while let path = queue.popLast() {
        guard let file = byPath[path] else { continue }
        named.formUnion(file.mentions)
        referenced.formUnion(file.references)
        // A body made a seam in a file it compiles (its own type's, or an extension's there).
        named.formUnion(file.types.map(\.name))
        named.formUnion(file.extensions.map { LinuxSupport.bareName($0.extendedType) })
        for name in file.mentions {
          for home in declaredIn[name] ?? [] where !seen.contains(home) {
            seen.insert(home)
            queue.append(home)
          }
        }
      }
      // `Settings.openLinks`: a file of the model's names `Settings` and calls `openLinks`
      // (an init, or a conformance of seams the model is made with, by its type alone).
      func reaches(_ declaration: StandInSource.Declaration) -> Bool {
        let parts = declaration.member.split(separator: ".").map(String.init)
        let owner = parts.first ?? ""
        let member = parts.count > 1 ? parts[1] : ""
        let called = member.isEmpty || member == "init" || model.seams.contains(owner) || referenced.contains(member)
          || owner == model.type.split(separator: ".").last.map(String.init)
        return named.contains(owner) && called
      }
      // A stood-in mock the model is made with (element-x's `JoinedRoomProxyMock()` for a
      // `JoinedRoomProxyProtocol`) is named by the registration, not the model's files.
      for owner in owners where !named.contains(owner) && model.factory.map({ Self.makes(owner, in: $0) }) == true { named.insert(owner) }
      // A stood-in type that a reached member returns, or a mock its unanswered value makes (element-x's
      // `CurrentValuePublisher<RoomInfoProxyProtocol, Never>(RoomInfoProxyMock())`) is reached
      // too: the model calls its members through the protocol, naming neither.
      var grew = true
      while grew {
        grew = false
        for declaration in declarations where reaches(declaration) {
          // What it returns, a stood-in type (home-assistant's global `Current`, an
          // `AppEnvironment` whose members the model reads through it).
          // (One with no seam of its own may hold copied properties, below.)
          if let returns = declaration.returns.map(LinuxSupport.bareName), owners.union(holders).contains(returns), !named.contains(returns) {
            named.insert(returns)
            grew = true
          }
          guard let empty = declaration.empty else { continue }
          for owner in owners where !named.contains(owner) && Self.makes(owner, in: empty) {
            named.insert(owner)
            grew = true
          }
        }
        // A stood-in object a reached type's copied property makes (home-assistant's
        // `AppEnvironment.servers = ServerManagerImpl()`, read as `Current.servers`).
        for (member, value) in copied.sorted(by: { $0.key < $1.key }) where named.contains(String(member.prefix { $0 != "." })) {
          for owner in owners.union(holders) where !named.contains(owner) && Self.makes(owner, in: value) {
            named.insert(owner)
            grew = true
          }
        }
      }
      for declaration in declarations where reaches(declaration) { result[declaration.member, default: []].insert(model.name) }
    }
    return result.mapValues { $0.sorted() }
  }

  /// Whether `value` calls `type`'s init: `RoomInfoProxyMock(` not preceded by a letter of a
  /// longer name.
  static func makes(_ type: String, in value: String) -> Bool {
    var rest = Substring(value)
    while let range = rest.range(of: type + "(") {
      let before = range.lowerBound == value.startIndex ? nil : value[value.index(before: range.lowerBound)]
      if before.map({ !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) ?? true { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }
}
