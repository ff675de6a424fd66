import Foundation
import Synchronization

/// The app's own strings in its development language, which `adopt` copies into the package
/// (from `en.lproj/*.strings`): what a stood-in localized-string lookup (SwiftGen's `L10n.tr`,
/// whose bundle Linux has not) returns when the scenario does not answer it, as the app
/// returns it on a device in English.
///
/// ```swift
/// static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
///   StandIn.call("L10n.tr", "tr(...)", empty: StandInStrings.localized(table: table, key: key, arguments: args))
/// }
/// ```
public enum StandInStrings {
  private static let tables = Mutex<[String: [String: String]]>([:])

  /// Installs the tables: a JSON object of tables, each an object of keys to values.
  public static func install(json: String) {
    let decoded = (try? JSONDecoder().decode([String: [String: String]].self, from: Data(json.utf8))) ?? [:]
    tables.withLock { $0 = decoded }
  }

  /// The app's string for `key` in `table`, formatted with `arguments` as the app formats it
  /// (`String(format:)`, in a locale that is the same on every machine); `""` (the empty value
  /// of a string) for a key the tables do not hold; the format itself, unformatted, where it asks
  /// for more arguments than it was given (formatting it would read past them).
  public static func localized(table: String, key: String, arguments: [any CVarArg] = []) -> String {
    guard let format = tables.withLock({ $0[table]?[key] }) else { return "" }
    guard specifiers(in: format) <= arguments.count else { return format }
    return String(format: format, locale: Locale(identifier: "en_US_POSIX"), arguments: arguments)
  }

  /// How many arguments `format` reads: the highest `%N$` position, or its count of plain
  /// conversions (`%@`, `%d`), `%%` not counted.
  static func specifiers(in format: String) -> Int {
    var count = 0
    var highest = 0
    var characters = Array(format)[...]
    while let percent = characters.firstIndex(of: "%") {
      characters = characters[(percent + 1)...]
      guard let next = characters.first else { break }
      if next == "%" {
        characters = characters.dropFirst()
        continue
      }
      let digits = characters.prefix(while: \.isNumber)
      if !digits.isEmpty, characters.dropFirst(digits.count).first == "$", let position = Int(String(digits)) {
        highest = max(highest, position)
      } else {
        count += 1
      }
    }
    return max(count, highest)
  }
}
