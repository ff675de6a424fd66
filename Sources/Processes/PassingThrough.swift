import Foundation

internal import Platform

extension ChildProcess {
  /// Runs `executable` to its end with this process's standard error as both its outputs, so
  /// that what it prints as it goes (a build's progress, a report) is seen as it happens, and
  /// this process's standard output stays its own. Returns the exit status (128 + the signal
  /// when one ended it; 127 when it could not start).
  public static func runOntoStandardError(_ executable: String, _ arguments: [String]) -> Int32 {
    var actions = Platform.makeSpawnFileActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, 2, 1)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid = pid_t()
    Platform.ignoreBrokenPipes()
    var attributes = Platform.childSignalDefaults()
    defer { posix_spawnattr_destroy(&attributes) }
    guard posix_spawn(&pid, executable, &actions, &attributes, argv, envp) == 0 else { return 127 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    return signal != 0 ? 128 + signal : (status >> 8) & 0xff
  }
}
