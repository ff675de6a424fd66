import CLibedit

internal import Platform

/// A line editor over libedit: prompt, persistent history, Tab completion, Ctrl-C and Ctrl-D.
@MainActor
final class LineEditor {
  /// What reading a line gave.
  enum Input: Equatable {
    case line(String)
    /// Ctrl-C at the prompt: the line was dropped.
    case interrupted
    /// Ctrl-D on an empty line, or the end of input.
    case endOfInput
  }

  /// What Tab does for the text before the cursor: the word being completed and its candidates.
  typealias Completer = (String) -> (word: String, candidates: [String])

  /// The editor libedit's C callbacks talk to; there is one terminal, so one editor at a time.
  static var active: LineEditor?

  private let editLine: OpaquePointer
  private let history: OpaquePointer
  private var event = HistEvent()
  private var promptText: UnsafeMutablePointer<CChar>
  private let output: UnsafeMutablePointer<FILE>
  private let historyFile: String?
  var completer: Completer?
  /// The one warning about the history file, if it could not be read or written.
  private(set) var historyWarning: String?

  /// An editor reading from standard input and drawing on `outputDescriptor`.
  init(program: String, outputDescriptor: Int32, historyFile: String?) {
    output = fdopen(dup(outputDescriptor), "w")
    editLine = el_init(program, fdopen(dup(0), "r"), output, fdopen(dup(2), "w"))
    history = history_init()
    promptText = strdup("> ")
    self.historyFile = historyFile
    vmrepl_history_set_size(history, &event, 1000)
    vmrepl_history_set_unique(history, &event, 1)
    vmrepl_el_set_history(editLine, history)
    vmrepl_el_set_editor(editLine, "emacs")
    vmrepl_el_set_prompt(editLine) { _ in LineEditor.promptForCallback }
    vmrepl_el_add_function(editLine, "vmrepl-complete", "complete the word before the cursor") { editLine, _ in
      MainActor.assumeIsolated { LineEditor.active?.complete(editLine) ?? UInt8(CC_ERROR) }
    }
    vmrepl_el_bind(editLine, "^I", "vmrepl-complete")
    el_source(editLine, nil)  // ~/.editrc, as every libedit program honours it
    loadHistory()
    LineEditor.active = self
    LineEditor.promptForCallback = promptText
  }

  /// Changes the prompt shown before the next line.
  func setPrompt(_ prompt: String) {
    free(promptText)
    promptText = strdup(prompt)
    LineEditor.promptForCallback = promptText
  }

  // Read only by libedit's prompt callback, which runs inside `el_gets` on the thread that
  // called `readLine()`, the same main thread that writes it in `setPrompt`.
  nonisolated(unsafe) static var promptForCallback: UnsafeMutablePointer<CChar>?

  /// Reads one line.
  func readLine() -> Input {
    var count: Int32 = 0
    errno = 0
    guard let bytes = el_gets(editLine, &count) else {
      return count == -1 && errno == EINTR ? .interrupted : (count == -1 && interruptedAtPrompt ? .interrupted : .endOfInput)
    }
    if interruptedAtPrompt {
      interruptedAtPrompt = false
      return .interrupted
    }
    var line = String(cString: bytes)
    if line.hasSuffix("\n") { line.removeLast() }
    return .line(line)
  }

  /// Set by the SIGINT handler's owner when Ctrl-C arrives while a line is being read.
  var interruptedAtPrompt = false

  /// Adds a line to the history and saves the history file.
  func remember(_ line: String) {
    guard !line.allSatisfy(\.isWhitespace) else { return }
    vmrepl_history_enter(history, &event, line)
    saveHistory()
  }

  /// Writes to the terminal the editor draws on.
  func write(_ text: String) {
    fputs(text, output)
    fflush(output)
  }

  // MARK: History file

  private func loadHistory() {
    guard let historyFile else { return }
    if access(historyFile, F_OK) != 0 { return }
    if vmrepl_history_load(history, &event, historyFile) < 0 {
      historyWarning = "warning: cannot read the history file \(historyFile); history is not kept"
    }
  }

  private func saveHistory() {
    guard let historyFile, historyWarning == nil else { return }
    // Created 0600 before libedit writes it: typed commands may hold secrets.
    let descriptor = open(historyFile, O_WRONLY | O_CREAT, 0o600)
    if descriptor >= 0 { close(descriptor) }
    if descriptor < 0 || vmrepl_history_save(history, &event, historyFile) < 0 {
      historyWarning = "warning: cannot write the history file \(historyFile); history is not kept"
      write(historyWarning! + "\n")
      return
    }
    chmod(historyFile, 0o600)
  }

  // MARK: Completion

  private func complete(_ editLine: OpaquePointer?) -> UInt8 {
    guard let editLine, let info = el_line(editLine), let completer else { return UInt8(CC_ERROR) }
    let length = info.pointee.cursor - info.pointee.buffer
    let before = String(decoding: UnsafeRawBufferPointer(start: info.pointee.buffer, count: length), as: UTF8.self)
    let (word, candidates) = completer(before)
    guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
    if candidates.count == 1 {
      let rest = String(candidates[0].dropFirst(word.count))
      let suffix = candidates[0].hasSuffix("/") ? "" : " "
      el_insertstr(editLine, rest + suffix)
      return UInt8(CC_REFRESH)
    }
    let common = commonPrefix(candidates)
    if common.count > word.count {
      el_insertstr(editLine, String(common.dropFirst(word.count)))
      return UInt8(CC_REFRESH)
    }
    write("\n" + candidates.joined(separator: "  ") + "\n")
    return UInt8(CC_REDISPLAY)
  }

  private func commonPrefix(_ words: [String]) -> String {
    guard var prefix = words.first else { return "" }
    for word in words.dropFirst() {
      while !word.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }
}

/// Where history is kept: `$VMREPL_HISTORY`, else `$XDG_STATE_HOME/vmrepl/history`, else
/// `~/.vmrepl_history`.
func historyFilePath() -> String? {
  let environment = { (name: String) -> String? in
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
  }
  if let explicit = environment("VMREPL_HISTORY") { return explicit }
  if let state = environment("XDG_STATE_HOME") {
    mkdir(state, 0o700)
    mkdir(state + "/vmrepl", 0o700)
    return state + "/vmrepl/history"
  }
  // HOME is the view-model's sandbox (CSimulationRuntime's sandbox/sandbox.c); the history is the user's.
  if let home = environment("VMREPL_REAL_HOME") ?? environment("HOME") { return home + "/.vmrepl_history" }
  return nil
}
