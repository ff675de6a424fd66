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

  /// Types that conform to `protocolName`, directly or in an extension, in path order.
  func conformers(of protocolName: String) -> [DeclaredType] {
    var result: [DeclaredType] = []
    for (_, declarations) in types.sorted(by: { $0.key < $1.key }) {
      for (type, _) in declarations where type.kind != .protocol {
        let added = extensions[type.name, default: []].flatMap(\.inherited)
        if (type.inherited + added).map(LinuxSupport.bareName).contains(protocolName) { result.append(type) }
      }
    }
    return result
  }

  /// A type's members with those its extensions add.
  func allMembers(of type: DeclaredType) -> Members {
    var members = type.members
    for facts in extensions[type.name, default: []] {
      members.methods += facts.members.methods
      members.properties += facts.members.properties
      members.initializers += facts.members.initializers
    }
    return members
  }
}
