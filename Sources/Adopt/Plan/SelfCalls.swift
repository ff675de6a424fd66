/// Which names only a type's own code refers to: a model's method that no view, coordinator or
/// other type of the app calls, and that the model's own code does, is a step of its work, not
/// something a user does. element-x's `EncryptionResetScreenViewModel.resetWith(password:)` is
/// called by the model once its reset flow asks for a password, and traps when called first
/// ("Requested reset flow continuation without a stored handle"); `audit` sent it, and reported
/// the trap.
struct SelfCalls {
  /// Each lower-case name, with the owners of the file-scope declarations that refer to it: a
  /// type's name for its declaration or an extension of it, "" for anything else.
  private var holders: [String: Set<String>] = [:]
  /// Each lower-case name, with the owners whose code calls it on their own instance (bare or
  /// after `self`): `darkMode.toggle()` in a model is Bool's `toggle`, not the model's.
  private var ownCalls: [String: Set<String>] = [:]

  init(_ files: [SourceFacts]) {
    for file in files {
      for declaration in file.declarations {
        let owner =
          declaration.isTypeDeclaration && declaration.types.count == 1
          ? declaration.types[0] : declaration.extendedType.map(LinuxSupport.bareName) ?? ""
        for name in declaration.references { holders[name, default: []].insert(owner) }
        for name in declaration.selfReferences { ownCalls[name, default: []].insert(owner) }
      }
    }
  }

  /// Whether the code of the top-level type `type` (its declaration and extensions) calls
  /// `name` on its own instance, and no other code of the app names it at all.
  func onlyBy(_ type: String, name: String) -> Bool {
    holders[name] == [type] && ownCalls[name]?.contains(type) == true
  }
}
