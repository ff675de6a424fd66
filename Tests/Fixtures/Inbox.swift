// A view-model whose actions are a Decodable enum, with every kind of associated value the
// command line writes, and one whose enum it cannot write.
import Scenario

@MainActor
final class Inbox {
  enum Sort: String, Decodable, CaseIterable { case newest, oldest, unread }

  enum Action: Decodable {
    case refresh
    case search(word: String, page: Int?)
    case select(Int)
    case sort(Sort)
    case mark(id: UInt8, read: Bool)
    case snooze(for: Duration, weight: Double)
    case archive(ids: [Int])
  }

  /// Work with an awaitable entry point.
  enum Job: Decodable { case wait(Duration) }
  /// Work handed back as a task.
  enum Background: Decodable { case ping(times: Int) }

  var log: [String] = []
  var sort = Sort.newest

  func run(_ job: Job) async throws {
    switch job {
    case .wait(let duration):
      try await Task.sleep(for: duration)
      log.append("waited \(duration)")
    }
  }

  func start(_ background: Background) -> Task<Void, Never> {
    switch background {
    case .ping(let times):
      return Task {
        for index in 1...max(times, 1) {
          try? await Task.sleep(for: .seconds(1))
          log.append("ping \(index)")
        }
      }
    }
  }

  func send(_ action: Action) {
    switch action {
    case .refresh: log.append("refresh")
    case .search(let word, let page): log.append("search \(word) page \(page.map(String.init) ?? "none")")
    case .select(let index): log.append("select \(index)")
    case .sort(let sort): self.sort = sort
    case .mark(let id, let read): log.append("mark \(id) read \(read)")
    case .snooze(let duration, let weight): log.append("snooze \(duration) weight \(weight)")
    case .archive(let ids): log.append("archive \(ids.map(String.init).joined(separator: " "))")
    }
  }
}

let inbox = ModelDefinition("inbox", summary: "actions from a Decodable enum") { _ in
  Inbox()
} describe: { model in
  model.actions(Inbox.Action.self, summaries: ["refresh": "reload the inbox"]) { inbox, action in inbox.send(action) }
  model.asyncActions(Inbox.Job.self) { inbox, job in try await inbox.run(job) }
  model.actions(Inbox.Background.self, tracking: { inbox, background in inbox.start(background) })
  model.show("history", \.log)
  model.show("sort", \.sort)
}

/// A payload the command line cannot write: a nested struct.
@MainActor
final class Drafts {
  struct Draft: Decodable { var title: String }
  enum Action: Decodable {
    case discard
    case save(Draft)
  }
  func send(_ action: Action) {}
}

let drafts = ModelDefinition("drafts", summary: "an action enum with a struct payload") { _ in
  Drafts()
} describe: { model in
  model.actions(Drafts.Action.self) { drafts, action in drafts.send(action) }
}
