//
//  MastodonClient.swift
//  Newsroom
//
//  One client for every endpoint, as Mastodon apps write it: each caller says what the answer
//  decodes into; a body that does not decode so is tried as the server's error.
//

import Foundation

enum Timelines {
    case named(String)

    var path: String {
        switch self {
        case .named(let name):
            return "timelines/\(name)"
        }
    }
}

final class MastodonClient: Sendable {
    private let server = "social.example.com"

    func get<Entity: Decodable>(endpoint: Timelines) async throws -> Entity {
        try await makeEntityRequest(endpoint: endpoint, method: "GET")
    }

    private func makeEntityRequest<Entity: Decodable>(endpoint: Timelines, method: String) async throws -> Entity {
        var request = URLRequest(url: URL(string: "https://\(server)/api/v1/\(endpoint.path)")!)
        request.httpMethod = method
        let (data, _) = try await URLSession.shared.data(for: request)
        let decoder = JSONDecoder()
        do {
            return try decoder.decode(Entity.self, from: data)
        } catch {
            if let serverError = try? decoder.decode(ServerError.self, from: data) {
                throw serverError
            }
            throw error
        }
    }
}
