#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Pins what a process reads from its machine before anything reads it.
///
/// The time zone is UTC until `date tz=ZONE` changes it, whatever the machine's `TZ`. (Hash order
/// is pinned by the simulation runtime itself, before any Swift code runs; see
/// CSimulationRuntime's hashing.c.)
enum DeterministicProcess {
  static func ensure() {
    setenv("TZ", "UTC", 1)
  }
}
