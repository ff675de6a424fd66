import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes the process one whose output cannot depend on the machine: hash order and time zone.
///
/// Swift seeds `Set` and `Dictionary` hashing per process when the runtime starts, unless
/// `SWIFT_DETERMINISTIC_HASHING` is set then; so when it is missing the process starts itself
/// again with it set (once: the new process finds it). The time zone is pinned to UTC here, before
/// anything reads it; `date tz=ZONE` changes it for a session.
enum DeterministicProcess {
  static let hashingVariable = "SWIFT_DETERMINISTIC_HASHING"

  static func ensure() {
    setenv("TZ", "UTC", 1)
    guard getenv(hashingVariable) == nil else { return }
    setenv(hashingVariable, "1", 1)
    let path = executablePath()
    // On success execv does not return; if it fails, go on with per-process hashing rather than
    // not at all (the state printer sorts sets and dictionaries; only the view-model's own
    // iteration order is then unpinned).
    _ = execv(path, CommandLine.unsafeArgv)
  }

  /// The running executable, as the kernel knows it.
  static func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
