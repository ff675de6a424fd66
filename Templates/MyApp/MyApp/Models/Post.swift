//
//  Post.swift
//  MyApp
//

import Foundation

struct Post: Identifiable, Equatable, Decodable {
    let id: Int
    let title: String
    var isPinned = false
}

protocol FeedServiceProtocol {
    func fetchPosts(for user: String) async throws -> [Post]
}
