/// Resolves the bare names files write inside a type or an extension to the nested types they
/// mean, as Swift's lookup does: inside `extension Mastodon.Entity`, `History` is
/// `Mastodon.Entity.History` when the app declares one, and no top-level `History` is needed.
///
/// Without it, a file that names a sibling nested type by its short name seems to need nothing,
/// the sibling's file is not compiled, and the compiler rejects the file ("does not conform to
/// `Decodable`"), which takes every file that uses it.
enum NestedNames {
  /// `files` with each bare mention written in a scope replaced by the innermost nested type it
  /// names there (the file's and each declaration's), else kept.
  static func resolve(_ files: [SourceFacts]) -> [SourceFacts] {
    let known = Set(files.flatMap { $0.types.filter { !$0.isTopLevel }.map(\.qualifiedName) })
    guard !known.isEmpty else { return files }
    return files.map { file in
      var file = file
      file.mentions = resolved(file.mentions, scopes: file.scopes, known: known)
      for index in file.declarations.indices {
        file.declarations[index].mentions = resolved(
          file.declarations[index].mentions, scopes: file.declarations[index].scopes, known: known)
      }
      return file
    }
  }

  /// `mentions` with each bare name written in a scope where a nested type of that name is
  /// visible replaced by it; written anywhere else as well (at file scope), kept too.
  static func resolved(_ mentions: Set<String>, scopes: [String: Set<String>], known: Set<String>) -> Set<String> {
    var result: Set<String> = []
    for name in mentions {
      guard let paths = scopes[name] else {
        result.insert(name)
        continue
      }
      for path in paths { result.insert(lookup(name, from: path, known: known)) }
    }
    return result
  }

  /// The type `name` means when written inside `path` (`Mastodon.Entity`): the innermost
  /// enclosing scope that declares it, else `name` itself.
  static func lookup(_ name: String, from path: String, known: Set<String>) -> String {
    innermost(name, from: path, where: known.contains) ?? name
  }

  /// The whole name of the innermost scope around `path` (itself first, then outward) that
  /// declares `name`, as `declares` says; nil where none does.
  static func innermost(_ name: String, from path: String, where declares: (String) -> Bool) -> String? {
    var components = path.split(separator: ".").map(String.init)
    while !components.isEmpty {
      let candidate = (components + [name]).joined(separator: ".")
      if declares(candidate) { return candidate }
      components.removeLast()
    }
    return nil
  }

}
