//
//  FeedService.swift
//  MyApp
//
//  The live feed client on URLSession.shared; the hand-written registration answers the
//  protocol by script instead, `vmrepl adopt` makes this one (answered with `respond http`).
//

import Foundation

final class FeedService: FeedServiceProtocol {
    private let baseURL = URL(string: "https://feed.example.com/api")!

    func fetchPosts(for user: String) async throws -> [Post] {
        let url = baseURL.appendingPathComponent("users/\(user)/posts")
        let (data, response) = try await URLSession.shared.data(from: url)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw URLError(.badServerResponse)
        }
        return try JSONDecoder().decode([Post].self, from: data)
    }
}
