import Foundation
import Processes

/// The app's identity for the code a REPL runs: what `Bundle.main.bundleIdentifier` says.
///
/// An app always has a bundle identifier, and apps unwrap it (`Bundle.main.bundleIdentifier!`
/// to name an app group or a keychain service); a command-line program on Linux has none, so
/// that code traps before the model is made. Foundation reads an `Info.plist` beside the
/// executable, so the generated `main.swift` writes one first:
///
/// ```swift
/// AppBundle.identify(as: "io.robbie.HomeAssistant")
/// ```
public enum AppBundle {
  /// Writes `Info.plist` beside the running executable, naming `identifier`, unless it already
  /// says so; call it before anything reads `Bundle.main`.
  ///
  /// `infoPlist`, where given, is the app's own property list (adopt resolved its build
  /// settings and made its `CFBundleIdentifier` say `identifier`): written as it is, so the
  /// app's keys read as they would on a phone.
  public static func identify(as identifier: String, infoPlist: String? = nil) {
    linkResourceBundles(in: CurrentExecutable.directory)
    let file = CurrentExecutable.directory.appendingPathComponent("Info.plist")
    let text = infoPlist.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" } ?? plist(identifier: identifier)
    guard (try? String(contentsOf: file, encoding: .utf8)) != text else { return }
    // A build folder that cannot be written to leaves the identifier unset, as before.
    try? text.write(to: file, atomically: true, encoding: .utf8)
  }

  /// Links `NAME.bundle` to each `NAME.resources` in `folder`: SwiftPM on Linux puts a
  /// package's resources there, where code written for Apple's layout looks for a bundle
  /// (GPTEncoder's `resourceBundle` tries `Bundle.main.resourceURL` + `GPTEncoder_GPTEncoder.bundle`,
  /// and `use` trapped unwrapping the vocabulary it could not find).
  static func linkResourceBundles(in folder: URL) {
    let files = FileManager.default
    guard let names = try? files.contentsOfDirectory(atPath: folder.path) else { return }
    for name in names.sorted() where name.hasSuffix(".resources") {
      let link = folder.appendingPathComponent(String(name.dropLast(".resources".count)) + ".bundle").path
      guard (try? files.destinationOfSymbolicLink(atPath: link)) == nil, !files.fileExists(atPath: link) else { continue }
      // A build folder that cannot be written to leaves the resources where they are, as before.
      try? files.createSymbolicLink(atPath: link, withDestinationPath: name)
    }
  }

  /// The property list that names `identifier` as the bundle's.
  static func plist(identifier: String) -> String {
    let escaped = identifier.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
        <key>CFBundleIdentifier</key>
        <string>\(escaped)</string>
      </dict>
      </plist>

      """
  }
}
