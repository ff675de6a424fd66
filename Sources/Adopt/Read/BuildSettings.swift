import Foundation

/// An Xcode target's build settings as one configuration sees them: what `$(NAME)` in its
/// `Info.plist` stands for.
///
/// Xcode layers them, lowest first: the project's `.xcconfig`, the project's configuration, the
/// target's `.xcconfig`, the target's configuration; a value's `$(inherited)` is the layer
/// below's. A name no layer sets is empty, as Xcode makes it, and is kept in `undefined` so
/// adopt can say which values it could not know (a setting a CI script passes).
///
/// ```swift
/// var settings = BuildSettings(layers: [["BASE": "io.element"], ["ID": "$(BASE).elementx"]])
/// settings.resolve("$(ID)")  // "io.element.elementx"
/// ```
struct BuildSettings {
  /// Each layer's settings, lowest first.
  var layers: [[String: String]]
  /// Names a resolved text referred to that no layer sets, sorted as first met.
  private(set) var undefined: [String] = []

  init(layers: [[String: String]]) { self.layers = layers }

  /// `name`'s value: its highest layer's, with every reference in it resolved.
  mutating func value(of name: String) -> String? {
    value(of: name, below: layers.count, depth: 0)
  }

  /// `text` with every `$(NAME)`, `${NAME}`, `$NAME` and `$(NAME:modifier)` in it replaced by its value.
  mutating func resolve(_ text: String) -> String {
    resolve(text, inherited: nil, depth: 0)
  }

  private mutating func value(of name: String, below top: Int, depth: Int) -> String? {
    guard depth < 32 else { return nil }
    for level in stride(from: top - 1, through: 0, by: -1) {
      guard let raw = layers[level][name] else { continue }
      return resolve(raw, inherited: (name, level), depth: depth + 1)
    }
    return nil
  }

  private mutating func resolve(_ text: String, inherited: (name: String, level: Int)?, depth: Int) -> String {
    guard text.contains("$") else { return text }
    var result = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let after = rest.index(after: dollar)
      let reference: Substring
      if after < rest.endIndex, let close = ["(": ")", "{": "}"][rest[after]],
         let end = rest[after...].firstIndex(of: Character(close)) {
        reference = rest[rest.index(after: after)..<end]
        rest = rest[rest.index(after: end)...]
      } else if after < rest.endIndex, rest[after].isASCII, rest[after].isLetter || rest[after] == "_" {
        // `$NAME`, which pocket-casts' .xcconfig writes.
        let end = rest[after...].firstIndex { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) } ?? rest.endIndex
        reference = rest[after..<end]
        rest = rest[end...]
      } else {
        result.append("$")
        rest = rest[after...]
        continue
      }
      var parts = reference.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      let name = parts.removeFirst()
      var value: String
      if name.isEmpty {
        value = ""  // `$()`, which .xcconfig files write to keep `//` from starting a comment
      } else if name == "inherited" {
        value = inherited.flatMap { self.value(of: $0.name, below: $0.level, depth: depth + 1) } ?? ""
      } else if let found = self.value(of: name, below: layers.count, depth: depth + 1) {
        value = found
      } else {
        value = ""
        if !parts.contains(where: { $0.hasPrefix("default=") }), !undefined.contains(name) { undefined.append(name) }
      }
      for modifier in parts { value = Self.apply(modifier, to: value) }
      result += value
    }
    return result + rest
  }

  /// A reference's modifier as Xcode applies it: `rfc1034identifier` (a bundle identifier's
  /// part), `c99extidentifier`, `lower`, `upper`, `default=`.
  private static func apply(_ modifier: String, to value: String) -> String {
    switch modifier {
    case "rfc1034identifier":
      return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
    case "c99extidentifier", "identifier":
      let mapped = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
      return mapped.first?.isNumber == true ? "_" + mapped : mapped
    case "lower": return value.lowercased()
    case "upper": return value.uppercased()
    default:
      if modifier.hasPrefix("default="), value.isEmpty { return String(modifier.dropFirst("default=".count)) }
      return value
    }
  }

  /// The settings an `.xcconfig` file's text sets, its `#include`s read by `read` (given a path
  /// relative to the including file's folder) first; a setting for one SDK or architecture
  /// only (`KEY[sdk=iphoneos*]`) is left out.
  static func xcconfig(_ text: String, folder: String, read: (String) -> String?, depth: Int = 0) -> [String: String] {
    var settings: [String: String] = [:]
    for line in text.split(whereSeparator: \.isNewline) {
      var line = line.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#include") {
        guard depth < 16, let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else { continue }
        let name = String(line[line.index(after: open)..<close])
        let path = name.hasPrefix("/") ? name : XcodeProject.normalized(folder.isEmpty ? name : folder + "/" + name)
        guard let included = read(path) else { continue }
        let inner = xcconfig(included, folder: (path as NSString).deletingLastPathComponent, read: read, depth: depth + 1)
        settings.merge(inner) { _, new in new }
        continue
      }
      if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]).trimmingCharacters(in: .whitespaces) }
      guard let equals = line.firstIndex(of: "=") else { continue }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      guard !key.isEmpty, !key.contains("["), key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
      var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      if value.hasSuffix(";") { value.removeLast() }
      settings[key] = value
    }
    return settings
  }
}
