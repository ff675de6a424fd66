import Foundation

internal import Platform

extension ChildProcess {
  /// Runs `executable` to its end without Swift concurrency: `posix_spawn`, `poll` and
  /// `waitpid` on the calling thread.
  ///
  /// For a process whose default executor is the simulation (the interactive REPL, the
  /// benchmark): there, an async child-process library would wait on tasks and sleeps that only
  /// run when a step drives them. Elsewhere use `run`.
  ///
  /// Reading ends soon after the child does, even when a process it started still holds its
  /// output open (Swift's backtracer, left behind by a child that trapped): what arrives within
  /// `afterExit` of the child's end is kept, the rest is not waited for. With a `limit`, the
  /// child runs in a process group of its own, and at the limit or at its end that whole group
  /// is killed (`Result.timedOut` tells the first); without one, it stays in this process's
  /// group, so that Ctrl-C reaches a `swift build` vmrepl started.
  public static func runBlocking(
    _ executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:],
    limit: Duration? = nil, afterExit: Duration = .seconds(2)
  ) -> Result {
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = [0, 0]
    var errorsFromChild: [Int32] = [0, 0]
    guard Platform.closingPipe(&toChild), Platform.closingPipe(&fromChild), Platform.closingPipe(&errorsFromChild) else {
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
    if limit != nil { Platform.ownProcessGroup(&attributes) }
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
    let clock = ContinuousClock()
    let deadline = limit.map { clock.now + $0 }
    var status: Int32 = 0
    var exited = false
    var timedOut = false
    var stopReading: ContinuousClock.Instant? = nil
    // Write the input and read both outputs together, so that no pipe can fill and stall the child.
    while !open.isEmpty || writing >= 0 {
      if !exited, reap(pid, &status) {
        exited = true
        stopReading = clock.now + afterExit
      }
      if !exited, let deadline, clock.now >= deadline {
        kill(-pid, SIGKILL)
        timedOut = true
      }
      if let stopReading, clock.now >= stopReading { break }
      var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      if writing >= 0 { watched.append(pollfd(fd: writing, events: Int16(POLLOUT), revents: 0)) }
      // Wake now and then to notice the child's end and the limit: a pipe may never close.
      guard poll(&watched, nfds_t(watched.count), 100) >= 0 else {
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
    open.forEach { _ = close($0) }
    if writing >= 0 { close(writing) }
    if !exited {
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    // What the child left running in its group (a backtracer) ends with it.
    if limit != nil { kill(-pid, SIGKILL) }
    let signal = status & 0x7f
    var result = Result(status: (status >> 8) & 0xff, output: String(decoding: output, as: UTF8.self), errors: String(decoding: errors, as: UTF8.self))
    if signal != 0 {
      result.status = signal
      result.signal = signal
    }
    result.timedOut = timedOut
    return result
  }

  /// Whether `pid` has ended, its status then in `status`; does not wait.
  private static func reap(_ pid: pid_t, _ status: inout Int32) -> Bool {
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { return true }
      if reaped < 0 && errno == EINTR { continue }
      return false
    }
  }
}
