// A list screen whose view state shows two `cancellables` (its base class's private one first),
// as pocket-casts' `BookmarkEpisodeListViewModel` does: audit compared the second with the first
// and reported a lost update that was not there.
import Foundation
import OpenCombine
import OpenCombineDispatch
import Scenario

@MainActor
final class BookmarkListViewModel: SearchableList<String> {
  @Published var items: [String] = []
  let created = PassthroughSubject<String, Never>()
  let deleted = PassthroughSubject<String, Never>()
  var cancellables = Set<AnyCancellable>()

  /// Subscribes to the bookmark manager's events; the view calls it from `onAppear`.
  func addListeners() {
    created
      .receive(on: DispatchQueue.main)
      .sink { [weak self] title in self?.items.append(title) }
      .store(in: &cancellables)
    deleted
      .receive(on: DispatchQueue.main)
      .sink { [weak self] title in self?.items.removeAll { $0 == title } }
      .store(in: &cancellables)
  }
}

let bookmarkList = ModelDefinition("bookmark-list", summary: "a list whose base class keeps a private `cancellables` of its own") { _ in
  BookmarkListViewModel()
} describe: { model in
  model.action("addListeners", "addListeners()", perform: { list, _ in list.addListeners() })
}
