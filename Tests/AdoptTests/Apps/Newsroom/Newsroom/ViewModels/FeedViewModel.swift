//
//  FeedViewModel.swift
//  Newsroom
//
//  Bug: a failed refresh leaves the spinner on (isLoading is reset only on success).
//

import Foundation

@MainActor
final class FeedViewModel: ObservableObject {
    @Published private(set) var articles: [Article] = []
    @Published private(set) var isLoading = false
    @Published private(set) var errorMessage: String?

    private let api = NewsAPI.shared

    func refresh() async {
        isLoading = true
        do {
            articles = try await api.articles()
            isLoading = false
        } catch {
            errorMessage = "Could not load the news."
        }
    }
}
