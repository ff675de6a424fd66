//
//  CommentsViewModel.swift
//  Newsroom
//
//  Bug: the completion handler writes @Published state on URLSession's queue.
//

import Foundation

final class CommentsViewModel: ObservableObject {
    @Published private(set) var comments: [Comment] = []

    private let api = NewsAPI.shared

    func load() {
        api.comments(articleID: 1) { [weak self] result in
            if case .success(let comments) = result {
                self?.comments = comments
            }
        }
    }
}
