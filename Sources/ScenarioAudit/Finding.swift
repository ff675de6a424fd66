/// What `audit` found: a bug, the evidence, and the scenario that fails while it is there.
package struct Finding: Sendable, Equatable, Codable {
  /// The kinds of finding, each an oracle that needs no specification.
  package enum Kind: String, Sendable, Codable, CaseIterable {
    /// The process trapped.
    case trap
    /// State a view observes written off the main thread.
    case offMainWrite = "off-main-write"
    /// Work still running or armed after the screen's cleanup and the model let go.
    case outlivesScreen = "outlives-screen"
    /// Quick actions end in a state no one-after-another order of them reaches.
    case lostUpdate = "lost-update"
    /// The final state depends on the order the answers arrive in.
    case answerOrder = "answer-order"
    /// A loading flag left set with nothing left running.
    case loadingLeftSet = "loading-left-set"
    /// The main thread blocked (a semaphore, a group, a lock) while other threads ran.
    case mainThreadBlocked = "main-thread-blocked"
    /// The model still alive after leaving, with nothing of its own running: a retain cycle.
    case notFreed = "not-freed"
    /// An action's task that nothing can resume once every answer came: a continuation nobody
    /// resumes on some path.
    case neverEnds = "never-ends"
    /// A write a quick double tap sent twice, the second before the first was answered.
    case writtenTwice = "written-twice"

    /// How the human report names it.
    package var title: String {
      switch self {
      case .trap: "trap"
      case .offMainWrite: "write off the main thread"
      case .outlivesScreen: "work outlives the screen"
      case .lostUpdate: "lost update"
      case .answerOrder: "answers out of order"
      case .loadingLeftSet: "loading flag left set"
      case .mainThreadBlocked: "main thread blocked"
      case .notFreed: "model not freed"
      case .neverEnds: "action never ends"
      case .writtenTwice: "same write twice"
      }
    }
  }

  package var model: String
  /// The Swift type's name.
  package var type: String
  package var kind: Kind
  /// One line: what happened.
  package var summary: String
  /// What vmrepl saw that shows it.
  package var evidence: String
  /// The app's code it points at, when known (`ArticlesViewModel.load() at Articles.swift:31`).
  package var source: String?
  /// What would make it a choice the app made on purpose rather than a bug.
  package var onPurpose: String?
  /// The scenario's path, once written.
  package var scenario: String
  /// The scenario's lines: the steps, the answers and the check that fails while the bug is there.
  package var lines: [String]
  /// What makes two findings the same bug (the kind and the property or action).
  package var key: String
  /// Where the plan found it (sequence, then probe): of two findings of one bug, the lower rank
  /// is kept, on one machine or across shards.
  package var rank: Int

  package init(
    model: String, type: String, kind: Kind, summary: String, evidence: String, source: String? = nil, onPurpose: String? = nil,
    scenario: String, lines: [String], key: String, rank: Int
  ) {
    self.model = model
    self.type = type
    self.kind = kind
    self.summary = summary
    self.evidence = evidence
    self.source = source
    self.onPurpose = onPurpose
    self.scenario = scenario
    self.lines = lines
    self.key = key
    self.rank = rank
  }
}

extension Finding {
  /// For a trap of a stand-in nobody answered (code Linux cannot build, standing in for a value
  /// no default gives): what it says (`the stand-in `Theme.tintColor` returns `Color` and nobody
  /// answered it: ...`). Such a trap is vmrepl's, not the app's: no finding.
  package var unansweredStandIn: String? {
    guard kind == .trap, let range = evidence.range(of: "vmrepl: the stand-in ") else { return nil }
    return "the stand-in " + evidence[range.upperBound...]
  }
}
