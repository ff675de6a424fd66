// The one place that knows which C library the platform has. Every other file imports
// `Platform` for the C library's calls and finds here the few that differ between glibc and
// Darwin; a new platform is a branch here (and a backend folder of CSimulationRuntime).
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#else
  #error("vmrepl needs glibc, musl or Darwin")
#endif

/// The calls whose spelling differs between C libraries.
package enum Platform {
  /// The calling thread's identity, comparable across threads.
  @inline(__always)
  package static func currentThreadID() -> UInt {
    #if canImport(Darwin)
      return UInt(bitPattern: pthread_self())
    #else
      return UInt(pthread_self())
    #endif
  }

  /// The names in `folder` (`.` and `..` included), in the order `readdir` gives them; empty
  /// where it cannot be opened.
  ///
  /// A `dirent` that `readdir` returns is only as long as its name needs (`d_reclen`), not
  /// `MemoryLayout<dirent>.size`: copying `entry.pointee` reads past it, and past the end of the
  /// C library's buffer where the last entry ends a page (a crash seen in a test run's worker
  /// thread). The name is read in place, up to its NUL.
  package static func folderEntries(_ folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
      names.append(String(cString: name))
    }
    return names
  }

  /// Makes `handler` the handler of `signal`, with no flags and nothing blocked meanwhile.
  package static func setSignalHandler(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    // The handler field's name is the one thing about sigaction that differs between libcs.
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signal, &action, nil)
  }

  /// A new TCP socket.
  package static func streamSocket() -> Int32 {
    #if canImport(Darwin)
      return socket(AF_INET, SOCK_STREAM, 0)
    #else
      return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
  }

  /// `send` flags so that a peer that went away is an error, not a SIGPIPE.
  package static var noSignal: Int32 {
    #if canImport(Darwin)
      return 0  // Darwin has no MSG_NOSIGNAL; a server there would set SO_NOSIGPIPE on the socket
    #else
      return Int32(MSG_NOSIGNAL)
    #endif
  }

  #if canImport(Darwin)
    /// `posix_spawn`'s file actions, as this C library types them.
    package typealias SpawnFileActions = posix_spawn_file_actions_t?
  #else
    package typealias SpawnFileActions = posix_spawn_file_actions_t
  #endif

  /// Makes writing to a pipe whose reader has gone an error of that write (`EPIPE`) instead of
  /// a SIGPIPE that ends this process. A program that feeds children through pipes (a worker
  /// that traps, a child that exits before reading all its input) needs it: the child's end is
  /// something to report, not the parent's death. Idempotent; children are spawned with the
  /// signal's default restored (`childSignalDefaults`).
  package static func ignoreBrokenPipes() { _ = brokenPipesIgnored }

  private static let brokenPipesIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  #if canImport(Darwin)
    /// `posix_spawn`'s attributes, as this C library types them.
    package typealias SpawnAttributes = posix_spawnattr_t?
  #else
    package typealias SpawnAttributes = posix_spawnattr_t
  #endif

  /// Spawn attributes, initialized, that give the child SIGPIPE's default action: what this
  /// process ignores (`ignoreBrokenPipes`) a child would otherwise inherit, and a pipeline in
  /// it (`yes | head`) would then see write errors instead of ending. The caller destroys them.
  package static func childSignalDefaults() -> SpawnAttributes {
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
    #else
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawnattr_init(&attributes)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    return attributes
  }

  /// Makes the child of `attributes` the leader of a process group of its own, so that the
  /// group can be killed with whatever the child started.
  package static func ownProcessGroup(_ attributes: inout SpawnAttributes) {
    var flags: Int16 = 0
    posix_spawnattr_getflags(&attributes, &flags)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_SETPGROUP))
  }

  /// A pipe whose ends close in any program this process starts: without it, a child started
  /// on another thread at the same moment inherits the ends and holds them open for as long as
  /// it lives (its reader then never sees the end). `posix_spawn`'s `dup2` onto 0, 1 and 2
  /// clears the flag for the one child meant to have them.
  package static func closingPipe(_ ends: inout [Int32]) -> Bool {
    if let pipe2 = Self.pipe2 { return pipe2(&ends, Int32(O_CLOEXEC)) == 0 }
    // Where the C library has no `pipe2` (Darwin), a child started between the two calls can
    // still inherit the ends; Darwin's spawns are rare enough here to leave that window.
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
  }

  /// glibc's and musl's `pipe2`, looked up by name: the headers declare it only for programs
  /// that define `_GNU_SOURCE`, which the Swift overlay of the C library does not.
  private static let pipe2: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "pipe2") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
  }()

  /// Empty file actions, to pass to `posix_spawn_file_actions_init`.
  package static func makeSpawnFileActions() -> SpawnFileActions {
    #if canImport(Darwin)
      return nil
    #else
      return posix_spawn_file_actions_t()
    #endif
  }
}
