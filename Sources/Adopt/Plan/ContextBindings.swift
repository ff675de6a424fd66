/// The text a view binds through a model's `context`, as element-x writes every screen: a base
/// class `StateStoreViewModel<State, ViewAction>` holds `var context: Context`, whose
/// `@dynamicMemberLookup` subscript reaches `State.bindings`, so `TextField(text:
/// $context.searchQuery)` writes `viewState.bindings.searchQuery`. The model's own properties hold
/// none of it, so without this no command could type in those fields.
///
/// Read from the declarations only: a superclass (written, or through a type alias) that declares
/// `context` and is specialised with a view state whose stored `bindings` is a struct of the app;
/// that struct's plain stored `var`s (text, numbers, flags) are the properties, each reached as
/// `\.context.NAME`. A line the compiler rejects is left out alone (`Mending`).
enum ContextBindings {
  /// The plain properties reached through `model`'s `context`, in declaration order, each with
  /// its key path from the model (`context.searchQuery`).
  static func read(_ model: DeclaredType, index: TypeIndex) -> [(name: String, path: String)] {
    var current: DeclaredType? = model
    var written: [String] = []
    var hasContext = false
    var seen: Set<String> = []
    while let declared = current, seen.insert(declared.qualifiedName).inserted {
      if index.allMembers(of: declared).properties.contains(where: { $0.name == "context" && !$0.isStatic && $0.access >= .internal }) {
        hasContext = true
      }
      guard declared.kind == .class, let superclass = declared.inherited.first else { break }
      let bare = LinuxSupport.bareName(superclass)
      let text = index.type(bare) == nil ? index.aliased(bare, from: declared.qualifiedName) ?? superclass : superclass
      written.append(text)
      current = index.type(LinuxSupport.bareName(text))
    }
    guard hasContext else { return [] }
    for text in written {
      for argument in FactoryInference.genericArguments(of: text) {
        guard let state = index.type(LinuxSupport.bareName(argument)), state.kind == .struct,
              let bindings = index.allMembers(of: state).properties.first(where: { $0.name == "bindings" && !$0.isStatic && !$0.isComputed }),
              let bindingsType = bindings.type.flatMap({ index.type(LinuxSupport.bareName($0)) }), bindingsType.kind == .struct
        else { continue }
        return index.allMembers(of: bindingsType).properties.compactMap { property in
          guard !property.isStatic, property.isVar, !property.isComputed, property.setterAccess >= .internal,
                let type = property.type, ["String", "Int", "Double", "Bool"].contains(type)
          else { return nil }
          return (property.name, "context." + property.name)
        }
      }
    }
    return []
  }
}
