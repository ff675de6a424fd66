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

  @Test("a method only the model's own code calls (element-x's `resetWith(password:)`, called from its reset flow's closure) is written `model.calledOnlyByModel`; one a view, another type or a view in the same file calls is not, nor one nothing calls")
  func calledOnlyByModel() throws {
    let folder = try AppFolder("Reset", files: [
      "Reset/StateStoreViewModel.swift": """
        import Combine

        @MainActor
        class StateStoreViewModel<Action> {
            func send(viewAction: Action) { process(viewAction: viewAction) }
            func process(viewAction: Action) {}
        }
        """,
      "Reset/EncryptionResetScreenViewModel.swift": """
        import Combine

        enum EncryptionResetScreenViewAction { case reset, cancel }

        @MainActor
        final class EncryptionResetScreenViewModel: StateStoreViewModel<EncryptionResetScreenViewAction>, ObservableObject {
            @Published var isResetting = false
            private var handle: String?
            var onPassword: ((String) -> Void)?

            override func process(viewAction: EncryptionResetScreenViewAction) {
                switch viewAction {
                case .reset: Task { await self.startResetFlow() }
                case .cancel: stop()
                }
            }

            func stop() { handle = nil }

            // MARK: - Private

            private func startResetFlow() async {
                handle = "handle"
                onPassword = { [weak self] password in
                    Task { await self?.resetWith(password: password) }
                }
            }

            func resetWith(password: String) async {
                guard let handle else { fatalError("Requested reset flow continuation without a stored handle") }
                isResetting = !handle.isEmpty
            }

            func unused() {}
        }

        extension EncryptionResetScreenViewModel {
            func retry() { refresh() }
            func refresh() { isResetting = false }
        }
        """,
      "Reset/EncryptionResetScreenCoordinator.swift": """
        import Combine

        @MainActor
        final class EncryptionResetScreenCoordinator {
            let viewModel = EncryptionResetScreenViewModel()
            func stop() { viewModel.stop() }
        }
        """,
      "Reset/CounterScreen.swift": """
        import SwiftUI

        struct CounterScreen: View {
            @StateObject var model = CounterModel()
            var body: some View { Button("Add") { model.add() } }
        }

        @MainActor
        final class CounterModel: ObservableObject {
            @Published var count = 0
            @Published var isOn = false
            func add() { count = next() }
            func next() -> Int { count + 1 }
            // `isOn.toggle()` is Bool's, not a call of the model's own `toggle`.
            func flip() { isOn.toggle() }
            func toggle() { count = 0 }
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let reset = try #require(adoption.models.first { $0.type == "EncryptionResetScreenViewModel" })
    // `process` is called by the base class, `stop` by the coordinator, `retry` and `unused` by
    // nobody; `refresh` by an extension of the model, `resetWith` by a closure of the model.
    #expect(reset.calledOnlyByModel == ["resetWith", "refresh"])
    #expect(RegistrationWriter.definition(reset).filter { $0.contains("calledOnlyByModel") } == [#"  model.calledOnlyByModel(["resetWith", "refresh"])"#])
    let report = AdoptReport.text(adoption, shownFolder: "Reset")
    #expect(report.contains("    only the model's own code calls: resetWith, refresh (no view or other file of the app does): `audit` does not send them\n"))
    // A view in the model's own file calls `add`; `next` only the model does; nothing calls
    // `toggle` (a member of another value of that name is no call of it).
    let counter = try #require(adoption.models.first { $0.type == "CounterModel" })
    #expect(counter.calledOnlyByModel == ["next"])
  }
}
