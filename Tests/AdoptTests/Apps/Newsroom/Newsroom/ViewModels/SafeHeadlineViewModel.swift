//
//  SafeHeadlineViewModel.swift
//  Newsroom
//
//  HeadlineViewModel's twin: an empty answer shows no headline.
//

import Foundation

@MainActor
final class SafeHeadlineViewModel: ObservableObject {
    @Published private(set) var headline = ""

    private let api = NewsAPI.shared

    func load() async {
        guard let articles = try? await api.articles() else { return }
        headline = articles.first?.title ?? ""
    }
}
