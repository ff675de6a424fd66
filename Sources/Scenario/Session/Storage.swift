import Foundation
import Simulation
import Synchronization

/// The storage a view-model reaches (`UserDefaults.standard` and named suites, the Documents,
/// Caches and Application Support folders, `NSHomeDirectory()`, the temporary folder), kept in
/// the process's sandbox (`CSimulationRuntime/sandbox/sandbox.c`) and emptied at every `use`, so that a
/// scenario reads the same storage on every run and machine, and two `use`s in one session do
/// not see each other's writes.
///
/// Transcripts show the sandbox's folder as `/sandbox` (`/sandbox/home/Documents/draft.txt`),
/// since its real place differs from process to process.
@MainActor
enum Storage {
  /// How transcripts spell the sandbox's folder.
  nonisolated static let shownRoot = "/sandbox"

  /// The runtime that keeps the sandbox. It redirects the file system calls of the whole process
  /// (the program's code makes them, from any thread), so the sandbox is the process's, not a
  /// session's: this module reaches it only here.
  private nonisolated static var runtime: Simulation { Simulation.shared }

  /// The sandbox's real folder.
  nonisolated static var root: String? { runtime.sandboxRoot }

  /// `text` with the sandbox's real folder spelled `/sandbox`.
  nonisolated static func shown(_ text: String, root: String?) -> String {
    guard let root, mentions(text, root) else { return text }
    return text.replacingOccurrences(of: root, with: shownRoot)
  }

  /// Whether `text` holds `root`, by its bytes: every string of every state snapshot is asked,
  /// and Foundation's search costs more than the rest of reading the string. The bytes are
  /// searched from the root's last byte (it begins with `/`, which every URL in a view state
  /// holds several times: a search from the first byte stopped at each).
  private nonisolated static func mentions(_ text: String, _ root: String) -> Bool {
    guard !root.isEmpty, text.utf8.count >= root.utf8.count else { return false }
    // `withUTF8` hands over the bytes in one piece (a string Foundation made is made native first).
    var text = text
    var root = root
    return text.withUTF8 { haystack in root.withUTF8 { needle in contains(haystack, needle) } }
  }

  /// Whether `haystack` holds `needle` (not empty): `memchr` finds each place the needle's last
  /// byte (a digit of the process number) stands, `memcmp` compares what leads up to it.
  private nonisolated static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = haystack.baseAddress, let wanted = needle.baseAddress, needle.count <= haystack.count else { return false }
    let last = Int32(needle[needle.count - 1])
    var from = needle.count - 1
    while from < haystack.count {
      guard let hit = memchr(base + from, last, haystack.count - from) else { return false }
      let end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + (end - needle.count + 1), wanted, needle.count) == 0 { return true }
      from = end + 1
    }
    return false
  }

  /// Empties the sandbox: every UserDefaults domain the app wrote, every file.
  static func reset() {
    runtime.resetSandbox()
  }

  /// The named UserDefaults suites with a file in the sandbox (the standard one's is the
  /// program's name).
  static func suites(in root: String) -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: root + "/home/.config")) ?? []
    let standard = standardDomain
    return files.filter { $0.hasSuffix(".plist") }.map { String($0.dropLast(6)) }.filter { $0 != standard }.sorted()
  }

  /// Copies the contents of `folder`, on the user's disk, into the sandbox's home (`use MODEL
  /// files=FOLDER`), through the front end's file access.
  static func seed(from folder: String, through files: any FileAccess) throws(ScenarioError) {
    guard let root else { throw ScenarioError(.noSandbox) }
    let entries: [String]
    do throws(FileFailure) {
      entries = try files.entries(ofFolder: folder)
    } catch .missing {
      throw ScenarioError(.noFolderToSeed(folder))
    } catch {
      throw ScenarioError(.couldNot("read the folder \(folder)", because: error.reason))
    }
    for entry in entries {
      do throws(FileFailure) {
        try files.copy(folder + "/" + entry, to: root + "/home/" + entry)
      } catch {
        throw ScenarioError(.couldNot("copy \(entry) into the sandbox", because: error.reason))
      }
    }
  }

  /// `defaults KEY VALUE [suite=NAME]`: what the app then reads from UserDefaults.
  static func setDefault(_ key: String, _ value: CommandValue, suite: String?) throws(ScenarioError) -> String {
    let defaults = suite.flatMap { UserDefaults(suiteName: $0) } ?? .standard
    let place = suite.map { "UserDefaults(suiteName: \"\($0)\")" } ?? "UserDefaults.standard"
    switch value {
    case .null:
      defaults.removeObject(forKey: key)
      return "\(place): removed \(key)"
    case .int(let number): defaults.set(number, forKey: key)
    case .double(let number): defaults.set(number, forKey: key)
    case .bool(let flag): defaults.set(flag, forKey: key)
    case .string(let text), .word(let text): defaults.set(text, forKey: key)
    case .list(let values):
      let items = values.compactMap { value -> Any? in
        switch value {
        case .int(let number): return number
        case .double(let number): return number
        case .bool(let flag): return flag
        case .string(let text), .word(let text): return text
        default: return nil
        }
      }
      guard items.count == values.count else {
        throw ScenarioError(.defaultsListKinds)
      }
      defaults.set(items, forKey: key)
    case .duration, .effect, .request:
      throw ScenarioError(.defaultsValueKind(value.kindName))
    }
    runtime.flushPreferences()
    return "\(place): \(key) = \(value)"
  }

  /// The folder of session `number`'s scratch files, inside the sandbox (`ModelContext.scratchFolder`).
  nonisolated static func scratchPath(session number: Int) -> String { "scratch/session-\(number)" }

  /// The sessions whose scratch folder `ModelContext.scratchFolder` made: the only way one comes
  /// to be, so a session not among them has none to remove, and its end asks the disk nothing.
  nonisolated private static let scratchMade = Mutex<Set<Int>>([])

  /// Session `number`'s scratch folder, made if it is not there yet.
  nonisolated static func makeScratch(in base: String, session number: Int) -> String {
    let folder = base + "/" + scratchPath(session: number)
    scratchMade.withLock { _ = $0.insert(number) }
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Removes session `number`'s scratch folder: nothing of one session outlives it, so a later
  /// session of the process (the next scenario a replay worker runs) lists only its own files.
  static func removeScratch(session number: Int) {
    // Most sessions make none (explore ends one per schedule).
    guard scratchMade.withLock({ $0.remove(number) != nil }), let root else { return }
    let folder = root + "/" + scratchPath(session: number)
    // The model may have removed it; FileManager's failure to remove what is not there costs an error's making.
    guard access(folder, F_OK) == 0 else { return }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The name of `UserDefaults.standard`'s file, as Foundation on Linux names it: the main
  /// bundle's identifier (an adopted app's, from the `Info.plist` beside its executable, which
  /// every program of that build folder then reads), else the program's name.
  nonisolated static var standardDomain: String { Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName }

  /// `storage`: every UserDefaults value and every file in the sandbox, sorted; of the scratch
  /// files, session `session`'s, as `/sandbox/scratch/NAME` (which session it is depends on what
  /// the process ran before).
  static func listing(session: Int) -> [String] {
    guard let root else { return [ScenarioError.Reason.noSandbox.text] }
    runtime.flushPreferences()
    var lines: [String] = []
    func section(_ title: String, _ file: String) {
      guard let data = FileManager.default.contents(atPath: root + "/home/.config/" + file),
        let values = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any], !values.isEmpty
      else { return }
      lines.append(title)
      for key in values.keys.sorted() { lines.append("  \(key) = \(describe(values[key]!))") }
    }
    section("UserDefaults.standard:", standardDomain + ".plist")
    for suite in suites(in: root) { section("UserDefaults(suiteName: \"\(suite)\"):", suite + ".plist") }
    // UserDefaults' own files are listed above as values.
    let own = scratchPath(session: session) + "/"
    let files = filesIn(root).compactMap { file -> (path: String, size: Int)? in
      if file.path.hasPrefix("home/.config/") && file.path.hasSuffix(".plist") { return nil }
      guard file.path.hasPrefix("scratch/") else { return file }
      guard file.path.hasPrefix(own) else { return nil }
      return ("scratch/" + file.path.dropFirst(own.count), file.size)
    }
    if !files.isEmpty {
      lines.append("files:")
      let width = files.map(\.path.count).max() ?? 0
      for file in files {
        lines.append("  \(shownRoot)/\(file.path.padding(toLength: width, withPad: " ", startingAt: 0))  \(file.size) byte\(file.size == 1 ? "" : "s")")
      }
    }
    return lines.isEmpty ? ["storage is empty: no UserDefaults value, no file"] : lines
  }

  /// Every file under the sandbox, by path from its folder, sorted.
  static func filesIn(_ root: String) -> [(path: String, size: Int)] {
    var files: [(String, Int)] = []
    let manager = FileManager.default
    guard let walker = manager.enumerator(atPath: root) else { return [] }
    while let path = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
      let size = (try? manager.attributesOfItem(atPath: root + "/" + path)[.size] as? Int) ?? 0
      files.append((path, size))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  static func describe(_ value: Any) -> String {
    switch value {
    case let text as String: return CommandValue.quote(text)
    case let data as Data: return "\(data.count) bytes of data"
    case let date as Date: return "\(date)"
    case let list as [Any]: return "[" + list.map(describe).joined(separator: ", ") + "]"
    case let dictionary as [String: Any]:
      return "[" + dictionary.keys.sorted().map { "\($0): \(describe(dictionary[$0]!))" }.joined(separator: ", ") + "]"
    default: return "\(value)"
    }
  }
}
