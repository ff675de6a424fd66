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

  /// Empty file actions, to pass to `posix_spawn_file_actions_init`.
  package static func makeSpawnFileActions() -> SpawnFileActions {
    #if canImport(Darwin)
      return nil
    #else
      return posix_spawn_file_actions_t()
    #endif
  }
}
