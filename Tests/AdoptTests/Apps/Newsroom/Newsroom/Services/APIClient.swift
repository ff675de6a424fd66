//
//  APIClient.swift
//  Newsroom
//
//  One generic GET for the shop's endpoints: the callers say what they decode.
//

import Foundation

final class APIClient {
    static let shared = APIClient()

    private let baseURL = "https://news.example.com/api"
    private let decoder = JSONDecoder()

    func get<T: Decodable>(_ path: String, query: [String: String] = [:]) async throws -> T {
        var components = URLComponents(string: baseURL + path)!
        if !query.isEmpty {
            components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        }
        let (data, response) = try await URLSession.shared.data(from: components.url!)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw URLError(.badServerResponse)
        }
        return try decoder.decode(T.self, from: data)
    }
}
