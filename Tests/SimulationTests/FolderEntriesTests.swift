import Foundation
import Platform
import Testing

/// `Platform.folderEntries`: a folder's names read from `readdir` in place. Copying a whole
/// `dirent` read past a short entry, which crashed a test run when the last entry of the C
/// library's buffer ended a page (`SourceLines` looking for an `.xcodeproj`).
struct FolderEntriesTests {
  @Test("every name of a folder is read, one letter to 255, in entries of every length")
  func everyName() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-entries-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Names of every length a record can take, enough of them to fill several buffers.
    var made: Set<String> = ["App.xcodeproj"]
    for length in 1...255 {
      for letter in ["a", "b", "c"] { made.insert(String(repeating: letter, count: length)) }
    }
    for name in made {
      #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: nil))
    }
    let read = Platform.folderEntries(folder.path)
    #expect(Set(read) == made.union([".", ".."]))
    #expect(read.count == made.count + 2)
    #expect(Platform.folderEntries(folder.path + "/missing").isEmpty)
  }
}
