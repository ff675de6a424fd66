import Foundation
import Simulation

/// `timeline`: the session so far as a picture, one row per effect and piece of background work
/// (and one for each scripted dependency's requests), one column per step of the history, so
/// that every start, end and cancellation sits under the step that caused it, with the virtual
/// time each step ended at.
///
/// Built from the steps' events alone, so it can be tested on values and drawn as text or SVG.
package struct TimelinePicture: Equatable {
  /// One column: a step of the history.
  package struct Column: Equatable {
    package var step: Int
    package var time: Duration
  }

  /// What a row shows in a column.
  package enum Mark: Equatable {
    case start, running, finished, cancelled, failed
    /// Started and ended in the same step.
    case startAndEnd(EffectStatus)
    case requestPending, requestAnswered, requestCancelled
    case blocked, offMainWrite, watched
  }

  /// One row: its label, and its mark in each column (nil: nothing).
  package struct Row: Equatable {
    package var label: String
    package var marks: [Mark?]
    /// Still running after the last column.
    package var continues = false
  }

  package var columns: [Column]
  package var rows: [Row]
  /// Steps left out at the start, when there are more than the picture shows.
  package var leftOut = 0

  /// The most steps a picture shows: the latest ones.
  package static let maxColumns = 24

  /// The picture of `steps` (number, the time it ended, its events), in order; `sources` are the
  /// steps' commands as typed, by which a piece of hidden work first reported at a later step (it
  /// ran beside an effect until then) starts at the step that started it.
  package init(steps: [(number: Int, time: Duration, events: [TimedEvent])], sources: [String] = []) {
    let shown = steps.suffix(Self.maxColumns)
    leftOut = steps.count - shown.count
    columns = shown.map { Column(step: $0.number, time: $0.time) }
    rows = []
    var rowIndex: [String: Int] = [:]
    func row(_ key: String, label: String) -> Int {
      if let index = rowIndex[key] { return index }
      rows.append(Row(label: label, marks: Array(repeating: nil, count: shown.count)))
      rowIndex[key] = rows.count - 1
      return rows.count - 1
    }
    // Rows of work that began before the first shown step still get their row.
    var openRows: Set<Int> = []
    for (stepIndex, step) in steps.enumerated() {
      let column = stepIndex - leftOut
      func mark(_ index: Int, _ mark: Mark) {
        guard column >= 0 else { return }
        rows[index].marks[column] = Self.combine(rows[index].marks[column], mark)
      }
      for timed in step.events {
        switch timed.event {
        case .effectStarted(let id, let action):
          let index = row("effect \(id)", label: "#\(id) \(action)")
          openRows.insert(index)
          mark(index, .start)
        case .effectEnded(let id, let action, let status, _):
          let index = row("effect \(id)", label: "#\(id) \(action)")
          openRows.remove(index)
          mark(index, Self.end(status))
        case .backgroundPending(let origin, _, _):
          let key = "work \(origin.command) \(origin.which ?? "")"
          if rowIndex[key] == nil {
            let index = row(key, label: "`\(origin.command)`" + (origin.which.map { " (\($0))" } ?? ""))
            openRows.insert(index)
            // The step that started it: the latest one up to here with its words.
            let started = sources.indices.last { $0 <= stepIndex && sources[$0] == origin.command } ?? stepIndex
            for earlier in started..<stepIndex where earlier - leftOut >= 0 {
              let at = earlier - leftOut
              rows[index].marks[at] = Self.combine(rows[index].marks[at], earlier == started ? .start : .running)
            }
            mark(index, started == stepIndex ? .start : .running)
          }
        case .backgroundEnded(let origin):
          let key = "work \(origin.command) \(origin.which ?? "")"
          let index = row(key, label: "`\(origin.command)`" + (origin.which.map { " (\($0))" } ?? ""))
          openRows.remove(index)
          rowIndex[key] = nil  // the same words later are new work
          mark(index, .finished)
        case .requestPending(let dependency, _, _):
          mark(row("requests \(dependency)", label: "\(dependency) requests"), .requestPending)
        case .requestAnswered(let dependency, _, _):
          mark(row("requests \(dependency)", label: "\(dependency) requests"), .requestAnswered)
        case .requestCancelled(let dependency, _):
          mark(row("requests \(dependency)", label: "\(dependency) requests"), .requestCancelled)
        case .mainThreadBlocked:
          mark(row("main blocked", label: "main thread blocked"), .blocked)
        case .offMainWrite:
          mark(row("off main", label: "writes off the main thread"), .offMainWrite)
        case .watchChanged(let path, _, _, _):
          mark(row("watch \(path)", label: "`\(path)` changed"), .watched)
        case .printed, .logged, .warning, .timeMoved, .note, .modelStarted, .departure:
          break
        }
      }
      // Work still open runs through this step.
      if column >= 0 {
        for index in openRows where rows[index].marks[column] == nil { rows[index].marks[column] = .running }
      }
    }
    for index in openRows { rows[index].continues = true }
  }

  private static func end(_ status: EffectStatus) -> Mark {
    switch status {
    case .finished, .running: return .finished
    case .cancelled: return .cancelled
    case .failed: return .failed
    }
  }

  /// Two marks in one column: a start and an end make one mark; otherwise the later one wins.
  private static func combine(_ old: Mark?, _ new: Mark) -> Mark {
    switch (old, new) {
    case (.start?, .finished): return .startAndEnd(.finished)
    case (.start?, .cancelled): return .startAndEnd(.cancelled)
    case (.start?, .failed): return .startAndEnd(.failed)
    default: return new
    }
  }

  // MARK: Text

  /// The picture in Unicode box drawing, for the terminal and transcripts.
  package var lines: [String] {
    guard !columns.isEmpty else { return ["timeline: no step yet (`use MODEL` starts a session)"] }
    let times = columns.map { Self.compact($0.time) }
    let width = max(3, (columns.map { String($0.step).count } + times.map(\.count)).max() ?? 3) + 1
    let labels = rows.map { Self.shortened($0.label) }
    let labelWidth = max(6, labels.map(\.count).max() ?? 0) + 2
    func cell(_ text: String) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    var lines = [
      "timeline: steps \(columns.first!.step) to \(columns.last!.step), \(Self.compact(columns.first!.time)) to \(Self.compact(columns.last!.time))"
        + (leftOut > 0 ? " (the \(leftOut) step\(leftOut == 1 ? "" : "s") before are left out)" : "")
    ]
    lines.append("step".padding(to: labelWidth) + columns.map { cell(String($0.step)) }.joined())
    lines.append("time".padding(to: labelWidth) + times.map(cell).joined())
    for (row, label) in zip(rows, labels) {
      var text = label.padding(to: labelWidth)
      for (index, mark) in row.marks.enumerated() {
        let filled = index > 0 && Self.runs(into: mark) && Self.runsOn(row.marks[index - 1])
        let fill = filled ? "━" : " "
        text += String(repeating: fill, count: width - 2) + Self.symbols(mark, filled: filled)
      }
      if row.continues { text += "▶" }
      lines.append(text.trailingSpacesRemoved)
    }
    lines.append(
      "● start  ━ running  ✔ finished  ✖ cancelled  ! failed  ▶ still running  ◆ request  ◇ answered  ■ main thread blocked  ⚠ written off main  ✎ watched path changed"
    )
    return lines
  }

  /// Whether a mark is part of a bar that came from the left.
  private static func runs(into mark: Mark?) -> Bool {
    switch mark {
    case .running?, .finished?, .cancelled?, .failed?: return true
    default: return false
    }
  }

  /// Whether a bar goes on to the right of a mark.
  private static func runsOn(_ mark: Mark?) -> Bool {
    switch mark {
    case .start?, .running?: return true
    default: return false
    }
  }

  /// The last two characters of a cell.
  private static func symbols(_ mark: Mark?, filled: Bool) -> String {
    let bar = filled ? "━" : " "
    switch mark {
    case nil: return "  "
    case .start?: return " ●"
    case .running?: return "━━"
    case .finished?: return bar + "✔"
    case .cancelled?: return bar + "✖"
    case .failed?: return bar + "!"
    case .startAndEnd(let status)?: return "●" + (status == .cancelled ? "✖" : status == .failed ? "!" : "✔")
    case .requestPending?: return " ◆"
    case .requestAnswered?: return " ◇"
    case .requestCancelled?: return " ✖"
    case .blocked?: return " ■"
    case .offMainWrite?: return " ⚠"
    case .watched?: return " ✎"
    }
  }

  /// `2s`, `0.5s`, `1.25s`: virtual time without trailing zeros, for narrow columns.
  static func compact(_ time: Duration) -> String {
    var text = time.secondsText
    guard text.hasSuffix("s"), text.contains(".") else { return text }
    text.removeLast()
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text + "s"
  }

  private static func shortened(_ label: String) -> String {
    label.count <= 32 ? label : String(label.prefix(31)) + "…"
  }

  // MARK: SVG

  /// The same picture as an SVG document: a bar per row across the step columns.
  package var svg: String {
    let columnWidth = 56, rowHeight = 24, labelWidth = 260, top = 56
    let width = labelWidth + columnWidth * max(1, columns.count) + 40
    let height = top + rowHeight * rows.count + 24
    var parts = [
      ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="\##(height)" font-family="Menlo, monospace" font-size="12">"##,
      ##"<rect width="100%" height="100%" fill="white"/>"##,
    ]
    func x(_ column: Int) -> Int { labelWidth + columnWidth * column + columnWidth / 2 }
    for (index, column) in columns.enumerated() {
      parts.append(##"<text x="\##(x(index))" y="20" text-anchor="middle">\##(column.step)</text>"##)
      parts.append(##"<text x="\##(x(index))" y="38" text-anchor="middle" fill="#666">\##(Self.compact(column.time))</text>"##)
      parts.append(##"<line x1="\##(x(index))" y1="44" x2="\##(x(index))" y2="\##(height - 16)" stroke="#eee"/>"##)
    }
    parts.append(##"<text x="8" y="20">step</text><text x="8" y="38" fill="#666">time</text>"##)
    for (rowIndex, row) in rows.enumerated() {
      let y = top + rowHeight * rowIndex + rowHeight / 2
      parts.append(##"<text x="8" y="\##(y + 4)">\##(Self.escaped(row.label))</text>"##)
      var start: Int?
      for (index, mark) in row.marks.enumerated() {
        switch mark {
        case .start?: start = index
        case .finished?, .cancelled?, .failed?:
          let from = start.map(x) ?? labelWidth
          parts.append(Self.bar(from: from, to: x(index), y: y, colour: Self.colour(mark!)))
          start = nil
        default: break
        }
        if let mark { parts.append(Self.symbol(mark, x: x(index), y: y)) }
      }
      if row.continues || start != nil {
        let from = start.map(x) ?? labelWidth
        parts.append(Self.bar(from: from, to: width - 24, y: y, colour: "#4a7bd0"))
      }
    }
    parts.append("</svg>")
    return parts.joined(separator: "\n") + "\n"
  }

  private static func bar(from: Int, to: Int, y: Int, colour: String) -> String {
    ##"<rect x="\##(from)" y="\##(y - 4)" width="\##(max(2, to - from))" height="8" rx="4" fill="\##(colour)" opacity="0.5"/>"##
  }

  private static func colour(_ mark: Mark) -> String {
    switch mark {
    case .cancelled, .startAndEnd(.cancelled): return "#e0a030"
    case .failed, .startAndEnd(.failed): return "#d04040"
    default: return "#40a060"
    }
  }

  private static func symbol(_ mark: Mark, x: Int, y: Int) -> String {
    let (text, colour): (String, String)
    switch mark {
    case .start: (text, colour) = ("●", "#4a7bd0")
    case .running: return ""
    case .finished, .startAndEnd(.finished), .startAndEnd(.running): (text, colour) = ("✔", "#40a060")
    case .cancelled, .startAndEnd(.cancelled): (text, colour) = ("✖", "#e0a030")
    case .failed, .startAndEnd(.failed): (text, colour) = ("!", "#d04040")
    case .requestPending: (text, colour) = ("◆", "#4a7bd0")
    case .requestAnswered: (text, colour) = ("◇", "#40a060")
    case .requestCancelled: (text, colour) = ("✖", "#e0a030")
    case .blocked: (text, colour) = ("■", "#d04040")
    case .offMainWrite: (text, colour) = ("⚠", "#d04040")
    case .watched: (text, colour) = ("✎", "#4a7bd0")
    }
    return ##"<text x="\##(x)" y="\##(y + 4)" text-anchor="middle" fill="\##(colour)">\##(text)</text>"##
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}

extension String {
  fileprivate var trailingSpacesRemoved: String {
    var text = self
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }
}
