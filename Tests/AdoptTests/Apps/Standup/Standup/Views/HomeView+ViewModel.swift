import Foundation

extension HomeView {
    @MainActor
    final class ViewModel: ObservableObject {
        @Published var scrums: [String] = []
        func load() { scrums = ["Design", "Engineering"] }
    }
}
