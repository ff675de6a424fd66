//
//  SafeSearchViewModel.swift
//  Newsroom
//
//  SearchViewModel's twin: a new search cancels the one before.
//

import Foundation

@MainActor
final class SafeSearchViewModel: ObservableObject {
    @Published private(set) var results: [Article] = []

    private let api = NewsAPI.shared
    private var searchTask: Task<Void, Never>?

    func search(text: String) {
        searchTask?.cancel()
        searchTask = Task {
            guard let found = try? await api.articles(matching: text), !Task.isCancelled else { return }
            results = found
        }
    }
}
