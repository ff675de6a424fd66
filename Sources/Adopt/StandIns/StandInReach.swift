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
    // What each empty value and copied property makes, read once for every model (each model
    // asked it of every owner, in every pass: a fifth of pocket-casts' rounds).
    let emptyMakes = declarations.map { $0.empty.map { Self.madeTypes(in: $0).intersection(owners) } ?? [] }
    let copiedMakes = copied.sorted(by: { $0.key < $1.key }).map {
      (holder: String($0.key.prefix { $0 != "." }), made: Self.madeTypes(in: $0.value).intersection(owners.union(holders)))
    }
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
      if let factory = model.factory { named.formUnion(Self.madeTypes(in: factory).intersection(owners)) }
      // A stood-in type that a reached member returns, or a mock its unanswered value makes (element-x's
      // `CurrentValuePublisher<RoomInfoProxyProtocol, Never>(RoomInfoProxyMock())`) is reached
      // too: the model calls its members through the protocol, naming neither.
      var grew = true
      while grew {
        grew = false
        for (index, declaration) in declarations.enumerated() where reaches(declaration) {
          // What it returns, a stood-in type (home-assistant's global `Current`, an
          // `AppEnvironment` whose members the model reads through it).
          // (One with no seam of its own may hold copied properties, below.)
          if let returns = declaration.returns.map(LinuxSupport.bareName), owners.union(holders).contains(returns), !named.contains(returns) {
            named.insert(returns)
            grew = true
          }
          if !emptyMakes[index].isSubset(of: named) {
            named.formUnion(emptyMakes[index])
            grew = true
          }
        }
        // A stood-in object a reached type's copied property makes (home-assistant's
        // `AppEnvironment.servers = ServerManagerImpl()`, read as `Current.servers`).
        for (holder, made) in copiedMakes where named.contains(holder) && !made.isSubset(of: named) {
          named.formUnion(made)
          grew = true
        }
      }
      for declaration in declarations where reaches(declaration) { result[declaration.member, default: []].insert(model.name) }
    }
    return result.mapValues { $0.sorted() }
  }

  /// Whether `value` calls `type`'s init: `RoomInfoProxyMock(`, not a longer name's nor a
  /// member's (`.RoomInfoProxyMock(`).
  static func makes(_ type: String, in value: String) -> Bool { madeTypes(in: value).contains(type) }

  /// The names whose init `value` calls: each whole name written right before `(` and not after
  /// a `.` (`RoomInfoProxyMock` of `CurrentValuePublisher(RoomInfoProxyMock())`).
  static func madeTypes(in value: String) -> Set<String> {
    var made: Set<String> = []
    var name = ""
    var afterDot = false
    for character in value {
      if character.isLetter || character.isNumber || character == "_" {
        name.append(character)
        continue
      }
      if character == "(", !name.isEmpty, !afterDot { made.insert(name) }
      afterDot = character == "."
      name = ""
    }
    return made
  }
}
