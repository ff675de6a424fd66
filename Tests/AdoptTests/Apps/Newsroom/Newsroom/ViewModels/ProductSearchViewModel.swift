//
//  ProductSearchViewModel.swift
//  Newsroom
//
//  Bug: each keystroke's search runs to the end: an older answer arriving last wins.
//

import Foundation

@MainActor
final class ProductSearchViewModel: ObservableObject {
    @Published private(set) var products: [Product] = []
    @Published private(set) var errorMessage: String?

    private let client: ProductSearching

    init(client: ProductSearching = LiveProductClient()) {
        self.client = client
    }

    func search(text: String) {
        Task {
            do {
                products = try await client.search(query: text)
                errorMessage = nil
            } catch {
                errorMessage = error.localizedDescription
            }
        }
    }
}
