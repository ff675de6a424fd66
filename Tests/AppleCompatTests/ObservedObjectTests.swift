import AppleSwiftUI
import Testing

/// `@ObservedObject` and `@StateObject` as view-models write them (ACHNBrowserUI's
/// `ChoreListViewModel` holds `@ObservedObject private var userCollection`).
@Suite("SwiftUI's object wrappers")
struct ObservedObjectTests {
  final class Collection: ObservableObject {
    @Published var chores: [String] = []
    @Published var filter = ""
  }

  final class ChoreList: ObservableObject {
    @ObservedObject private var collection: Collection
    private var cancellable: AnyCancellable?
    var seen: [[String]] = []

    init(collection: Collection) {
      self.collection = collection
      // The app's form: a strong `self` in a sink on a publisher the shared object owns.
      cancellable = collection.$chores.sink { chores in self.seen.append(chores) }
    }

    var filter: Binding<String> { $collection.filter }
  }

  @Test("@ObservedObject holds its object, and a sink on it keeps the holder alive as on a device")
  func observedObjectHoldsStrongly() {
    let collection = Collection()
    weak var left: ChoreList?
    do {
      let list = ChoreList(collection: collection)
      left = list
      collection.chores = ["water"]
      #expect(list.seen == [[], ["water"]])
      list.filter.wrappedValue = "done"
      #expect(collection.filter == "done")
    }
    #expect(left != nil, "the sink's closure captured the list: a cycle through the collection")
  }

  @Test("@StateObject makes its object once, at the first read")
  func stateObjectMadeOnce() {
    final class Counter { var made = 0 }
    final class Screen {
      @StateObject var model: Collection
      init(counter: Counter) {
        _model = StateObject(wrappedValue: {
          counter.made += 1
          return Collection()
        }())
      }
    }
    let counter = Counter()
    let screen = Screen(counter: counter)
    #expect(counter.made == 0)
    screen.model.filter = "a"
    #expect(screen.model.filter == "a")
    screen.$model.filter.wrappedValue = "b"
    #expect(screen.model.filter == "b")
    #expect(counter.made == 1)
  }
}
