internal import CSimulationRuntime
import Synchronization

internal import Platform

/// Where code is in its source: the file and line its function is declared at, from the DWARF
/// debug information of the loaded images (`vmrepl_source_declaration`, elfutils' libdw).
///
/// The file is named relative to the root of the project that holds it (the nearest folder up
/// with a `Package.swift`, an `.xcodeproj` or a `.git`), so the same build of the same code says
/// the same thing in every clone, on every machine. Code without line information (a build
/// without debug information, the toolchain's libraries) has no location, and its name is all
/// vmrepl prints, as before.
enum SourceLines {
  /// Locations by address (`""`: none); an address always names the same code while the process lives.
  private static let cache = Mutex<[UInt: String]>([:])
  /// Project roots by folder (`""`: none found).
  private static let roots = Mutex<[String: String]>([:])

  /// `Sources/Examples/Cart/CartViewModel.swift:24` for the code at `address`, or nil.
  static func location(of address: UnsafeRawPointer) -> String? {
    let key = UInt(bitPattern: address)
    if let known = cache.guarded({ $0[key] }) { return known.isEmpty ? nil : known }
    let found = lookUp(address) ?? ""
    cache.guarded { $0[key] = found }
    return found.isEmpty ? nil : found
  }

  private static func lookUp(_ address: UnsafeRawPointer) -> String? {
    var file = [CChar](repeating: 0, count: 4096)
    var line: Int32 = 0
    guard vmrepl_source_declaration(address, &file, file.count, &line) != 0 else { return nil }
    let path = file.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    return "\(relative(path)):\(line)"
  }

  /// `path` from its project's root, or its file name when no root is found.
  private static func relative(_ path: String) -> String {
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    let root = roots.guarded { roots in
      if let known = roots[folder] { return known }
      let found = projectRoot(above: folder) ?? ""
      roots[folder] = found
      return found
    }
    if !root.isEmpty, path.hasPrefix(root + "/") { return String(path.dropFirst(root.count + 1)) }
    return String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
  }

  /// The nearest folder at or above `folder` that holds a `Package.swift`, an `.xcodeproj` or a `.git`.
  private static func projectRoot(above folder: String) -> String? {
    var current = folder
    while !current.isEmpty {
      if isProjectRoot(current) { return current }
      guard let slash = current.lastIndex(of: "/") else { break }
      current = String(current[..<slash])
    }
    return nil
  }

  private static func isProjectRoot(_ folder: String) -> Bool {
    if access(folder + "/Package.swift", F_OK) == 0 || access(folder + "/.git", F_OK) == 0 { return true }
    return Platform.folderEntries(folder).contains { $0.hasSuffix(".xcodeproj") }
  }
}
