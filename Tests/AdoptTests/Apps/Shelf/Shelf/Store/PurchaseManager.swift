import Foundation
import StoreKit

@MainActor
final class PurchaseManager: ObservableObject {
    @Published private(set) var isPro = false
    private var products: [Product] = []

    func loadProducts() async throws {
        products = try await Product.products(for: ["shelf.pro"])
    }

    func purchase(_ productID: String) async throws -> Bool {
        guard let product = products.first(where: { $0.id == productID }) else { return false }
        let result = try await product.purchase()
        if case .success = result { isPro = true }
        return isPro
    }

    func restore() async {
        try? await AppStore.sync()
    }
}
