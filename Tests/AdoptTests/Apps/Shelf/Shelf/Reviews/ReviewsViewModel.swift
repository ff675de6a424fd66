import Foundation

@MainActor
final class ReviewsViewModel: ObservableObject {
    @Published private(set) var reviews: [Review] = []
    @Published var draft = ""
    @Published var failed = false

    private let service: ReviewsService
    private let bookID: Int

    init(service: ReviewsService, bookID: Int) {
        self.service = service
        self.bookID = bookID
    }

    func load() async {
        guard service.isAvailable else { return }
        do {
            reviews = try await service.reviews(for: bookID)
        } catch {
            failed = true
        }
    }

    func post() async {
        let text = draft
        draft = ""
        try? await service.post(text, for: bookID)
        await load()
    }
}
