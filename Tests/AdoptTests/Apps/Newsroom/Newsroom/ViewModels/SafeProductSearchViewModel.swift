//
//  SafeProductSearchViewModel.swift
//  Newsroom
//
//  ProductSearchViewModel's twin: a keystroke cancels the search before it.
//

import Foundation

@MainActor
final class SafeProductSearchViewModel: ObservableObject {
    @Published private(set) var products: [Product] = []
    @Published private(set) var errorMessage: String?

    private let client: ProductSearching
    private var searchTask: Task<Void, Never>?

    init(client: ProductSearching = LiveProductClient()) {
        self.client = client
    }

    func search(text: String) {
        searchTask?.cancel()
        searchTask = Task {
            do {
                let found = try await client.search(query: text)
                guard !Task.isCancelled else { return }
                products = found
                errorMessage = nil
            } catch {
                guard !Task.isCancelled else { return }
                errorMessage = error.localizedDescription
            }
        }
    }
}
