//
//  HeadlineViewModel.swift
//  Newsroom
//
//  Bug: an empty answer traps (the first article is read by index).
//

import Foundation

@MainActor
final class HeadlineViewModel: ObservableObject {
    @Published private(set) var headline = ""

    private let api = NewsAPI.shared

    func load() async {
        guard let articles = try? await api.articles() else { return }
        headline = articles[0].title
    }
}
