//
//  SafeFeedViewModel.swift
//  Newsroom
//
//  FeedViewModel's twin: the spinner stops whatever the answer.
//

import Foundation

@MainActor
final class SafeFeedViewModel: ObservableObject {
    @Published private(set) var articles: [Article] = []
    @Published private(set) var isLoading = false
    @Published private(set) var errorMessage: String?

    private let api = NewsAPI.shared

    func refresh() async {
        isLoading = true
        defer { isLoading = false }
        do {
            articles = try await api.articles()
        } catch {
            errorMessage = "Could not load the news."
        }
    }
}
