public import Foundation
public import Observation

/// A journal whose code reads the world the way ordinary app code does: `Date()` for a
/// timestamp, a `DateFormatter` for its label, `UUID()` for ids, `Int.random` for a dice roll,
/// and a `Set` for the tags. Under vmrepl every one of them comes out the same on every run and
/// every machine.
@MainActor @Observable
public final class JournalViewModel {
  public enum Action: Decodable {
    case add(text: String)
    case roll
    case clear
  }

  public struct Entry: Sendable {
    public let id: UUID
    public let text: String
    public let created: Date
  }

  public private(set) var entries: [Entry] = []
  public private(set) var updated = "never"
  public private(set) var roll: Int?
  /// Every word used, once: in whatever order the set gives.
  public private(set) var tags: [String] = []

  public init() {}

  public func send(_ action: Action) {
    switch action {
    case .add(let text):
      let now = Date()
      entries.append(Entry(id: UUID(), text: text, created: now))
      let formatter = DateFormatter()
      formatter.dateStyle = .medium
      formatter.timeStyle = .short
      updated = "Updated " + formatter.string(from: now)
      tags = Array(Set(entries.flatMap { $0.text.split(separator: " ").map(String.init) }))
    case .roll:
      roll = Int.random(in: 1...6)
    case .clear:
      entries = []
      tags = []
      updated = "never"
    }
  }
}
