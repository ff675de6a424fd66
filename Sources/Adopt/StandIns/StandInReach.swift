/// Which registered models can reach each stand-in member: those whose files, or the files they
/// need, name its type and call the member by name. `describe` lists a model's own, not every
/// stand-in of the package.
enum StandInReach {
  /// The model names (sorted) that reach each member of `declarations`, by member.
  static func models(for declarations: [StandInSource.Declaration], in adoption: Adoption) -> [String: [String]] {
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
      for declaration in declarations {
        // `Settings.openLinks`: a file of the model's names `Settings` and calls `openLinks`
        // (an init, or a conformance of seams the model is made with, by its type alone).
        let parts = declaration.member.split(separator: ".").map(String.init)
        let owner = parts.first ?? ""
        let member = parts.count > 1 ? parts[1] : ""
        let called = member.isEmpty || member == "init" || model.seams.contains(owner) || referenced.contains(member)
          || owner == model.type.split(separator: ".").last.map(String.init)
        if named.contains(owner) && called { result[declaration.member, default: []].insert(model.name) }
      }
    }
    return result.mapValues { $0.sorted() }
  }
}
