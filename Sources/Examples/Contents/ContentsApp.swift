import Foundation
import Scenario
import ViewModelKit

/// Two screens over one repository (and, under strategy 2, one store), as an app with a list
/// and a detail screen would have: the article's "like problem" is whether a change made on one
/// screen shows up on the other.
@MainActor
final class ContentsApp {
  enum Strategy: String {
    case stream, store
  }

  @MainActor
  enum Screen {
    case stream(StreamContentViewModel)
    case store(StoreContentViewModel)

    var contents: [ContentEntity] {
      switch self {
      case .stream(let viewModel): return viewModel.contents
      case .store(let viewModel): return viewModel.contents
      }
    }

    func observe() async {
      switch self {
      case .stream(let viewModel): await viewModel.observe()
      case .store(let viewModel): await viewModel.observe()
      }
    }

    func insertContent(title: String) async {
      switch self {
      case .stream(let viewModel): await viewModel.insertContent(title: title)
      case .store(let viewModel): await viewModel.insertContent(title: title)
      }
    }

    func reload() async {
      switch self {
      case .stream(let viewModel): await viewModel.fetchContents()
      case .store(let viewModel): await viewModel.observe()
      }
    }
  }

  let repository: ContentRepository
  let screenA: Screen
  let screenB: Screen
  private var titles = 0

  init(strategy: Strategy, repository: ContentRepository) {
    self.repository = repository
    switch strategy {
    case .stream:
      screenA = .stream(StreamContentViewModel(repository: repository))
      screenB = .stream(StreamContentViewModel(repository: repository))
    case .store:
      let store = ContentStore(repository: repository)
      screenA = .store(StoreContentViewModel(store: store))
      screenB = .store(StoreContentViewModel(store: store))
    }
  }

  func screen(_ name: String) -> Screen { name == "b" ? screenB : screenA }

  /// The given title, or the next of "content 1", "content 2", ...
  func title(_ given: String) -> String {
    if !given.isEmpty { return given }
    titles += 1
    return "content \(titles)"
  }

  /// Both screens' `.task`, for as long as the app shows them.
  func appearBoth() async {
    await withDiscardingTaskGroup { group in
      group.addTask { await self.screenA.observe() }
      group.addTask { await self.screenB.observe() }
    }
  }

  /// Another writer (a sync engine, a share extension): saves straight to the repository.
  func writeOutside(title: String) async {
    _ = try? await repository.insert(title: title)
  }
}

/// What the REPL shows: each screen's titles and the broadcaster's live subscribers.
struct ContentsAppState {
  var screenA: [String]
  var screenB: [String]
  var subscribers: Int
}

/// Expands `$TMP/` at the start of a database path to the session's scratch folder (so the
/// scenario's, under `replay`): it outlives `use`, unlike the view-model's own storage, so a
/// scenario can name a file that a second `use` opens again, and one scenario's rows never reach
/// the next.
@MainActor
enum ScenarioPath {
  static func expand(_ path: String, in context: ModelContext) -> String {
    guard path.hasPrefix("$TMP/") else { return path }
    return context.scratchFolder + "/" + path.dropFirst("$TMP/".count)
  }
}
