// A generic list screen's base class, written the way pocket-casts writes
// `SearchableListViewModel`: it keeps its own subscription in a `private var cancellables`, in a
// file of its own, so that a subclass can declare a `cancellables` of its own too.
import OpenCombine

@MainActor
class SearchableList<Item: Hashable>: ObservableObject {
  @Published var searchText = ""
  @Published private(set) var isSearching = false
  private var cancellables = Set<AnyCancellable>()

  init() {
    $searchText
      .sink { [weak self] text in self?.isSearching = !text.isEmpty }
      .store(in: &cancellables)
  }
}
