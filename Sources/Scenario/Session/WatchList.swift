import Simulation
import Synchronization

/// The state paths `watch` follows: after every job, each path's value is read again, and a
/// change is reported with the job that made it and the virtual time.
final class WatchList: JobObserver {
  private struct Entry: Sendable {
    let path: String
    var last: StateValue?
  }

  private let entries = Mutex<[Entry]>([])
  private let sink: EventSink
  private let snapshot: @MainActor @Sendable () -> StateValue?
  private let describe: @MainActor @Sendable (ReadyJobInfo) -> String

  init(
    sink: EventSink, snapshot: @escaping @MainActor @Sendable () -> StateValue?,
    describe: @escaping @MainActor @Sendable (ReadyJobInfo) -> String
  ) {
    self.sink = sink
    self.snapshot = snapshot
    self.describe = describe
  }

  var paths: [String] { entries.guarded { $0.map(\.path) } }
  var isEmpty: Bool { entries.guarded { $0.isEmpty } }

  /// Follows `path`, whose value now is `value`.
  func add(_ path: String, value: StateValue) {
    entries.guarded { entries in
      entries.removeAll { $0.path == path }
      entries.append(Entry(path: path, last: value))
    }
  }

  func removeAll() { entries.guarded { $0.removeAll() } }

  func didRun(_ job: ReadyJobInfo) {
    // Called on the driving thread between jobs, which is the main actor's thread.
    MainActor.assumeIsolated { check(by: describe(job)) }
  }

  /// Reads each watched path again and reports what changed, as done by `by`.
  @MainActor
  func check(by: @autoclosure () -> String) {
    do {
      let current = entries.guarded { $0 }
      guard !current.isEmpty, let state = snapshot() else { return }
      var changed: [(index: Int, value: StateValue?)] = []
      for (index, entry) in current.enumerated() {
        let value = try? StatePath.resolve(entry.path, in: state, column: 1)
        guard value != entry.last else { continue }
        changed.append((index, value))
        sink.emit(.watchChanged(path: entry.path, from: Self.text(entry.last), to: Self.text(value), job: by()))
      }
      guard !changed.isEmpty else { return }
      entries.guarded { entries in
        for (index, value) in changed where index < entries.count { entries[index].last = value }
      }
    }
  }

  /// A value on one line, as `expect` shows it; `(none)` when the path no longer resolves.
  private static func text(_ value: StateValue?) -> String {
    guard let value else { return "(none)" }
    return StateRenderer.inline(value) ?? StateRenderer.render(value).split(separator: "\n").joined(separator: " ")
  }
}
