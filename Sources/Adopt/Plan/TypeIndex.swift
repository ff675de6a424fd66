/// The types and extensions of the compiled files, by name.
struct TypeIndex: Sendable {
  /// Each declared type with the file that declares it, in path order.
  private(set) var types: [String: [(type: DeclaredType, path: String)]] = [:]
  /// Extensions by extended type.
  private(set) var extensions: [String: [ExtensionFacts]] = [:]

  init(_ files: [SourceFacts]) {
    for file in files {
      for type in file.types { types[type.name, default: []].append((type, file.path)) }
      for facts in file.extensions {
        extensions[LinuxSupport.bareName(facts.extendedType), default: []].append(facts)
      }
    }
  }

  /// The one declaration of `name` (the first, when several files declare one).
  func type(_ name: String) -> DeclaredType? { types[name]?.first?.type }

  /// `name` as code outside its type writes it: `BookmarkEditViewModel.EditState` for an
  /// `EditState` the app declares only inside `BookmarkEditViewModel` (its `init(state:)` writes
  /// it bare); anything else as it is.
  func qualified(_ name: String) -> String {
    guard let declarations = types[name], declarations.count == 1, let only = declarations.first?.type, !only.parents.isEmpty
    else { return name }
    return only.qualifiedName
  }

  /// `name` as written inside `owner` (`Preset` in `PrivacySafetyViewModel`), as code outside
  /// writes it: the nested type Swift's lookup finds from there, by its whole name, however many
  /// other types share the name (Mastodon's strings declare another `Preset`); else `qualified(name)`.
  func qualified(_ name: String, from owner: String) -> String {
    nested(name, from: owner)?.qualifiedName ?? qualified(name)
  }

  /// The type `name` means inside `owner`: the nested one Swift's lookup finds, else `type(name)`.
  func type(_ name: String, from owner: String) -> DeclaredType? {
    nested(name, from: owner) ?? visible(name)
  }

  /// The type a bare `name` means outside any type: a top-level one where the app declares one
  /// (home-assistant's `struct CustomWidget`, not `DatabaseTables.CustomWidget`, an enum of its
  /// columns, which comes first by path), else the one declaration.
  private func visible(_ name: String) -> DeclaredType? {
    types[name]?.first(where: { $0.type.isTopLevel })?.type ?? type(name)
  }

  /// The type a registration's text names (`NotificationTableViewCell.ViewModel.Value`, or a
  /// bare `Value`): by its whole name where it is dotted, else the one declaration.
  func type(written name: String) -> DeclaredType? {
    let bare = LinuxSupport.bareName(name)
    guard name.contains("."), let exact = types[bare]?.first(where: { $0.type.qualifiedName == name }) else { return visible(bare) }
    return exact.type
  }

  private func nested(_ name: String, from owner: String) -> DeclaredType? {
    guard let declarations = types[name],
          let whole = NestedNames.innermost(name, from: owner, where: { candidate in declarations.contains { $0.type.qualifiedName == candidate } })
    else { return nil }
    return declarations.first { $0.type.qualifiedName == whole }?.type
  }


  /// Types that conform to `protocolName`, directly or in an extension, in path order.
  func conformers(of protocolName: String) -> [DeclaredType] {
    var result: [DeclaredType] = []
    for (_, declarations) in types.sorted(by: { $0.key < $1.key }) {
      for (type, _) in declarations where type.kind != .protocol {
        let added = extensions(of: type).flatMap(\.inherited)
        if (type.inherited + added).map(LinuxSupport.bareName).contains(protocolName) { result.append(type) }
      }
    }
    return result
  }

  /// The extensions of `type`: those whose written name is its whole name, or ends in it after a
  /// module's (`MastodonUI.StatusView.ViewModel`). Mastodon's `extension
  /// ComposeContentToolbarView.ViewModel { func image(for: Action) }` is none of the other nine
  /// `ViewModel`s nested in its views.
  func extensions(of type: DeclaredType) -> [ExtensionFacts] {
    extensions[type.name, default: []].filter { facts in
      var written = Substring(facts.extendedType.trimmingCharacters(in: .whitespaces))
      if let angle = written.firstIndex(of: "<") { written = written[..<angle] }
      return written == type.qualifiedName || written.hasSuffix("." + type.qualifiedName)
    }
  }

  /// A type's members with those its extensions add.
  func allMembers(of type: DeclaredType) -> Members {
    var members = type.members
    for facts in extensions(of: type) {
      members.methods += facts.members.methods
      members.properties += facts.members.properties
      members.initializers += facts.members.initializers
    }
    return members
  }
}
