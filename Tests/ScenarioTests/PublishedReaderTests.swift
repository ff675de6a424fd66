#if canImport(OpenCombine)
  import OpenCombine
  import Testing

  @testable import Scenario

  /// A view-model as apps write one SwiftUI observes: `@Published` values of several kinds.
  private final class Catalog: ObservableObject {
    struct Item: Equatable { var id: Int; var title: String }
    enum Phase: Equatable { case idle, loaded(count: Int) }
    @Published var count = 0
    @Published var query: String? = nil
    @Published var items: [Item] = [Item(id: 1, title: "one")]
    @Published var phase: Phase = .idle
    @Published var selected: Item? = nil
  }

  @Suite("Published values")
  struct PublishedReaderTests {
    /// Each property's value read without mirrors, against the mirrors' reading.
    private func expectSameReadings(_ catalog: Catalog) {
      for child in Mirror(reflecting: catalog).children {
        let fast = Plumbing.publishedValue(child.value).map { StateRenderer.render(StateValue.reflecting($0)) }
        let slow = Plumbing.mirroredPublishedValue(child.value).map { StateRenderer.render(StateValue.reflecting($0)) }
        #expect(fast != nil)
        #expect(fast == slow, "\(child.label ?? "?")")
      }
    }

    @Test("a @Published value reads as its mirrors read it: before it is set, once set, and while subscribed")
    func readsAsMirrorsDo() {
      let catalog = Catalog()
      expectSameReadings(catalog)  // each still holds its first value
      catalog.count = 3
      catalog.query = "swift"
      catalog.items.append(Catalog.Item(id: 2, title: "two"))
      catalog.phase = .loaded(count: 2)
      expectSameReadings(catalog)  // each now held by its publisher's subject
      var seen: [Int] = []
      let subscription = catalog.$count.sink { seen.append($0) }
      catalog.count = 4
      catalog.selected = Catalog.Item(id: 2, title: "two")
      expectSameReadings(catalog)
      #expect(seen == [3, 4])
      subscription.cancel()
      #expect(StateRenderer.render(StateValue.reflecting(catalog)).contains("count: 4"))
    }

    @Test("a reader whose first reading is not the mirrors' is not made")
    func checkedAgainstMirrors() {
      let catalog = Catalog()
      let published = Mirror(reflecting: catalog).children.first!.value
      #expect(PublishedReader(sample: published, mirrored: Plumbing.mirroredPublishedValue) != nil)
      #expect(PublishedReader(sample: published, mirrored: { _ in 41 }) == nil)
    }
  }
#endif
