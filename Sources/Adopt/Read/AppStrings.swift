import Foundation

/// The app's own strings in its development language, by table and key, read from its
/// `en.lproj` (else `Base.lproj`) `.strings` files: what an unanswered localized-string lookup
/// of a stand-in returns (`StandInStrings`), as the app's `L10n.tr` returns it on a device.
///
/// ```swift
/// let strings = AppStrings(files: ["App/Resources/en.lproj/Localizable.strings"], root: app)
/// strings.tables["Localizable"]?["screen_footer"]  // "To change it go to %1$@."
/// ```
struct AppStrings: Equatable, Sendable {
  /// Values by key, by table (the file's name: `Localizable`).
  private(set) var tables: [String: [String: String]] = [:]

  /// The folders whose `.strings` files are read, in the order their values win.
  static let languages = ["en.lproj", "Base.lproj"]

  init() {}

  /// Reads `files` (relative to `root`): `en.lproj` before `Base.lproj`, then by path, the first
  /// value of a key winning. A plural's format (`%#@COUNT@`) is left out: its `.stringsdict`
  /// decides it, which is not read, so such a key is no more known than a missing one.
  init(files: [String], root: String) {
    let ordered = files.sorted { left, right in
      let (l, r) = (Self.rank(left), Self.rank(right))
      return l == r ? left < right : l < r
    }
    for path in ordered {
      let file = root + "/" + path
      // Xcode writes new tables in UTF-8; older ones are often UTF-16.
      guard let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? (try? String(contentsOfFile: file, encoding: .utf16)),
            let entries = path.hasSuffix(".xcstrings") ? Self.catalogEntries(of: text) : Self.entries(of: text)
      else { continue }
      let table = String(((path as NSString).lastPathComponent as NSString).deletingPathExtension)
      for (key, value) in entries where !value.contains("%#@") && tables[table]?[key] == nil {
        tables[table, default: [:]][key] = value
      }
    }
  }

  /// Whether `path` is a `.strings` file of a development-language folder, or a string catalog
  /// (`Localizable.xcstrings`, every language in one file).
  static func isTable(_ path: String) -> Bool {
    path.hasSuffix(".xcstrings") || path.hasSuffix(".strings") && languages.contains((path as NSString).deletingLastPathComponent.split(separator: "/").last.map(String.init) ?? "")
  }

  /// The key-value pairs of a `.strings` file's text (Foundation reads the format); nil when it
  /// is not one.
  static func entries(of text: String) -> [String: String]? {
    guard let any = try? PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) else { return nil }
    if let map = any as? [String: String] { return map }
    guard let map = any as? [AnyHashable: Any] else { return nil }
    var entries: [String: String] = [:]
    for (key, value) in map {
      if let key = key as? String, let value = value as? String { entries[key] = value }
    }
    return entries
  }

  /// The source language's values of a string catalog's text (`.xcstrings`, JSON): a key's
  /// `stringUnit` value; keys with none (their key is their text) and plurals (`variations`,
  /// which a `.stringsdict` would decide) left out. nil when it is not one.
  static func catalogEntries(of text: String) -> [String: String]? {
    guard let catalog = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
          let strings = catalog["strings"] as? [String: Any]
    else { return nil }
    let source = catalog["sourceLanguage"] as? String ?? "en"
    var entries: [String: String] = [:]
    for (key, entry) in strings {
      guard let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any],
            let unit = (localizations[source] as? [String: Any])?["stringUnit"] as? [String: Any],
            let value = unit["value"] as? String
      else { continue }
      entries[key] = value
    }
    return entries
  }

  /// The tables as JSON with sorted keys: the same text for the same files, on every machine.
  var json: String {
    guard let data = try? JSONSerialization.data(withJSONObject: tables, options: [.sortedKeys]) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  private static func rank(_ path: String) -> Int {
    let folder = (path as NSString).deletingLastPathComponent.split(separator: "/").last.map(String.init) ?? ""
    return languages.firstIndex(of: folder) ?? languages.count
  }
}
