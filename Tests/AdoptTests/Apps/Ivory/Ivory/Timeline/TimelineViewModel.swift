import Foundation
import Models
import Network
import DesignSystem

@MainActor
final class TimelineViewModel: ObservableObject {
    @Published var statuses: [Status] = []
    @Published var isLoading = false
    private let client: TimelineFetching

    init(client: TimelineFetching = MastodonClient()) {
        self.client = client
    }

    func refresh() async {
        isLoading = true
        statuses = (try? await client.fetch()) ?? []
        isLoading = false
    }
}
