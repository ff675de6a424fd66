//
//  LikesViewModel.swift
//  Newsroom
//
//  Bug: the count is read before the request and written after it: two quick taps count one.
//

import Foundation

@MainActor
final class LikesViewModel: ObservableObject {
    @Published private(set) var likes = 0

    private let api = NewsAPI.shared

    func like() {
        Task {
            let count = likes
            try await api.like(articleID: 1)
            likes = count + 1
        }
    }
}
