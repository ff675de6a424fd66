import Foundation

/// The process's resident memory, to show that a replay worker's memory stays bounded.
enum ResidentMemory {
  /// Resident bytes, or nil where the platform does not say (only Linux's /proc is read).
  static var bytes: Int? {
    #if os(Linux)
      guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
      let fields = text.split(separator: " ")
      guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
      return nil
    #endif
  }
}
