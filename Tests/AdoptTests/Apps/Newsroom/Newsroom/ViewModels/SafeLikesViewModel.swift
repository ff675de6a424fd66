//
//  SafeLikesViewModel.swift
//  Newsroom
//
//  LikesViewModel's twin: the count is read when the answer comes.
//

import Foundation

@MainActor
final class SafeLikesViewModel: ObservableObject {
    @Published private(set) var likes = 0

    private let api = NewsAPI.shared

    func like() {
        Task {
            try await api.like(articleID: 1)
            likes += 1
        }
    }
}
