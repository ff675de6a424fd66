// A view-model that keeps what apps keep: a launch count in UserDefaults, a draft in Caches, a
// setting in a shared suite, a file in Documents.
import Foundation
import Scenario

@MainActor
final class Launches {
  var launches: Int
  var draft: String?
  var draftPath: String
  var sharedTheme: String?
  private let draftURL: URL

  init() {
    let defaults = UserDefaults.standard
    launches = defaults.integer(forKey: "launches") + 1
    defaults.set(launches, forKey: "launches")
    let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    try? FileManager.default.createDirectory(at: caches, withIntermediateDirectories: true)
    draftURL = caches.appendingPathComponent("draft.txt")
    draftPath = draftURL.path
    draft = try? String(contentsOf: draftURL, encoding: .utf8)
    sharedTheme = UserDefaults(suiteName: "group.example.app")?.string(forKey: "theme")
  }

  func saveDraft(_ text: String) {
    try? text.write(to: draftURL, atomically: true, encoding: .utf8)
    draft = text
  }

  func setTheme(_ theme: String) {
    UserDefaults(suiteName: "group.example.app")?.set(theme, forKey: "theme")
    sharedTheme = theme
  }

  func export() {
    let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    try? Data(repeating: 7, count: 1_024).write(to: documents.appendingPathComponent("export.bin"))
    print("exported to \(documents.path)/export.bin")
  }
}

let launches = ModelDefinition("launches", summary: "counts launches in UserDefaults, keeps a draft in Caches") { _ in
  Launches()
} describe: { model in
  model.action("saveDraft", "write the draft to Caches", parameters: [Parameter("text", .string)]) { launches, arguments in
    launches.saveDraft(arguments.string("text"))
  }
  model.action("setTheme", "write a setting to the shared suite", parameters: [Parameter("theme", .string)]) { launches, arguments in
    launches.setTheme(arguments.string("theme"))
  }
  model.action("export", "write a file to Documents", perform: { launches, _ in launches.export() })
}
