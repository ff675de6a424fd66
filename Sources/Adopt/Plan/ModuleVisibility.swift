/// Which modules a file sees: its own, those it imports, and what they re-export (`Shared`'s
/// `@_exported import HANetworking`), as the compiler's lookup does.
struct ModuleVisibility: Sendable {
  /// Modules by the name `import` writes, with the modules each re-exports.
  private var reexports: [String: Set<String>] = [:]

  init(_ files: [SourceFacts]) {
    for file in files where !file.exportedImports.isEmpty {
      guard let module = file.module else { continue }
      reexports[PackageBuild.moduleName(of: module), default: []].formUnion(file.exportedImports)
    }
  }

  /// Whether `file` can name what `home` declares: the app's own files see one another, a
  /// module's files theirs, and any file what its imports bring.
  func sees(_ file: SourceFacts, _ home: SourceFacts) -> Bool {
    guard let target = home.module.map(PackageBuild.moduleName(of:)) else { return file.module == nil }
    if file.module.map(PackageBuild.moduleName(of:)) == target { return true }
    var seen: Set<String> = []
    var queue = file.imports
    while let module = queue.popLast() {
      if module == target { return true }
      if seen.insert(module).inserted { queue += reexports[module] ?? [] }
    }
    return false
  }
}
