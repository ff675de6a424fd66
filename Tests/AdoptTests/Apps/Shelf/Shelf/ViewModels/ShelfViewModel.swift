import Foundation

@MainActor
final class ShelfViewModel: ObservableObject {
    @Published var books: [Book] = []
    @Published var isLoading = false
    @Published var isSignedIn = false
    @Published var isPro = false
    @Published var errorMessage: String?
    @Published var media: [BookMedia] = []
    @Published var marks: [Shelfmark] = []

    private let api: BooksAPI
    private let purchases: PurchaseManager
    private let push = PushService(secret: "shelf")

    init(api: BooksAPI = LiveBooksAPI(), purchases: PurchaseManager = PurchaseManager()) {
        self.api = api
        self.purchases = purchases
    }

    func load() async {
        isSignedIn = KeychainHelper.shared.token(for: "me") != nil
        isLoading = true
        defer { isLoading = false }
        do {
            books = try await api.books(page: 1)
            Log.info("loaded \(books.count) books")
        } catch {
            Log.error("load failed", error: error)
            errorMessage = error.localizedDescription
        }
    }

    func signIn(token: String) {
        do {
            try KeychainHelper.shared.save(token, for: "me")
            isSignedIn = true
        } catch {
            errorMessage = "Could not save the token"
        }
    }

    func buyPro() async {
        do {
            isPro = try await purchases.purchase("shelf.pro")
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func summaries() -> [String] {
        books.map { $0.summary.plainText }
    }

    func deviceSignature(_ token: Data) -> String {
        push.signature(for: token)
    }
}
