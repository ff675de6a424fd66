#if os(Linux)
  import Foundation

  extension FileManager {
    /// Apple's app group container (`containerURL(forSecurityApplicationGroupIdentifier:)`),
    /// which Linux's Foundation lacks: the folder `Library/Group Containers/IDENTIFIER` in the
    /// home folder (in a vmrepl session, the sandbox's: `/sandbox/home/...`), made when first asked
    /// for, as the system makes the container of an app entitled to the group. The app's
    /// extensions, which share it on a device, do not run here.
    ///
    /// ```swift
    /// let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.io.element")
    /// ```
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
      let url = URL.libraryDirectory
        .appendingPathComponent("Group Containers", isDirectory: true)
        .appendingPathComponent(groupIdentifier, isDirectory: true)
      try? createDirectory(at: url, withIntermediateDirectories: true)
      return url
    }
  }

  extension URL {
    /// Apple's `URL.documentsDirectory`: the user's Documents folder, as `FileManager` names it.
    public static var documentsDirectory: URL { userFolder(.documentDirectory, else: "Documents") }

    /// Apple's `URL.cachesDirectory`: the user's caches folder, as `FileManager` names it.
    public static var cachesDirectory: URL { userFolder(.cachesDirectory, else: ".cache") }

    /// Apple's `URL.applicationSupportDirectory`: the user's application support folder, as
    /// `FileManager` names it.
    public static var applicationSupportDirectory: URL { userFolder(.applicationSupportDirectory, else: ".local/share") }

    /// Apple's `URL.downloadsDirectory`: the user's Downloads folder, as `FileManager` names it.
    public static var downloadsDirectory: URL { userFolder(.downloadsDirectory, else: "Downloads") }

    /// Apple's `URL.libraryDirectory`: `Library` in the home folder (Linux's `FileManager` names
    /// none).
    public static var libraryDirectory: URL { homeDirectory.appendingPathComponent("Library", isDirectory: true) }

    /// The folder Linux's `FileManager` gives for `directory` in the user's domain, else `fallback`
    /// in the home folder.
    private static func userFolder(_ directory: FileManager.SearchPathDirectory, else fallback: String) -> URL {
      FileManager.default.urls(for: directory, in: .userDomainMask).first
        ?? homeDirectory.appendingPathComponent(fallback, isDirectory: true)
    }
  }
#endif
