/// Which registered models can reach each stand-in member: those whose files, or the files they
/// need, name its type and call the member by name. `describe` lists a model's own, not every
/// stand-in of the package.
enum StandInReach {
  /// The model names (sorted) that reach each member of `declarations`, by member; `copied` are
  /// the stand-ins' stored properties copied with their initial values; `reached`, what
  /// `reached(in: adoption)` gives, where it was read already.
  static func models(
    for declarations: [StandInSource.Declaration], in adoption: Adoption, copied: [String: String] = [:], reached: [Reached]? = nil
  ) -> [String: [String]] {
    let reached = reached ?? Self.reached(in: adoption)
    var result: [String: Set<String>] = [:]
    // Each declaration's type and member (`Settings`, `openLinks`), read once.
    let parts = declarations.map { declaration -> (owner: String, member: String) in
      let parts = declaration.member.split(separator: ".").map(String.init)
      return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
    }
    let owners = Set(parts.map(\.owner))
    let byOwner = Dictionary(grouping: declarations.indices, by: { parts[$0].owner })
    // Stood-in types with copied properties, whose members may have no seam.
    let holders = Set(copied.keys.filter { $0.contains(".") }.map { String($0.prefix { $0 != "." }) })
    let stoodIn = owners.union(holders)
    // What each declaration returns and its empty value makes, and what each holder's copied
    // properties make, read once for every model (each model asked them again of every
    // declaration until nothing grew: most of pocket-casts' time between two builds).
    let returned = declarations.map { $0.returns.map(LinuxSupport.bareName).flatMap { stoodIn.contains($0) ? $0 : nil } }
    let emptyMakes = declarations.map { $0.empty.map { Self.madeTypes(in: $0).intersection(owners) } ?? [] }
    var copiedMakes: [String: Set<String>] = [:]
    for (member, value) in copied {
      copiedMakes[String(member.prefix { $0 != "." }), default: []].formUnion(Self.madeTypes(in: value).intersection(stoodIn))
    }
    for model in reached {
      var named = model.named
      let referenced = model.referenced
      let seams = Set(model.seams)
      let ownType = model.type.split(separator: ".").last.map(String.init)
      // `Settings.openLinks`: a file of the model's names `Settings` and calls `openLinks`
      // (an init, or a conformance of seams the model is made with, by its type alone).
      func called(_ index: Int) -> Bool {
        let (owner, member) = parts[index]
        return member.isEmpty || member == "init" || seams.contains(owner) || referenced.contains(member) || owner == ownType
      }
      // A stood-in mock the model is made with (element-x's `JoinedRoomProxyMock()` for a
      // `JoinedRoomProxyProtocol`) is named by the registration, not the model's files; so is
      // one an action is called with (`attachAudioRecorder(AudioRecorderMock())`).
      for made in [model.factory].compactMap({ $0 }) + model.actionCalls {
        named.formUnion(Self.madeTypes(in: made).intersection(owners))
      }
      // A stood-in global function or variable (the Rust SDK's `suggestedRoleForPowerLevel`)
      // is named by its call.
      named.formUnion(referenced.intersection(owners))
      // A stood-in type that a reached member returns, or a mock its unanswered value makes (element-x's
      // `CurrentValuePublisher<RoomInfoProxyProtocol, Never>(RoomInfoProxyMock())`) is reached
      // too: the model calls its members through the protocol, naming neither. Each stood-in
      // type named is read once, whatever order names them.
      var pending = Array(named.filter { stoodIn.contains($0) || copiedMakes[$0] != nil })
      var read: Set<String> = []
      func name(_ type: String) {
        if named.insert(type).inserted { pending.append(type) }
      }
      while let owner = pending.popLast() {
        guard read.insert(owner).inserted else { continue }
        for index in byOwner[owner] ?? [] where called(index) {
          // What it returns, a stood-in type (home-assistant's global `Current`, an
          // `AppEnvironment` whose members the model reads through it).
          // (One with no seam of its own may hold copied properties, below.)
          if let returns = returned[index] { name(returns) }
          for made in emptyMakes[index] { name(made) }
        }
        // A stood-in object a reached type's copied property makes (home-assistant's
        // `AppEnvironment.servers = ServerManagerImpl()`, read as `Current.servers`).
        for made in copiedMakes[owner] ?? [] { name(made) }
      }
      for owner in named.intersection(owners) {
        for index in byOwner[owner] ?? [] where called(index) { result[declarations[index].member, default: []].insert(model.name) }
      }
    }
    return result.mapValues { $0.sorted() }
  }

  /// What a registered model's code names and calls: its file's and those of every compiled file
  /// it needs, through the types they name. Read once per package written, for both lists of
  /// stand-ins asked about.
  struct Reached {
    let name: String
    let type: String
    let seams: [String]
    let factory: String?
    /// The registration's calls of the model's actions, with the arguments they make.
    let actionCalls: [String]
    let named: Set<String>
    let referenced: Set<String>
  }

  /// What each registered (or overridden) model of `adoption` reaches, in the models' order.
  static func reached(in adoption: Adoption) -> [Reached] {
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
    return adoption.models.filter { $0.factory != nil || $0.isOverridden }.map { model in
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
      return Reached(name: model.name, type: model.type, seams: model.seams, factory: model.factory, actionCalls: model.actions.map(\.call), named: named, referenced: referenced)
    }
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
