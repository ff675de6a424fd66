import AppleCompat
import AppleOSLog
import Foundation
import Testing

/// What apps' view-models use that Linux's Foundation lacks (issue 39): each behaves as an app
/// relies on it.
@Suite("Foundation's gaps on Linux")
struct FoundationGapTests {
  @Test("import OSLog brings os's locks, as on Apple platforms")
  func osLogBringsLocks() {
    let lock = OSAllocatedUnfairLock(initialState: 0)
    lock.withLock { $0 += 2 }
    #expect(lock.withLock { $0 } == 2)
  }

  @Test("notifications(named:) yields what is posted after iteration starts, and stops with its task")
  func notificationsSequence() async {
    let name = Notification.Name("FoundationGapTests.saved")
    let center = NotificationCenter()
    let received = Task {
      var names: [String] = []
      for await notification in center.notifications(named: name) {
        names.append(notification.userInfo?["id"] as? String ?? "?")
        if names.count == 2 { break }
      }
      return names
    }
    // Posted until the iterating task has added its observer and seen both.
    var posted = 0
    while posted < 1_000 {
      center.post(name: name, object: nil, userInfo: ["id": "a"])
      center.post(name: name, object: nil, userInfo: ["id": "b"])
      posted += 1
      await Task.yield()
      if posted > 10 { break }
    }
    let names = await received.value
    #expect(names.count == 2)
    #expect(Set(names).isSubset(of: ["a", "b"]))
  }

  @Test("RelativeDateTimeFormatter words intervals as an app shows them")
  func relativeDates() {
    let formatter = RelativeDateTimeFormatter()
    let now = Date(timeIntervalSince1970: 1_767_260_460)
    #expect(formatter.localizedString(for: now.addingTimeInterval(-300), relativeTo: now) == "5 minutes ago")
    #expect(formatter.localizedString(for: now.addingTimeInterval(7_200), relativeTo: now) == "in 2 hours")
    #expect(formatter.localizedString(fromTimeInterval: -86_400) == "1 day ago")
    formatter.dateTimeStyle = .named
    #expect(formatter.localizedString(fromTimeInterval: -86_400) == "yesterday")
    #expect(formatter.localizedString(fromTimeInterval: 0) == "now")
    formatter.unitsStyle = .abbreviated
    formatter.dateTimeStyle = .numeric
    #expect(formatter.localizedString(fromTimeInterval: -180) == "3 m ago")
  }

  @Test("AttributedString(markdown:) keeps the text and the links")
  func markdown() throws {
    let text = try AttributedString(markdown: "**Dune** is *great*, see [the site](https://example.com/dune) \\*now\\*")
    #expect(String(text.characters) == "Dune is great, see the site *now*")
    #expect(text.runs.compactMap(\.link) == [URL(string: "https://example.com/dune")!])
  }
}

/// element-x's `URL.appGroupContainerDirectory` (its app group's container, else the
/// application support folder): both APIs are Apple's alone, and the body became a seam that
/// nobody could answer, so two starters trapped at `use`.
@Suite("Foundation's gaps on Linux: the app's folders")
struct AppFolderTests {
  @Test("the app group container is a folder in the home folder's Library, made when asked for; the folders Apple names on URL are FileManager's")
  func folders() throws {
    let home = URL.homeDirectory
    // What the call makes in the home folder is removed after: the test leaves none of it.
    let library = home.appendingPathComponent("Library")
    let made = !FileManager.default.fileExists(atPath: library.path) ? library
      : !FileManager.default.fileExists(atPath: library.appendingPathComponent("Group Containers").path) ? library.appendingPathComponent("Group Containers")
      : library.appendingPathComponent("Group Containers/group.vmrepl.tests")
    defer { try? FileManager.default.removeItem(at: made) }
    let container = try #require(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.vmrepl.tests"))
    #expect(container.path == home.appendingPathComponent("Library/Group Containers/group.vmrepl.tests").path)
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: container.path, isDirectory: &isFolder) && isFolder.boolValue)
    #expect(URL.libraryDirectory.path == home.appendingPathComponent("Library").path)
    #expect(URL.documentsDirectory == FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first)
    #expect(URL.cachesDirectory == FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first)
    #expect(URL.applicationSupportDirectory == FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first)
  }
}
