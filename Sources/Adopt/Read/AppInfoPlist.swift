import Foundation

/// The app target's `Info.plist` as the REPL's bundle holds it: its keys with every
/// `$(SETTING)` resolved from the target's build settings, as Xcode writes the app's.
///
/// Apps read their own keys at launch (element-x's `InfoPlistReader.main.productionAppName`,
/// `$(PRODUCTION_APP_NAME)` in its file, traps where the key is missing), so the REPL's bundle
/// says what the app's would, not only its identifier.
struct AppInfoPlist: Equatable {
  /// The property list's XML text, its keys in the file's order.
  var text: String
  /// Settings its values referred to that no layer adopt reads sets (empty in the text, as Xcode
  /// makes them): a setting a CI script or a missing `.xcconfig` gives.
  var undefined: [String] = []

  /// The app target's `Info.plist` (its `INFOPLIST_FILE`, and the `INFOPLIST_KEY_` settings
  /// Xcode adds to a generated one), with `CFBundleIdentifier` saying `bundleIdentifier`; nil
  /// where the target names no file adopt can read as XML and generates no key.
  static func make(settings: inout BuildSettings, bundleIdentifier: String, read: (String) -> String?) -> AppInfoPlist? {
    settings.layers.append(["PRODUCT_BUNDLE_IDENTIFIER": bundleIdentifier])
    var text: String
    if let file = settings.value(of: "INFOPLIST_FILE"), !file.isEmpty, let contents = read(XcodeProject.normalized(file)),
       contents.contains("<plist"), contents.contains("<dict") {
      text = resolved(contents, settings: &settings)
    } else if settings.value(of: "GENERATE_INFOPLIST_FILE") == "YES" {
      text = empty
    } else {
      return nil
    }
    // Xcode's generated keys, from the settings named for them (an app's display name).
    var generated: [(key: String, value: String)] = []
    for name in Set(settings.layers.flatMap(\.keys)).sorted() where name.hasPrefix("INFOPLIST_KEY_") {
      let key = String(name.dropFirst("INFOPLIST_KEY_".count))
      guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), let value = settings.value(of: name) else { continue }
      generated.append((key, value))
    }
    if settings.value(of: "GENERATE_INFOPLIST_FILE") == "YES" {
      for (key, setting) in [("CFBundleShortVersionString", "MARKETING_VERSION"), ("CFBundleVersion", "CURRENT_PROJECT_VERSION")] {
        if let value = settings.value(of: setting), !value.isEmpty { generated.append((key, value)) }
      }
      generated.append(("CFBundleName", settings.value(of: "PRODUCT_NAME") ?? ""))
    }
    for (key, value) in generated where !has(key, in: text) { text = setting(key, to: value, in: text) }
    text = setting("CFBundleIdentifier", to: bundleIdentifier, in: text)
    // What Foundation cannot read as a dictionary is no bundle's: the identifier alone, as before.
    guard let data = text.data(using: .utf8),
          (try? PropertyListSerialization.propertyList(from: data, format: nil)) is [String: Any]
    else { return nil }
    return AppInfoPlist(text: text, undefined: settings.undefined)
  }

  /// This property list with `key` saying `value` (a string): its element replaced where the
  /// root dictionary has it, else added as the dictionary's last.
  func setting(_ key: String, to value: String) -> AppInfoPlist {
    var copy = self
    copy.text = Self.setting(key, to: value, in: text)
    return copy
  }

  private static let empty = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    </dict>
    </plist>

    """

  /// `contents` with each `$(NAME)` in a `<string>` resolved and escaped for XML.
  private static func resolved(_ contents: String, settings: inout BuildSettings) -> String {
    var result = ""
    var rest = Substring(contents)
    while let open = rest.range(of: "<string>"), let close = rest[open.upperBound...].range(of: "</string>") {
      result += rest[..<open.upperBound]
      let value = String(rest[open.upperBound..<close.lowerBound])
      result += value.contains("$") ? escaped(settings.resolve(unescaped(value))) : value
      result += "</string>"
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  /// Whether `text` has `key` anywhere (a nested dictionary's counts too: Xcode's generated keys
  /// are top-level ones an app's file rarely nests, so a generated one is then left out).
  private static func has(_ key: String, in text: String) -> Bool {
    text.contains("<key>\(escaped(key))</key>")
  }

  private static func setting(_ key: String, to value: String, in text: String) -> String {
    let element = "<key>\(escaped(key))</key>"
    if let found = text.range(of: element) {
      let after = text[found.upperBound...]
      let start = after.firstIndex { !$0.isWhitespace } ?? after.endIndex
      if after[start...].hasPrefix("<string>"), let end = after[start...].range(of: "</string>") {
        return String(text[..<start]) + "<string>\(escaped(value))</string>" + text[end.upperBound...]
      }
      if after[start...].hasPrefix("<string/>") {
        return String(text[..<start]) + "<string>\(escaped(value))</string>" + text[after.index(start, offsetBy: "<string/>".count)...]
      }
      return text  // not a string: the app's own shape stays
    }
    // The root dictionary's end: the last `</dict>` before `</plist>`.
    guard let plistEnd = text.range(of: "</plist>", options: .backwards),
          let dictEnd = text[..<plistEnd.lowerBound].range(of: "</dict>", options: .backwards)
    else { return text }
    return String(text[..<dictEnd.lowerBound]) + "\t\(element)\n\t<string>\(escaped(value))</string>\n" + text[dictEnd.lowerBound...]
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
  }

  private static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
  }
}
