import Foundation

/// Names the package writer derives: Swift identifiers, executable names, relative paths.
extension PackageWriter {
  /// `from` to `to`, both absolute, as a relative path (`../../vmrepl`).
  static func relativePath(from: String, to: String) -> String {
    let base = from.split(separator: "/")
    let target = to.split(separator: "/")
    var common = 0
    while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
    let ups = Array(repeating: "..", count: base.count - common)
    let rest = target[common...].map(String.init)
    let parts = ups + rest
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  /// A name as a Swift identifier: `My App` is `MyApp`, `2048` is `_2048`.
  static func identifier(_ name: String) -> String {
    var words = name.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    if words.isEmpty { words = ["App"] }
    var result = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if let first = result.first, first.isNumber { result = "_" + result }
    return result
  }

  /// `WeatherApp` as `weather-app`.
  static func kebab(_ name: String) -> String {
    var result = ""
    var previousLower = false
    for character in name where character != "_" {
      if character.isUppercase, previousLower { result += "-" }
      result += character.lowercased()
      previousLower = character.isLowercase || character.isNumber
    }
    return result
  }
}
