//
//  SearchViewModel.swift
//  Newsroom
//
//  Bug: every search runs to the end: an older answer arriving last overwrites the newer one.
//

import Foundation

@MainActor
final class SearchViewModel: ObservableObject {
    @Published private(set) var results: [Article] = []

    private let api = NewsAPI.shared

    func search(text: String) {
        Task {
            results = (try? await api.articles(matching: text)) ?? []
        }
    }
}
