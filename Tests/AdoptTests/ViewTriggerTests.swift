import Foundation
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

  @Test("a property the view sets on its model (a client from its environment) is read with the modifier's calls")
  func sets() {
    let triggers = FactsVisitor.facts(
      of: """
        struct ListEditView: View {
            @Environment(MastodonClient.self) private var client
            @State private var viewModel: ListEditViewModel

            var body: some View {
                List(viewModel.accounts) { Text($0.name) }
                    .onAppear {
                        viewModel.client = client
                        Task { await viewModel.fetchAccounts() }
                    }
                    .task(id: viewModel.searchUserQuery) {
                        viewModel.isSearching = true
                        self.viewModel.client = client
                        await viewModel.searchUsers()
                    }
            }
        }
        """, path: "ListEditView.swift"
    ).viewTriggers
    #expect(triggers.map { "\($0.view) \($0.model) .\($0.modifier) \($0.calls) \($0.sets) \($0.line)" } == [
      "ListEditView ListEditViewModel .onAppear [] [\"client\"] 7",
      "ListEditView ListEditViewModel .task [\"searchUsers\"] [\"isSearching\", \"client\"] 11",
    ])
  }

  /// IceCubesApp's follow button: one ButtonKit `AsyncButton` whose action follows or unfollows
  /// by the relationship, and which starts no new run while one runs.
  static let followButton = """
    import ButtonKit
    import SwiftUI

    struct FollowButton: View {
        @State private var viewModel: FollowButtonViewModel

        var body: some View {
            VStack {
                AsyncButton {
                    if viewModel.relationship.following {
                        try await viewModel.unfollow()
                    } else {
                        try await viewModel.follow()
                    }
                } label: {
                    Text("Follow")
                }
                AsyncButton(action: { try await viewModel.toggleNotify() }) {
                    Image(systemName: "bell")
                }
                Button("Refresh") { Task { await viewModel.refreshRelationship() } }
            }
        }
    }
    """

  @Test("ButtonKit's AsyncButton is read as a trigger whose actions run one at a time, and written `model.oneAtATime`; another file's AsyncButton, without ButtonKit, is not")
  func oneAtATimeButtons() throws {
    let triggers = FactsVisitor.facts(of: Self.followButton, path: "FollowButton.swift").viewTriggers
    #expect(triggers.map { "\($0.view) \($0.model) \($0.modifier) \($0.calls) \($0.line)" } == [
      "FollowButton FollowButtonViewModel AsyncButton [\"unfollow\", \"follow\"] 9",
      "FollowButton FollowButtonViewModel AsyncButton [\"toggleNotify\"] 18",
    ])
    let own = Self.followButton.replacingOccurrences(of: "import ButtonKit\n", with: "")
    #expect(FactsVisitor.facts(of: own, path: "FollowButton.swift").viewTriggers.isEmpty)
    let folder = try AppFolder("Follow", files: [
      "Follow/FollowButton.swift": Self.followButton,
      "Follow/FollowButtonViewModel.swift": """
        import Foundation
        import Observation

        struct Relationship: Codable { var following: Bool; var notifying: Bool }

        @MainActor
        @Observable final class FollowButtonViewModel {
            var relationship = Relationship(following: false, notifying: false)
            func follow() async throws {}
            func unfollow() async throws {}
            func toggleNotify() async throws {}
            func refreshRelationship() async {}
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "FollowButtonViewModel" })
    #expect(model.oneAtATime == [["unfollow", "follow"], ["toggleNotify"]])
    let written = RegistrationWriter.definition(model).filter { $0.contains("oneAtATime") }
    #expect(written == [#"  model.oneAtATime(["unfollow", "follow"])"#, #"  model.oneAtATime(["toggleNotify"])"#])
  }
}
