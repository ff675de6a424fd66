import Foundation

/// An app's Swift files as `adopt` read them: where they are and what each declares.
///
/// ```swift
/// let app = try AppSources.scan(folder: "~/Code/Weather")
/// let adoption = Adoption(app)
/// ```
public struct AppSources: Sendable {
  /// The folder that was read, absolute and standardised.
  public var folder: String
  /// The app's name: its Xcode project's, or else the folder's.
  public var appName: String
  /// Every Swift file but tests, vmrepl's own and other packages', sorted by path.
  public var files: [SourceFacts]

  /// Folders never read: build products, dependencies, tests, projects.
  static let skippedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "build", "node_modules"]

  /// Reads every Swift file under `folder`, except in `skipping` (absolute paths).
  public static func scan(folder: String, skipping: [String] = []) throws(AdoptError) -> AppSources {
    let root = URL(fileURLWithPath: folder).standardizedFileURL.path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
      throw AdoptError("no folder at \(folder): give the app's folder, its Xcode project's folder or a package")
    }
    var files: [SourceFacts] = []
    var projects: [String] = []
    try walk(root, relative: "", root: root, skipping: Set(skipping), files: &files, projects: &projects)
    files.sort { $0.path < $1.path }
    guard !files.isEmpty else {
      throw AdoptError("no Swift files under \(folder)")
    }
    let name = projects.sorted().first.map { String($0.dropLast(".xcodeproj".count)) }
      ?? URL(fileURLWithPath: root).lastPathComponent
    return AppSources(folder: root, appName: name, files: files)
  }

  private static func walk(
    _ folder: String, relative: String, root: String, skipping: Set<String>,
    files: inout [SourceFacts], projects: inout [String]
  ) throws(AdoptError) {
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      throw AdoptError("cannot read \(folder): \(error.localizedDescription)")
    }
    // Another package inside the app (a local Swift package, a vmrepl package) is not the app's.
    if !relative.isEmpty, entries.contains("Package.swift") { return }
    for entry in entries {
      let path = folder + "/" + entry
      let relativePath = relative.isEmpty ? entry : relative + "/" + entry
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
      if isFolder.boolValue {
        if entry.hasSuffix(".xcodeproj") { projects.append(entry) }
        guard !entry.hasPrefix("."), !skippedFolders.contains(entry), !skipping.contains(path),
              !entry.hasSuffix(".xcodeproj"), !entry.hasSuffix(".xcworkspace"),
              !entry.hasSuffix("Tests"), !entry.hasSuffix(".playground")
        else { continue }
        try walk(path, relative: relativePath, root: root, skipping: skipping, files: &files, projects: &projects)
      } else if entry.hasSuffix(".swift"), entry != "Package.swift" {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
          throw AdoptError("cannot read \(path) as UTF-8 text")
        }
        var facts = FactsVisitor.facts(of: text, path: relativePath)
        if facts.isToolingFile { continue }
        facts.blockers += LinuxSupport.importBlockers(facts.imports)
        files.append(facts)
      }
    }
  }
}

/// A problem `adopt` reports instead of writing a package.
public struct AdoptError: Error, CustomStringConvertible, Equatable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
