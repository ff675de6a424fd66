// Bugs apps ship that `audit` missed (issue 72), each written as apps write it, beside a correct
// twin: a count read before an `await` and written back after it, a spinner a failed load leaves
// on (a plain settable `@Published var`), and a model whose `init` traps on an empty list.
import Foundation
import Synchronization
import OpenCombine
import Scenario

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A basket badge: `add` reserves the item (a short wait), then counts it from what it read
/// before the wait, so two quick taps count one.
@MainActor
final class BasketViewModel: ObservableObject {
  @Published var count = 0
  /// The twin counts what is there after the wait.
  let countsAfterWait: Bool

  init(countsAfterWait: Bool) {
    self.countsAfterWait = countsAfterWait
  }

  func add() async {
    if countsAfterWait {
      try? await Task.sleep(for: .milliseconds(200))
      count += 1
      return
    }
    let current = count
    try? await Task.sleep(for: .milliseconds(200))
    count = current + 1
  }
}

struct Headline: Decodable, Sendable {
  let title: String
}

/// A news list: `refresh` sets the spinner, loads, and resets it only on success.
@MainActor
final class HeadlinesViewModel: ObservableObject {
  @Published var isLoading = false
  @Published var headlines: [String] = []
  @Published var errorMessage: String?
  /// The twin resets the spinner whatever happens.
  let resetsOnFailure: Bool

  init(resetsOnFailure: Bool) {
    self.resetsOnFailure = resetsOnFailure
  }

  func refresh() async {
    isLoading = true
    if resetsOnFailure {
      defer { isLoading = false }
      await load()
      return
    }
    await load()
    if errorMessage == nil { isLoading = false }
  }

  private func load() async {
    do {
      let (data, _) = try await URLSession.shared.data(from: URL(string: "https://news.example/api/headlines")!)
      headlines = try JSONDecoder().decode([Headline].self, from: data).map(\.title)
      errorMessage = nil
    } catch {
      errorMessage = "Could not load the news"
    }
  }
}

/// A pager over the pages of a document: its `init` makes `0...pageCount - 1`, which traps when
/// there is no page.
@MainActor
final class PagerViewModel: ObservableObject {
  @Published var pages: [Int]
  @Published var current = 0

  init(pageCount: Int, guarded: Bool) {
    pages = guarded && pageCount == 0 ? [] : Array(0...pageCount - 1)
  }

  func next() {
    guard current + 1 < pages.count else { return }
    current += 1
  }
}

let basket = ModelDefinition("basket", summary: "a badge count read before a wait and written back after it") { _ in
  BasketViewModel(countsAfterWait: false)
} describe: { model in
  model.asyncAction("add", "add() async", perform: { basket, _ in await basket.add() })
  // As adopt writes it from the cart's view: `Button("Add to basket") { Task { await viewModel.add() } }`.
  model.reachedBy("add", ["the \"Add to basket\" button (BasketView.swift:14)"])
}

let safeBasket = ModelDefinition("safe-basket", summary: "the basket counting after its wait") { _ in
  BasketViewModel(countsAfterWait: true)
} describe: { model in
  model.asyncAction("add", "add() async", perform: { basket, _ in await basket.add() })
}

let headlines = ModelDefinition("headlines", summary: "a spinner a failed refresh leaves on") { _ in
  HeadlinesViewModel(resetsOnFailure: false)
} describe: { model in
  model.asyncAction("refresh", "refresh() async", perform: { news, _ in await news.refresh() })
  model.property("isLoading", \.isLoading)
}

let safeHeadlines = ModelDefinition("safe-headlines", summary: "the spinner reset whatever happens") { _ in
  HeadlinesViewModel(resetsOnFailure: true)
} describe: { model in
  model.asyncAction("refresh", "refresh() async", perform: { news, _ in await news.refresh() })
  model.property("isLoading", \.isLoading)
}

let pager = ModelDefinition("pager", summary: "an init that traps on a document with no page") { _ in
  PagerViewModel(pageCount: 0, guarded: false)
} describe: { model in
  model.action("next", "next()", perform: { pager, _ in pager.next() })
}

let safePager = ModelDefinition("safe-pager", summary: "the pager guarding an empty document") { _ in
  PagerViewModel(pageCount: 0, guarded: true)
} describe: { model in
  model.action("next", "next()", perform: { pager, _ in pager.next() })
}

/// A photo list that keeps a cache in a plain `private var`, filled on a global queue while its
/// main-thread code reads it: no view is told, nothing warns on a device, and the two race.
/// `@unchecked Sendable` on purpose: the race is the bug under test.
final class PhotoListViewModel: ObservableObject, @unchecked Sendable {
  @Published var shown = 0
  private var cache: [String: Int] = [:]
  /// The twin fills its cache on the main queue.
  let fillsOnMain: Bool

  init(fillsOnMain: Bool) {
    self.fillsOnMain = fillsOnMain
  }

  func load() {
    DispatchQueue.global().async {
      let decoded = ["cover": 1, "back": 2]
      if self.fillsOnMain {
        DispatchQueue.main.async {
          self.cache.merge(decoded) { $1 }
          self.shown = self.cache.count
        }
        return
      }
      self.cache.merge(decoded) { $1 }
      DispatchQueue.main.async { self.shown = self.cache.count }
    }
  }
}

let photoList = ModelDefinition("photo-list", summary: "a plain cache filled off the main thread") { _ in
  PhotoListViewModel(fillsOnMain: false)
} describe: { model in
  model.action("load", "load()", perform: { photos, _ in photos.load() })
}

let safePhotoList = ModelDefinition("safe-photo-list", summary: "the cache filled on the main queue") { _ in
  PhotoListViewModel(fillsOnMain: true)
} describe: { model in
  model.action("load", "load()", perform: { photos, _ in photos.load() })
}

/// A search field's pipeline, as ACHNBrowserUI's categories search writes it: every keystroke
/// raises the spinner, a debounce, then `removeDuplicates` and an empty-text filter drop what
/// would bring it down. The twin lowers it for what the pipeline drops too.
@MainActor
final class CategorySearchViewModel: ObservableObject {
  @Published var searchText = ""
  @Published var results: [String] = []
  @Published var isLoadingData = false
  private var cancellable: AnyCancellable?

  init(lowersDropped: Bool) {
    // The pipeline runs on the main queue (the debounce's scheduler, `@Published`'s writes).
    cancellable = $searchText
      .handleEvents(receiveOutput: { [weak self] _ in
        DispatchQueue.main.async { MainActor.assumeIsolated { self?.isLoadingData = true } }
      })
      .debounce(for: .milliseconds(500), scheduler: DispatchQueue.main.ocombine)
      .removeDuplicates { [weak self] old, new in
        guard old == new else { return false }
        if lowersDropped { MainActor.assumeIsolated { self?.isLoadingData = false } }
        return true
      }
      .filter { [weak self] text in
        if text.isEmpty, lowersDropped { MainActor.assumeIsolated { self?.isLoadingData = false } }
        return !text.isEmpty
      }
      .map { text in ["\(text) 1", "\(text) 2"] }
      .sink { [weak self] found in
        MainActor.assumeIsolated {
          self?.results = found
          self?.isLoadingData = false
        }
      }
  }
}

let categorySearch = ModelDefinition("category-search", summary: "a spinner the pipeline's removeDuplicates leaves up") { _ in
  CategorySearchViewModel(lowersDropped: false)
} describe: { model in
  model.property("searchText", \.searchText)
}

let safeCategorySearch = ModelDefinition("safe-category-search", summary: "the spinner lowered for dropped text too") { _ in
  CategorySearchViewModel(lowersDropped: true)
} describe: { model in
  model.property("searchText", \.searchText)
}

/// A news search as NewsAppSwiftUI writes it: `searchArticle()` clears the phase (its view shows
/// a spinner for `.empty` while the query is not empty), awaits the request, and drops an answer
/// to a query the user has since typed on, so the spinner stays up until the next submit. The
/// twin shows the answer to what was searched.
@MainActor
final class NewsSearchViewModel: ObservableObject {
  enum Phase: Equatable {
    case empty
    case success([String])
    case failure(String)
  }

  @Published var phase = Phase.empty
  @Published var searchQuery = ""
  let dropsEdited: Bool

  init(dropsEdited: Bool) {
    self.dropsEdited = dropsEdited
  }

  func searchArticle() async {
    let query = searchQuery.trimmingCharacters(in: .whitespaces)
    phase = .empty
    if query.isEmpty { return }
    do {
      let (data, _) = try await URLSession.shared.data(from: URL(string: "https://news.example/api/headlines?q=\(query)")!)
      let articles = try JSONDecoder().decode([Headline].self, from: data).map(\.title)
      if dropsEdited, query != searchQuery.trimmingCharacters(in: .whitespaces) { return }
      phase = .success(articles)
    } catch {
      if dropsEdited, query != searchQuery.trimmingCharacters(in: .whitespaces) { return }
      phase = .failure("Could not search")
    }
  }
}

let newsSearch = ModelDefinition("news-search", summary: "an answer to an edited query dropped, the spinner left up") { _ in
  NewsSearchViewModel(dropsEdited: true)
} describe: { model in
  model.asyncAction("searchArticle", "searchArticle() async", perform: { search, _ in await search.searchArticle() })
  model.property("searchQuery", \.searchQuery)
  // As adopt writes them from a search tab's `.searchable(text: $searchVM.searchQuery)` and
  // `.onSubmit(of: .search) { Task { await searchVM.searchArticle() } }`.
  model.reachedBy("searchQuery", ["the search field (SearchTabView.swift:24)"])
  model.reachedBy("searchArticle", ["submitting the text (SearchTabView.swift:25)"])
}

let safeNewsSearch = ModelDefinition("safe-news-search", summary: "the answer to what was searched shown") { _ in
  NewsSearchViewModel(dropsEdited: false)
} describe: { model in
  model.asyncAction("searchArticle", "searchArticle() async", perform: { search, _ in await search.searchArticle() })
  model.property("searchQuery", \.searchQuery)
}

/// App-wide state behind a singleton, as a cache manager keeps it: whatever one screen's model
/// leaves in it, another screen's model reads.
@MainActor
final class VisitLog {
  static let shared = VisitLog()
  var visits = 0
}

/// A screen that counts visits in the app-wide log.
@MainActor
final class VisitsViewModel: ObservableObject {
  @Published var visits = 0

  func visit() {
    VisitLog.shared.visits += 1
    visits = VisitLog.shared.visits
  }
}

/// A screen that shows a spinner while the log is busy, and clears it when it is quiet: a model
/// audited after `visits` in the same process would see a busy log its own actions never made.
@MainActor
final class BusyBadgeViewModel: ObservableObject {
  @Published var isLoading = false

  func check() {
    isLoading = VisitLog.shared.visits > 2
  }
}

let visits = ModelDefinition("visits", summary: "counts visits in an app-wide singleton") { _ in
  VisitsViewModel()
} describe: { model in
  model.action("visit", "visit()", perform: { screen, _ in screen.visit() })
}

let busyBadge = ModelDefinition("busy-badge", summary: "reads the app-wide singleton another screen writes") { _ in
  BusyBadgeViewModel()
} describe: { model in
  model.action("check", "check()", perform: { badge, _ in badge.check() })
}

/// An episode loader as pocket-casts writes one: an "async" load whose
/// `withCheckedContinuation` body runs on the main actor and makes a synchronous request, a
/// `URLSession` task waited for on a semaphore. The twin awaits the request.
@MainActor
final class EpisodeLoaderViewModel: ObservableObject {
  @Published var title = ""
  private let waitsOnSemaphore: Bool

  init(waitsOnSemaphore: Bool) { self.waitsOnSemaphore = waitsOnSemaphore }

  func load() async {
    let url = URL(string: "https://api.example.com/episodes/1")!
    if waitsOnSemaphore {
      title = await withCheckedContinuation { continuation in
        continuation.resume(returning: Self.sendSynchronousRequest(url))
      }
    } else {
      let data = try? await URLSession.shared.data(from: url).0
      title = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
  }

  /// The helper apps keep from before async/await: a data task, waited for.
  nonisolated static func sendSynchronousRequest(_ url: URL) -> String {
    let semaphore = DispatchSemaphore(value: 0)
    let received = LockedText()
    URLSession.shared.dataTask(with: url) { data, _, _ in
      received.set(data.map { String(decoding: $0, as: UTF8.self) } ?? "")
      semaphore.signal()
    }.resume()
    _ = semaphore.wait(timeout: .now() + 10)
    return received.get()
  }
}

/// A string behind a lock, for the completion handler's thread and the waiting one.
final class LockedText: Sendable {
  private let text = Mutex("")
  func set(_ value: String) { text.withLock { $0 = value } }
  func get() -> String { text.withLock { $0 } }
}

let episodeLoader = ModelDefinition("episode-loader", summary: "a request waited for on a semaphore, on the main actor") { _ in
  EpisodeLoaderViewModel(waitsOnSemaphore: true)
} describe: { model in
  model.asyncAction("load", "load() async", perform: { loader, _ in await loader.load() })
}

let safeEpisodeLoader = ModelDefinition("safe-episode-loader", summary: "the request awaited") { _ in
  EpisodeLoaderViewModel(waitsOnSemaphore: false)
} describe: { model in
  model.asyncAction("load", "load() async", perform: { loader, _ in await loader.load() })
}

/// The collection every list screen reads, as ACHNBrowserUI's `UserCollection` is: an app-wide
/// object whose `@Published` lists the screens subscribe to.
@MainActor
final class ChoreCollection: ObservableObject {
  static let shared = ChoreCollection()
  @Published var chores = ["water the flowers", "feed the cat"]
}

/// A list screen's model, as ACHNBrowserUI's `ChoreListViewModel` writes it: its `init`
/// subscribes to the collection with a `sink` that captures `self` strongly and is kept in
/// `self.cancellable`, so the collection's subject keeps the model alive after its screen goes.
/// The twin captures `self` weakly.
@MainActor
final class ChoreListViewModel: ObservableObject {
  @Published var chores: [String] = []
  private var cancellable: AnyCancellable?

  init(capturesWeakly: Bool) {
    if capturesWeakly {
      cancellable = ChoreCollection.shared.$chores.sink { [weak self] chores in self?.chores = chores }
    } else {
      cancellable = ChoreCollection.shared.$chores.sink { chores in self.chores = chores }
    }
  }

  func complete(_ chore: String) {
    ChoreCollection.shared.chores.removeAll { $0 == chore }
  }
}

/// Settings the app keeps for its whole life (`static let shared`): alive after any screen goes,
/// on purpose.
@MainActor
final class AppSettingsModel: ObservableObject {
  static let shared = AppSettingsModel()
  @Published var darkMode = false
  func toggleDarkMode() { darkMode.toggle() }
}

let choreList = ModelDefinition("chore-list", summary: "a sink that captures self strongly, kept by the model") { _ in
  ChoreListViewModel(capturesWeakly: false)
} describe: { model in
  model.action("complete", "complete(_:)", perform: { list, _ in list.complete("feed the cat") })
}

let safeChoreList = ModelDefinition("safe-chore-list", summary: "the sink captures self weakly") { _ in
  ChoreListViewModel(capturesWeakly: true)
} describe: { model in
  model.action("complete", "complete(_:)", perform: { list, _ in list.complete("feed the cat") })
}

let appSettings = ModelDefinition("app-settings", summary: "an instance the app keeps on purpose") { _ in
  AppSettingsModel.shared
} describe: { model in
  model.action("toggleDarkMode", "toggleDarkMode()", perform: { settings, _ in settings.toggleDarkMode() })
}

/// A form that saves a moment after its button (`asyncAfter`, capturing `self`): the closure
/// holds the model when the screen goes, and lets it go when it has run. Not a leak.
@MainActor
final class LateSaveViewModel: ObservableObject {
  @Published var saved = false
  func save() {
    DispatchQueue.main.asyncAfter(deadline: .now() + 5) { MainActor.assumeIsolated { self.saved = true } }
  }
}

let lateSave = ModelDefinition("late-save", summary: "a closure holds the model a few seconds after its screen goes") { _ in
  LateSaveViewModel()
} describe: { model in
  model.action("save", "save()", perform: { form, _ in form.save() })
}

/// The app's board of errands every screen reads, as ACHNBrowserUI's `UserCollection`: its
/// lists are other screens' rows.
@MainActor
final class ErrandBoard {
  static let shared = ErrandBoard()
  var templates = ["water the flowers", "feed the cat", "sweep"]
}

/// A list that starts empty, its rows the user's, as ACHNBrowserUI's chore list is with its
/// collection stood in: `remove(at:)` reads the row it is given, as a view's `onDelete` only
/// gives the index of a row it shows. Sent past the end, it traps where no user can; the
/// board's templates it holds are no rows of this screen.
@MainActor
final class ErrandListViewModel: ObservableObject {
  @Published var errands: [String] = []
  let board = ErrandBoard.shared
  func add() { errands.append("errand \(errands.count + 1)") }
  func remove(at index: Int) {
    let removed = errands[index]
    errands.removeAll { $0 == removed }
  }
}

let errandList = ModelDefinition("errand-list", summary: "rows removed by the index a shown row gives") { _ in
  ErrandListViewModel()
} describe: { model in
  model.action("add", "add()", perform: { list, _ in list.add() })
  model.action("remove", "remove(at:)", parameters: [Parameter("index", .int)]) { list, arguments in
    list.remove(at: arguments.int("index"))
  }
}

/// One post of an author, as a Mastodon client decodes it.
struct AuthorPost: Decodable, Sendable {
  let id: String
  let content: String
}

/// An author's posts, as a profile screen loads them when the user picks another author: each
/// pick awaits `GET /api/authors/ID/posts` and shows what comes back, so an older pick's answer
/// arriving last shows the wrong author's posts. Both paths end in `posts`, and their ids are
/// numbers: only answers that differ by route show it. The twin drops an answer to a pick the
/// user has since changed.
@MainActor
final class AuthorPostsViewModel: ObservableObject {
  @Published var authorID = 0
  @Published var posts: [AuthorPost] = []
  let dropsStale: Bool

  init(dropsStale: Bool) {
    self.dropsStale = dropsStale
  }

  func showAuthor(id: Int) async {
    authorID = id
    do {
      let (data, _) = try await URLSession.shared.data(from: URL(string: "https://news.example/api/authors/\(id)/posts")!)
      let page = try JSONDecoder().decode([AuthorPost].self, from: data)
      if dropsStale, id != authorID { return }
      posts = page
    } catch {
      posts = []
    }
  }
}

let authorPosts = ModelDefinition("author-posts", summary: "an older author's posts shown after a newer pick") { _ in
  AuthorPostsViewModel(dropsStale: false)
} describe: { model in
  model.asyncAction("showAuthor", "showAuthor(id:) async", parameters: [Parameter("id", .int)]) { posts, arguments in
    await posts.showAuthor(id: arguments.int("id"))
  }
}

let safeAuthorPosts = ModelDefinition("safe-author-posts", summary: "the posts of the author picked last") { _ in
  AuthorPostsViewModel(dropsStale: true)
} describe: { model in
  model.asyncAction("showAuthor", "showAuthor(id:) async", parameters: [Parameter("id", .int)]) { posts, arguments in
    await posts.showAuthor(id: arguments.int("id"))
  }
}

/// A page of search results as a movie database answers it: which page, how many pages, and
/// the page's results.
struct MoviePage: Decodable, Sendable {
  let page: Int
  let totalPages: Int
  let results: [MovieResult]

  enum CodingKeys: String, CodingKey {
    case page
    case totalPages = "total_pages"
    case results
  }
}

/// One movie of a page.
struct MovieResult: Decodable, Sendable {
  let id: Int
  let title: String
}

/// A movie search with a page picker: it shows the results and the pages `1...totalPages`,
/// which traps when the server answers a search with no pages (`"total_pages": 0`). The twin
/// shows no picker then.
@MainActor
final class MoviePagesViewModel: ObservableObject {
  @Published var titles: [String] = []
  @Published var pages: [Int] = []
  let guardsNoPages: Bool

  init(guardsNoPages: Bool) {
    self.guardsNoPages = guardsNoPages
  }

  func search() async {
    do {
      let (data, _) = try await URLSession.shared.data(from: URL(string: "https://movies.example/3/search/movie?query=swift")!)
      let page = try JSONDecoder().decode(MoviePage.self, from: data)
      titles = page.results.map(\.title)
      if guardsNoPages, page.totalPages < 1 {
        pages = []
        return
      }
      pages = Array(1...page.totalPages)
    } catch {
      titles = []
    }
  }
}

let moviePages = ModelDefinition("movie-pages", summary: "a page picker that traps on a search with no pages") { _ in
  MoviePagesViewModel(guardsNoPages: false)
} describe: { model in
  model.asyncAction("search", "search() async", perform: { movies, _ in await movies.search() })
}

let safeMoviePages = ModelDefinition("safe-movie-pages", summary: "no page picker for a search with no pages") { _ in
  MoviePagesViewModel(guardsNoPages: true)
} describe: { model in
  model.asyncAction("search", "search() async", perform: { movies, _ in await movies.search() })
}

/// A movie as a detail screen shows it.
struct MovieDetail: Decodable, Sendable {
  let id: Int
  let title: String
}

/// A movie's detail screen, as SwiftUI-MovieDB writes it: `loadMovie` asks for the movie it
/// shows by its id, and shows the answer, whose id the next load asks for. No bug: two loads
/// one after another ask for `/movie/0`, then for the id the first answer gave; two quick ones
/// both for `/movie/0`, and either way the screen shows the movie.
@MainActor
final class MovieDetailViewModel: ObservableObject {
  @Published var movie = MovieDetail(id: 0, title: "")

  func loadMovie() async {
    guard let (data, _) = try? await URLSession.shared.data(from: URL(string: "https://movies.example/3/movie/\(movie.id)")!),
      let loaded = try? JSONDecoder().decode(MovieDetail.self, from: data)
    else { return }
    movie = loaded
  }
}

let movieDetail = ModelDefinition("movie-detail", summary: "a movie loaded again by the id its last answer gave") { _ in
  MovieDetailViewModel()
} describe: { model in
  model.asyncAction("loadMovie", "loadMovie() async", perform: { detail, _ in await detail.loadMovie() })
}

/// A poll as a Mastodon server answers it, to a fetch and to a vote alike.
struct StatusPoll: Decodable, Sendable {
  struct Option: Decodable, Sendable {
    let title: String
    let votesCount: Int?
  }
  let id: String
  let expired: Bool
  let multiple: Bool
  let votesCount: Int
  let options: [Option]
  let ownVotes: [Int]?
}

/// A status's poll, as IceCubesApp's `StatusPollViewModel` has it: the row fetches the poll
/// when it appears and the user votes, each awaiting the server and showing the poll it answers
/// with. A fetch sent before the vote and answered after it puts the poll as it was before the
/// vote back on screen, the user's own vote gone. Its `guard !poll.expired` stops a vote on a
/// poll the server says is over. The twin drops a fetch's answer once a vote was sent after it.
@MainActor
final class StatusPollViewModel: ObservableObject {
  @Published var poll: StatusPoll
  @Published var votes: [Int] = []
  @Published var showResults = false
  let dropsStale: Bool
  private var votesSent = 0

  init(dropsStale: Bool) {
    self.dropsStale = dropsStale
    poll = StatusPoll(id: "1", expired: false, multiple: false, votesCount: 0, options: [.init(title: "Yes", votesCount: 0)], ownVotes: nil)
  }

  func fetchPoll() async {
    let sentAfter = votesSent
    do {
      let (data, _) = try await URLSession.shared.data(from: URL(string: "https://mastodon.example/api/v1/polls/\(poll.id)")!)
      let fetched = try JSONDecoder().decode(StatusPoll.self, from: data)
      if dropsStale, votesSent != sentAfter { return }
      poll = fetched
      showResults = poll.ownVotes?.isEmpty == false || poll.expired
      votes = poll.ownVotes ?? []
    } catch {}
  }

  /// An option tapped: the vote `postVotes` sends.
  func select(option: Int) { votes = [option] }

  func postVotes() async {
    guard !poll.expired else { return }
    votesSent += 1
    // The choices go in the query, as IceCubesApp's `Polls.vote(id:votes:)` writes them: after
    // an answer, they are the poll's `ownVotes`.
    let choices = votes.map { "choices%5B%5D=\($0)" }.joined(separator: "&")
    var request = URLRequest(url: URL(string: "https://mastodon.example/api/v1/polls/\(poll.id)/votes?" + choices)!)
    request.httpMethod = "POST"
    do {
      let (data, _) = try await URLSession.shared.data(for: request)
      poll = try JSONDecoder().decode(StatusPoll.self, from: data)
      votes = poll.ownVotes ?? []
      showResults = true
    } catch {}
  }
}

let statusPoll = ModelDefinition("status-poll", summary: "a poll fetched before a vote shown after it") { _ in
  StatusPollViewModel(dropsStale: false)
} describe: { model in
  model.asyncAction("fetchPoll", "fetchPoll() async", perform: { poll, _ in await poll.fetchPoll() })
  model.asyncAction("postVotes", "postVotes() async", perform: { poll, _ in await poll.postVotes() })
}

/// The same, with its view's gate: IceCubesApp's vote button is shown only once an option is
/// chosen (`if !viewModel.votes.isEmpty`), so audit chooses one first (`openedBy`).
let gatedStatusPoll = ModelDefinition("gated-status-poll", summary: "a poll voted on once an option is chosen") { _ in
  StatusPollViewModel(dropsStale: false)
} describe: { model in
  model.asyncAction("fetchPoll", "fetchPoll() async", perform: { poll, _ in await poll.fetchPoll() })
  model.asyncAction("postVotes", "postVotes() async", perform: { poll, _ in await poll.postVotes() })
  model.action("select", "select(option:)", parameters: [Parameter("option", .int)]) { poll, arguments in poll.select(option: arguments.int("option")) }
  model.offered("postVotes", when: "`!viewModel.votes.isEmpty` (StatusPollView.swift:96)", openedBy: ["select"]) { !$0.votes.isEmpty }
}

let safeStatusPoll = ModelDefinition("safe-status-poll", summary: "a poll as the last vote left it") { _ in
  StatusPollViewModel(dropsStale: true)
} describe: { model in
  model.asyncAction("fetchPoll", "fetchPoll() async", perform: { poll, _ in await poll.fetchPoll() })
  model.asyncAction("postVotes", "postVotes() async", perform: { poll, _ in await poll.postVotes() })
}

/// A relationship with an account, as a Mastodon server answers a follow and an unfollow.
struct FollowRelationship: Decodable, Sendable {
  let id: String
  let following: Bool
  let note: String
}

/// IceCubesApp's `FollowButtonViewModel`: follow and unfollow each await the server and show the
/// relationship it answers. Sent quickly, an unfollow answered after the follow shows "not
/// following"; but its view runs both from one ButtonKit `AsyncButton`, which starts no new run
/// while one runs, so no user can. Registered twice: as the view runs it (`oneAtATime`), and as
/// if two plain buttons ran them.
@MainActor
final class FollowButtonViewModel: ObservableObject {
  @Published var relationship = FollowRelationship(id: "1", following: true, note: "")

  func follow() async {
    await post("follow")
  }

  func unfollow() async {
    await post("unfollow")
  }

  private func post(_ action: String) async {
    var request = URLRequest(url: URL(string: "https://mastodon.example/api/v1/accounts/1/\(action)")!)
    request.httpMethod = "POST"
    do {
      let (data, _) = try await URLSession.shared.data(for: request)
      relationship = try JSONDecoder().decode(FollowRelationship.self, from: data)
    } catch {}
  }
}

let followButton = ModelDefinition("follow-button", summary: "follow and unfollow from one AsyncButton") { _ in
  FollowButtonViewModel()
} describe: { model in
  model.asyncAction("follow", "follow() async", perform: { button, _ in await button.follow() })
  model.asyncAction("unfollow", "unfollow() async", perform: { button, _ in await button.unfollow() })
  model.oneAtATime(["unfollow", "follow"])
}

let plainFollowButton = ModelDefinition("plain-follow-button", summary: "follow and unfollow from two plain buttons") { _ in
  FollowButtonViewModel()
} describe: { model in
  model.asyncAction("follow", "follow() async", perform: { button, _ in await button.follow() })
  model.asyncAction("unfollow", "unfollow() async", perform: { button, _ in await button.unfollow() })
}

/// A post as a Mastodon server answers a favourite, a reblog or a bookmark of it.
struct PostStatus: Decodable, Sendable {
  let id: String
  let favourited: Bool?
  let reblogged: Bool?
  let bookmarked: Bool?
}

/// IceCubesApp's `StatusDataController`: each button of a post's row flips its flag at once,
/// posts the matching endpoint (`favourite` or `unfavourite`, by the flag it just flipped), and
/// shows every flag of the post the server answers with. A favourite tapped twice quickly sends
/// `favourite` then `unfavourite`; the first answer arriving last shows the post favourited, the
/// user's second tap undone. The twin shows an answer only if no tap of that button came after it.
@MainActor
final class PostActionsViewModel: ObservableObject {
  @Published var isFavorited = false
  @Published var isReblogged = false
  @Published var isBookmarked = false
  let dropsStale: Bool
  private var taps: [String: Int] = [:]

  init(dropsStale: Bool) { self.dropsStale = dropsStale }

  func toggleFavorite() async {
    isFavorited.toggle()
    await post(isFavorited ? "favourite" : "unfavourite", button: "favourite")
  }

  func toggleReblog() async {
    isReblogged.toggle()
    await post(isReblogged ? "reblog" : "unreblog", button: "reblog")
  }

  func toggleBookmark() async {
    isBookmarked.toggle()
    await post(isBookmarked ? "bookmark" : "unbookmark", button: "bookmark")
  }

  private func post(_ endpoint: String, button: String) async {
    taps[button, default: 0] += 1
    let tap = taps[button]
    var request = URLRequest(url: URL(string: "https://mastodon.example/api/v1/statuses/1/\(endpoint)")!)
    request.httpMethod = "POST"
    do {
      let (data, _) = try await URLSession.shared.data(for: request)
      let status = try JSONDecoder().decode(PostStatus.self, from: data)
      if dropsStale, taps[button] != tap { return }
      // `updateFrom(status:)`: every flag, as the server has the post.
      isFavorited = status.favourited == true
      isReblogged = status.reblogged == true
      isBookmarked = status.bookmarked == true
    } catch {}
  }
}

@MainActor
private func describePostActions(_ model: inout ModelBuilder<PostActionsViewModel>) {
  model.asyncAction("toggleFavorite", "toggleFavorite() async", perform: { row, _ in await row.toggleFavorite() })
  model.asyncAction("toggleReblog", "toggleReblog() async", perform: { row, _ in await row.toggleReblog() })
  model.asyncAction("toggleBookmark", "toggleBookmark() async", perform: { row, _ in await row.toggleBookmark() })
}

let postActions = ModelDefinition("post-actions", summary: "a post's buttons, each showing the post its answer carries") { _ in
  PostActionsViewModel(dropsStale: false)
} describe: { model in
  describePostActions(&model)
}

let safePostActions = ModelDefinition("safe-post-actions", summary: "a post's buttons, a button's stale answer dropped") { _ in
  PostActionsViewModel(dropsStale: true)
} describe: { model in
  describePostActions(&model)
}

/// A signed-in account's credentials, as IceCubesApp's `OauthToken`.
struct SessionToken: Sendable {
  let accessToken: String
}

/// IceCubesApp's `MastodonClient(server:oauthToken:)`: the server and the token a request goes with.
final class SessionClient: Sendable {
  let server: String
  let token: SessionToken?

  init(server: String, oauthToken: SessionToken? = nil) {
    self.server = server
    token = oauthToken
  }

  func get<Answer: Decodable>(_ path: String) async throws -> Answer {
    var request = URLRequest(url: URL(string: "https://\(server.isEmpty ? "mastodon.example" : server)\(path)")!)
    request.setValue("Bearer \(token?.accessToken ?? "")", forHTTPHeaderField: "Authorization")
    let (data, _) = try await URLSession.shared.data(for: request)
    return try JSONDecoder().decode(Answer.self, from: data)
  }
}

struct SignedInAccount: Decodable, Sendable {
  let id: String
  let username: String
}

/// IceCubesApp's `CurrentAccount`: the app calls `setClient(client:)` on each account switch;
/// it keeps the client and fetches that account in a `Task`. Two quick switches fetch twice, and
/// the first account's answer arriving last shows the old account under the new client. The
/// twin drops an answer whose client is no longer the current one.
@MainActor
final class SessionAccountViewModel: ObservableObject {
  @Published private(set) var account: SignedInAccount?
  @Published private(set) var isLoadingAccount = false
  private var client: SessionClient?
  let dropsOtherClients: Bool

  init(dropsOtherClients: Bool) { self.dropsOtherClients = dropsOtherClients }

  func setClient(client: SessionClient) {
    self.client = client
    guard client.token != nil else { return }
    Task(priority: .userInitiated) { await fetchCurrentAccount(client) }
  }

  private func fetchCurrentAccount(_ client: SessionClient) async {
    isLoadingAccount = true
    let fetched: SignedInAccount? = try? await client.get("/api/v1/accounts/verify_credentials")
    if dropsOtherClients, self.client !== client { return }
    account = fetched
    isLoadingAccount = false
  }
}

/// As adopt registers it: the client made from the action's own parameters.
@MainActor
private func describeSessionAccount(_ model: inout ModelBuilder<SessionAccountViewModel>) {
  model.action(
    "setClient", "setClient(client:)",
    parameters: [
      Parameter("server", .string, default: .string(""), "SessionClient.init server: String"),
      Parameter("accessToken", .string, default: .string(""), "SessionToken.init accessToken: String"),
    ]
  ) { viewModel, arguments in
    viewModel.setClient(client: SessionClient(server: arguments.string("server"), oauthToken: SessionToken(accessToken: arguments.string("accessToken"))))
  }
}

let sessionAccount = ModelDefinition("session-account", summary: "the signed-in account, fetched on each client") { _ in
  SessionAccountViewModel(dropsOtherClients: false)
} describe: { model in
  describeSessionAccount(&model)
}

let safeSessionAccount = ModelDefinition("safe-session-account", summary: "the signed-in account, another client's answer dropped") { _ in
  SessionAccountViewModel(dropsOtherClients: true)
} describe: { model in
  describeSessionAccount(&model)
}

struct ListMember: Decodable, Sendable, Identifiable {
  let id: String
  let username: String
}

/// IceCubesApp's `ListEditViewModel` and `ListAddAccountViewModel`: `add(account:)` posts the
/// account to the list and, when the server says 200, appends it; `fetchMembers` replaces the
/// members with the server's. Two quick adds append in the order their answers come (the list
/// holds both either way), and an add's answer arriving after a fetch sent after it applies the
/// user's own add, not stale data: neither is a finding. A fetch sent before an add and answered
/// after it puts the members back as they were before the add: that one is.
@MainActor
final class ListMembersViewModel: ObservableObject {
  @Published var accounts: [ListMember] = []

  func add(account: ListMember) async {
    var request = URLRequest(url: URL(string: "https://mastodon.example/api/v1/lists/7/accounts?account_ids[]=\(account.id)")!)
    request.httpMethod = "POST"
    guard let (_, response) = try? await URLSession.shared.data(for: request),
          (response as? HTTPURLResponse)?.statusCode == 200
    else { return }
    accounts.append(account)
  }

  func fetchMembers() async {
    let url = URL(string: "https://mastodon.example/api/v1/lists/7/accounts")!
    guard let (data, _) = try? await URLSession.shared.data(from: url),
          let members = try? JSONDecoder().decode([ListMember].self, from: data)
    else { return }
    accounts = members
  }
}

let listMembers = ModelDefinition("list-members", summary: "a list's members: adds appended on the server's 200") { _ in
  ListMembersViewModel()
} describe: { model in
  model.asyncAction(
    "add", "add(account:) async",
    parameters: [
      Parameter("id", .string, default: .string(""), "ListMember.init id: String"),
      Parameter("username", .string, default: .string(""), "ListMember.init username: String"),
    ]
  ) { viewModel, arguments in
    await viewModel.add(account: ListMember(id: arguments.string("id"), username: arguments.string("username")))
  }
  model.asyncAction("fetchMembers", "fetchMembers() async") { viewModel, _ in await viewModel.fetchMembers() }
}

/// What `audit` answers the fixtures' requests with: the type the code decodes, by route.
let auditRoutes = [
  ResponseRoute("AuthorPostsViewModel.showAuthor(id:)", paths: ["*/api/authors/*/posts"], [AuthorPost].self),
  ResponseRoute("MoviePagesViewModel.search()", paths: ["*/3/search/movie?query=*"], MoviePage.self),
  ResponseRoute("MovieDetailViewModel.loadMovie()", paths: ["*/3/movie/*"], MovieDetail.self),
  ResponseRoute("FollowButtonViewModel.post(_:)", paths: ["*/api/v1/accounts/*"], FollowRelationship.self),
  ResponseRoute("StatusPollViewModel.fetchPoll()", paths: ["*/api/v1/polls/*"], StatusPoll.self),
  ResponseRoute("StatusPollViewModel.postVotes()", paths: ["*/api/v1/polls/*/votes"], StatusPoll.self),
  ResponseRoute("PostActionsViewModel.post(_:button:)", paths: ["*/api/v1/statuses/*"], PostStatus.self),
  ResponseRoute("ListMembersViewModel.fetchMembers()", paths: ["*/api/v1/lists/*/accounts"], [ListMember].self),
  ResponseRoute("SessionClient.get(_:)", paths: ["*/api/v1/accounts/verify_credentials"], SignedInAccount.self),
]

/// A feed that pages in more on scroll: `page` indexes the pages loaded, which only the code
/// moves (`loadMore` to the page it added, `showFirst` back). No view sets it (a `TextField`
/// binds only `query`), so an index past the pages, which `show` traps on, is no user's.
@MainActor
final class FeedPagerViewModel: ObservableObject {
  @Published var page = 0
  @Published var query = ""
  @Published var titles = ""
  private var pages: [[String]] = [["first"]]

  func loadMore() async {
    try? await Task.sleep(for: .milliseconds(300))
    pages.append(["page \(pages.count + 1)"])
    page = pages.count - 1
    show()
  }

  func showFirst() {
    page = 0
    show()
  }

  func show() {
    titles = pages[page].joined(separator: ", ")
  }
}

/// The pager's actions and properties, as either registration says them.
@MainActor
private func describePager(_ model: inout ModelBuilder<FeedPagerViewModel>) {
  model.asyncAction("loadMore", "loadMore() async", perform: { feed, _ in await feed.loadMore() })
  model.action("showFirst", "showFirst()") { feed, _ in feed.showFirst() }
  model.action("show", "show()") { feed, _ in feed.show() }
  model.property("page", \.page)
  model.property("query", \.query)
}

/// `feed-pager` as adopt registers it from its views: `page` is the code's alone.
let feedPager = ModelDefinition("feed-pager", summary: "a page counter no view sets") { _ in
  FeedPagerViewModel()
} describe: { model in
  describePager(&model)
  model.notSetByViews(["page"])
}

/// The same model registered as if nothing were known of its views: `audit` sets `page` too.
let unreadFeedPager = ModelDefinition("unread-feed-pager", summary: "the page counter, its views unread") { _ in
  FeedPagerViewModel()
} describe: { model in
  describePager(&model)
}

/// A hand-written `describe` naming a property the model lacks.
let typoFeedPager = ModelDefinition("typo-feed-pager", summary: "a misspelt property no view sets") { _ in
  FeedPagerViewModel()
} describe: { model in
  model.property("page", \.page)
  model.notSetByViews(["pgae"])
}

/// Element X's logout confirmation sheet (`SecureBackupLogoutConfirmationScreenViewModel`):
/// "Log out" waits for the key backup to finish uploading, then tells the coordinator to log out;
/// the sheet's "Cancel" button cancels the wait. Swiped down instead, the sheet goes and the wait
/// (holding the model) goes on. The twin's wait holds the model weakly and ends once it is gone.
@MainActor
final class LogoutConfirmationViewModel: ObservableObject {
  enum Mode: Equatable { case saveRecoveryKey, waitingForUpload }
  enum Action { case cancel, logout }
  @Published var mode = Mode.saveRecoveryKey
  let actions = PassthroughSubject<Action, Never>()
  private var keyUploadWaitingTask: Task<Void, Never>? {
    didSet { oldValue?.cancel() }
  }
  private var uploadedKeys = 0
  let holdsModelWeakly: Bool

  init(holdsModelWeakly: Bool) { self.holdsModelWeakly = holdsModelWeakly }

  func logout() {
    mode = .waitingForUpload
    // The backup controller's wait: the upload's progress, checked each second until done (here
    // it never is in a minute: a large backup on a slow link).
    if holdsModelWeakly {
      keyUploadWaitingTask = Task { [weak self] in
        while true {
          try? await Task.sleep(for: .seconds(1))
          guard !Task.isCancelled, let self else { return }
          guard uploadedKeys < 1_000 else { break }
          uploadedKeys += 1
        }
        self?.actions.send(.logout)
      }
    } else {
      keyUploadWaitingTask = Task {
        while uploadedKeys < 1_000 {
          try? await Task.sleep(for: .seconds(1))
          guard !Task.isCancelled else { return }
          uploadedKeys += 1
        }
        actions.send(.logout)
      }
    }
  }

  func cancel() {
    keyUploadWaitingTask = nil
    actions.send(.cancel)
  }
}

/// The registrations as adopt writes them from the sheet's view: its buttons, and in one view
/// also `.onDisappear { context.send(viewAction: .cancel) }`.
@MainActor
private func describeLogoutConfirmation(_ model: inout ModelBuilder<LogoutConfirmationViewModel>, cancelsOnDisappear: Bool) {
  model.action("logout", "logout()", perform: { sheet, _ in sheet.logout() })
  model.action("cancel", "cancel()", perform: { sheet, _ in sheet.cancel() })
  model.reachedBy("logout", ["the \"Log out\" button (SecureBackupLogoutConfirmationScreen.swift:58)"])
  model.reachedBy(
    "cancel",
    ["the \"Cancel\" button (SecureBackupLogoutConfirmationScreen.swift:71)"]
      + (cancelsOnDisappear ? ["the screen going (SecureBackupLogoutConfirmationScreen.swift:40)"] : []))
}

let logoutConfirmation = ModelDefinition("logout-confirmation", summary: "a backup wait only the Cancel button stops") { _ in
  LogoutConfirmationViewModel(holdsModelWeakly: false)
} describe: { model in
  describeLogoutConfirmation(&model, cancelsOnDisappear: false)
}

let safeLogoutConfirmation = ModelDefinition("safe-logout-confirmation", summary: "the backup wait ends with the model") { _ in
  LogoutConfirmationViewModel(holdsModelWeakly: true)
} describe: { model in
  describeLogoutConfirmation(&model, cancelsOnDisappear: false)
}

let disappearingLogoutConfirmation = ModelDefinition("disappearing-logout-confirmation", summary: "the backup wait cancelled when the sheet goes") { _ in
  LogoutConfirmationViewModel(holdsModelWeakly: false)
} describe: { model in
  describeLogoutConfirmation(&model, cancelsOnDisappear: true)
}
