//
//  SafeCommentsViewModel.swift
//  Newsroom
//
//  CommentsViewModel's twin: the state is written on the main queue.
//

import Foundation

final class SafeCommentsViewModel: ObservableObject {
    @Published private(set) var comments: [Comment] = []

    private let api = NewsAPI.shared

    func load() {
        api.comments(articleID: 1) { [weak self] result in
            DispatchQueue.main.async {
                if case .success(let comments) = result {
                    self?.comments = comments
                }
            }
        }
    }
}
