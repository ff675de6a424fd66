import Testing

@testable import Adopt

@Suite("View triggers: how an app's views start its models' work")
struct ViewTriggerTests {
  @Test("a view's .task, .onAppear, .onDisappear and .refreshable calls on the models its properties hold")
  func forms() {
    let triggers = FactsVisitor.facts(
      of: """
        struct FeedView: View {
            @StateObject private var viewModel = FeedViewModel()
            @ObservedObject var player: PlayerModel
            @State private var query = ""

            var body: some View {
                List(viewModel.articles) { Text($0.title) }
                    .task {
                        await viewModel.refresh()
                        await self.player.prepare()
                    }
                    .refreshable { await viewModel.refresh() }
                    .onAppear { player.start(); Task { await viewModel.later() } }
                    .onDisappear(perform: { player.stop() })
                    .task(id: query) { await viewModel.search(query) }
            }
        }
        """, path: "FeedView.swift"
    ).viewTriggers
    #expect(triggers.map { "\($0.view) \($0.model) .\($0.modifier) \($0.calls) \($0.line)" } == [
      "FeedView FeedViewModel .task [\"refresh\"] 8",
      "FeedView PlayerModel .task [\"prepare\"] 8",
      "FeedView FeedViewModel .refreshable [\"refresh\"] 12",
      // A `Task { }` inside is not the modifier's own work: SwiftUI does not cancel it.
      "FeedView PlayerModel .onAppear [\"start\"] 13",
      "FeedView PlayerModel .onDisappear [\"stop\"] 14",
      "FeedView FeedViewModel .task [\"search\"] 15",
    ])
  }
}
