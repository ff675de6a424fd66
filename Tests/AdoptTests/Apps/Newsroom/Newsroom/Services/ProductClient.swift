//
//  ProductClient.swift
//  Newsroom
//

import Foundation

protocol ProductSearching {
    func search(query: String) async throws -> [Product]
}

struct LiveProductClient: ProductSearching {
    private let api = APIClient.shared

    func search(query: String) async throws -> [Product] {
        try await api.get("/search", query: ["q": query])
    }
}
