// Writes off the main thread as apps make them, each with what is true of the property written
// (issue 61): a `URLSession.shared.dataTask` completion handler that sets `@Published` state (on
// iOS it runs on the session's delegate queue: the most common way apps hit "Publishing changes
// from background threads is not allowed"), the same through a delegate, and a plain class's
// private counter that no view observes.
import Foundation
import Observation
import OpenCombine
import Scenario

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct Article: Decodable, Equatable, Sendable {
  let id: Int
  let title: String
}

/// A news list in the shape of many public apps before Swift Concurrency.
// Unchecked on purpose: the class reproduces the off-main write the checker reports; the
// simulation runs URLSession's handlers one at a time, so the race cannot corrupt memory here.
final class ArticleListViewModel: ObservableObject, @unchecked Sendable {
  @Published var articles: [Article] = []
  @Published var isLoading = false
  @Published var errorMessage: String?
  /// How many loads were made: plain state, which no view observes.
  private(set) var loadCount = 0

  func load() {
    isLoading = true
    let url = URL(string: "https://api.example.com/articles")!
    URLSession.shared.dataTask(with: url) { data, _, error in
      self.loadCount += 1
      if let error {
        self.errorMessage = error.localizedDescription
      } else if let data, let articles = try? JSONDecoder().decode([Article].self, from: data) {
        self.articles = articles
      }
      self.isLoading = false
    }.resume()
  }

  /// The fix: back to the main queue before touching state.
  func loadOnMain() {
    isLoading = true
    let url = URL(string: "https://api.example.com/articles")!
    URLSession.shared.dataTask(with: url) { data, _, _ in
      let articles = data.flatMap { try? JSONDecoder().decode([Article].self, from: $0) } ?? []
      DispatchQueue.main.async {
        self.articles = articles
        self.isLoading = false
      }
    }.resume()
  }
}

let articleList = ModelDefinition(
  "article-list", summary: "a dataTask completion handler that writes @Published state, and one that hops to main"
) { _ in
  ArticleListViewModel()
} describe: { model in
  model.action("load", "dataTask whose completion handler writes the @Published list", perform: { list, _ in list.load() })
  model.action("loadOnMain", "dataTask whose completion handler hops to the main queue", perform: { list, _ in list.loadOnMain() })
  model.show("articles", \.articles)
  model.show("isLoading", \.isLoading)
  model.show("errorMessage", \.errorMessage)
  model.show("loadCount", \.loadCount)
}

/// An `@Observable` settings screen that saves on a global queue and sets its flag there.
// Unchecked on purpose, as above: the write off main is what the checker reports.
@Observable
final class SyncStatus: @unchecked Sendable {
  var lastSynced: String = "never"
  @ObservationIgnored var attempts = 0

  func sync() {
    DispatchQueue.global().async {
      self.attempts += 1
      self.lastSynced = "just now"
    }
  }
}

let syncStatus = ModelDefinition("sync-status", summary: "an @Observable model written on a global queue") { _ in
  SyncStatus()
} describe: { model in
  model.action("sync", "write the tracked status and an ignored counter on a global queue", perform: { status, _ in status.sync() })
}

/// A search history kept by an actor, as NewsAppSwiftUI's `PlistDataStore` keeps it: the actor's
/// own state changes on its executor, isolated, which is no write off the main thread to warn of.
actor HistoryStore {
  private var saved: [String] = []

  func save(_ entry: String) { saved.append(entry) }
}

@MainActor
final class SearchHistoryViewModel {
  let store = HistoryStore()
  var lastSaved = ""

  func remember(_ entry: String) {
    lastSaved = entry
    Task { await store.save(entry) }
  }
}

let searchHistory = ModelDefinition("search-history", summary: "an actor that keeps the view-model's history") { _ in
  SearchHistoryViewModel()
} describe: { model in
  model.action("remember", "save an entry through the actor", parameters: [Parameter("entry", .string)]) { history, arguments in
    history.remember(arguments.string("entry"))
  }
}

/// A download screen that is its session's delegate, as apps that show progress are: the
/// delegate methods run on the session's own queue (`delegateQueue: nil`) and write state there.
// Unchecked on purpose, as above.
final class DownloadViewModel: NSObject, ObservableObject, URLSessionDataDelegate, @unchecked Sendable {
  @Published var receivedBytes = 0
  @Published var isFinished = false
  private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)

  func start() {
    session.dataTask(with: URL(string: "https://api.example.com/files/report.pdf")!).resume()
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    receivedBytes += data.count
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    isFinished = true
  }
}

let download = ModelDefinition("download", summary: "a URLSession delegate that writes @Published state on the session's queue") { _ in
  DownloadViewModel()
} describe: { model in
  model.action("start", "start a download whose delegate methods write the progress", perform: { download, _ in download.start() })
  model.show("receivedBytes", \.receivedBytes)
  model.show("isFinished", \.isFinished)
}
