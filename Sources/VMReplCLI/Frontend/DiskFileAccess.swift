package import Foundation
package import Scenario

/// The front end's access to the user's disk, which it hands to every session and explorer:
/// the files a scenario names (`body=@FILE`, cassettes, `files=`, `timeline --svg`) are read and
/// written here and nowhere under the front end.
package struct DiskFileAccess: FileAccess {
  package init() {}

  package func contents(atPath path: String) throws(FileFailure) -> Data {
    guard let data = FileManager.default.contents(atPath: path) else { throw .missing }
    return data
  }

  package func write(_ data: Data, toPath path: String) throws(FileFailure) {
    do {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw .failed(error.localizedDescription)
    }
  }

  package func entries(ofFolder path: String) throws(FileFailure) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { throw .missing }
    do {
      return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    } catch {
      throw .failed(error.localizedDescription)
    }
  }

  package func copy(_ source: String, to target: String) throws(FileFailure) {
    let manager = FileManager.default
    try? manager.removeItem(atPath: target)
    do {
      try manager.copyItem(atPath: source, toPath: target)
    } catch {
      throw .failed(error.localizedDescription)
    }
  }
}
