// Who holds background work, in the shapes public apps' screens take (issue 61): debounces on
// RunLoop.main and DispatchQueue.main whose sinks are kept in `cancellables` since `init`, two timers of which one is
// kept, a nested `Task {}` that cancelling the outer task does not reach, and a request started
// by the task a debounce started, kept in another property.
import Foundation
import OpenCombine
import OpenCombineDispatch
import OpenCombineFoundation
import Scenario

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@MainActor
final class CitySearchViewModel: ObservableObject {
  @Published var query = ""
  @Published var filter = ""
  @Published var filterApplied = ""
  @Published var results: [String] = []
  @Published var ticks = 0
  @Published var polls = 0
  private var cancellables = Set<AnyCancellable>()
  private var searchTask: Task<Void, Never>?
  private var debounceTask: Task<Void, Never>?
  private var pollTimer: Timer?

  init() {
    $query
      .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
      .removeDuplicates()
      .sink { [weak self] text in self?.results = text.isEmpty ? [] : [text.capitalized] }
      .store(in: &cancellables)
    $filter
      .debounce(for: .milliseconds(500), scheduler: DispatchQueue.main)
      .sink { [weak self] text in self?.filterApplied = text }
      .store(in: &cancellables)
  }

  /// A refresh whose work is a nested, unstructured task: `searchTask` holds the outer one.
  func refresh() {
    searchTask?.cancel()
    searchTask = Task {
      Task {
        try? await Task.sleep(for: .seconds(2))
        self.results = ["refreshed"]
      }
    }
  }

  /// Two pages fetched at once with `async let`: structured children, which cancelling
  /// `searchTask` does reach.
  func prefetch() {
    searchTask?.cancel()
    searchTask = Task {
      async let first = Self.page(1)
      async let second = Self.page(2)
      let pages = await [first, second]
      self.results = pages
    }
  }

  nonisolated private static func page(_ number: Int) async -> String {
    try? await Task.sleep(for: .milliseconds(500 * number))
    return "page \(number)"
  }

  /// Type-ahead by hand: a debounce task that, once its sleep is over, starts the search
  /// `searchTask` keeps.
  func type(_ text: String) {
    debounceTask?.cancel()
    debounceTask = Task {
      try? await Task.sleep(for: .milliseconds(300))
      guard !Task.isCancelled else { return }
      self.searchTask = Task {
        try? await Task.sleep(for: .seconds(1))
        guard !Task.isCancelled else { return }
        self.results = [text]
      }
    }
  }

  /// Two repeating timers: one kept in `pollTimer`, one nobody keeps.
  func startPolling() {
    pollTimer = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { [weak self] _ in
      MainActor.assumeIsolated { self?.polls += 1 }
    }
    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
      MainActor.assumeIsolated { self?.ticks += 1 }
    }
  }
}

let citySearch = ModelDefinition("city-search", summary: "who holds a debounce, two timers, a nested task and a hand-made debounce") { _ in
  CitySearchViewModel()
} describe: { model in
  model.property("query", \.query)
  model.property("filter", \.filter)
  model.action("refresh", "a nested Task inside the task searchTask keeps", perform: { search, _ in search.refresh() })
  model.action("type", "a debounce task that starts the search searchTask keeps", parameters: [Parameter("text", .string)]) {
    search, arguments in search.type(arguments.string("text"))
  }
  model.action("prefetch", "two async let children inside the task searchTask keeps", perform: { search, _ in search.prefetch() })
  model.action("startPolling", "two repeating timers, one kept in pollTimer", perform: { search, _ in search.startPolling() })
  model.show("query", \.query)
  model.show("results", \.results)
  model.show("filterApplied", \.filterApplied)
}

struct Photo: Decodable, Sendable {
  let id: Int
}

/// A data service with its own pipeline, in the shape of SwiftfulThinking's
/// `PhotoModelDataService`: the request's subscription is the service's.
final class PhotoService: @unchecked Sendable {
  // Unchecked: used on the main queue only (the pipeline receives on main).
  @Published var photos: [Photo] = []
  var cancellables = Set<AnyCancellable>()

  func download() {
    URLSession.shared.dataTaskPublisher(for: URL(string: "https://api.example.com/photos")!)
      .subscribe(on: DispatchQueue.global(qos: .background))
      .receive(on: DispatchQueue.main)
      .map(\.data)
      .decode(type: [Photo].self, decoder: JSONDecoder())
      .replaceError(with: [])
      .sink { [weak self] photos in self?.photos = photos }
      .store(in: &cancellables)
  }
}

/// A screen that subscribes to the service's `@Published`, and one that makes its own request.
final class PhotoGridViewModel: ObservableObject, @unchecked Sendable {
  // Unchecked: its pipelines deliver on the main queue.
  @Published var count = 0
  let service = PhotoService()
  var cancellables = Set<AnyCancellable>()

  func appear() {
    service.$photos.sink { [weak self] photos in self?.count = photos.count }.store(in: &cancellables)
    service.download()
  }

  func refreshDirectly() {
    URLSession.shared.dataTaskPublisher(for: URL(string: "https://api.example.com/photos")!)
      .map(\.data)
      .decode(type: [Photo].self, decoder: JSONDecoder())
      .replaceError(with: [])
      .receive(on: DispatchQueue.main)
      .sink { [weak self] photos in self?.count = photos.count }
      .store(in: &cancellables)
  }
}

let photoGrid = ModelDefinition("photo-grid", summary: "a request held by a data service's pipeline, and one by the screen's own") { _ in
  PhotoGridViewModel()
} describe: { model in
  model.action("appear", "subscribe to the service's photos and have it download them", perform: { grid, _ in grid.appear() })
  model.action("refreshDirectly", "the screen's own dataTaskPublisher, kept in its cancellables", perform: { grid, _ in grid.refreshDirectly() })
  model.show("count", \.count)
}
