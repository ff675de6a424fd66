import Foundation

internal import Platform

extension ChildProcess {
  /// Runs `executable` to its end without Swift concurrency: `posix_spawn`, `poll` and
  /// `waitpid` on the calling thread.
  ///
  /// For a process whose default executor is the simulation (the interactive REPL, the
  /// benchmark): there, an async child-process library would wait on tasks and sleeps that only
  /// run when a step drives them. Elsewhere use `run`.
  public static func runBlocking(_ executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:]) -> Result {
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = [0, 0]
    var errorsFromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0, pipe(&errorsFromChild) == 0 else {
      return Result(status: 127, output: "", errors: "cannot make pipes for \(executable)")
    }
    var actions = Platform.makeSpawnFileActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorsFromChild[1], 2)
    for descriptor in toChild + fromChild + errorsFromChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid = pid_t()
    Platform.ignoreBrokenPipes()
    var attributes = Platform.childSignalDefaults()
    defer { posix_spawnattr_destroy(&attributes) }
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(toChild[0])
    close(fromChild[1])
    close(errorsFromChild[1])
    guard spawned == 0 else {
      [toChild[1], fromChild[0], errorsFromChild[0]].forEach { _ = close($0) }
      return Result(status: 127, output: "", errors: "cannot start \(executable): error \(spawned)")
    }
    var pending = Array(input.utf8)
    var writing: Int32 = pending.isEmpty ? -1 : toChild[1]
    if writing < 0 { close(toChild[1]) }
    var output: [UInt8] = []
    var errors: [UInt8] = []
    var open = [fromChild[0], errorsFromChild[0]]
    var buffer = [UInt8](repeating: 0, count: 65_536)
    // Write the input and read both outputs together, so that no pipe can fill and stall the child.
    while !open.isEmpty || writing >= 0 {
      var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      if writing >= 0 { watched.append(pollfd(fd: writing, events: Int16(POLLOUT), revents: 0)) }
      guard poll(&watched, nfds_t(watched.count), -1) >= 0 else {
        if errno == EINTR { continue }
        break
      }
      for item in watched where item.revents != 0 {
        if item.fd == writing {
          let count = pending.withUnsafeBytes { write(writing, $0.baseAddress!, $0.count) }
          if count > 0 { pending.removeFirst(count) }
          if count < 0 || pending.isEmpty {
            close(writing)
            writing = -1
          }
          continue
        }
        let count = buffer.withUnsafeMutableBytes { read(item.fd, $0.baseAddress!, $0.count) }
        if count > 0 {
          if item.fd == fromChild[0] { output += buffer[0..<count] } else { errors += buffer[0..<count] }
        } else if count == 0 || errno != EINTR {
          close(item.fd)
          open.removeAll { $0 == item.fd }
        }
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    var result = Result(status: (status >> 8) & 0xff, output: String(decoding: output, as: UTF8.self), errors: String(decoding: errors, as: UTF8.self))
    if signal != 0 {
      result.status = signal
      result.signal = signal
    }
    return result
  }
}
