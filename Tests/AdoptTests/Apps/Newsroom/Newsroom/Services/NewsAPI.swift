//
//  NewsAPI.swift
//  Newsroom
//
//  The live client: URLSession.shared, JSON decoded into the app's models.
//

import Foundation

final class NewsAPI {
    static let shared = NewsAPI()

    private let baseURL = URL(string: "https://news.example.com/api")!

    func articles(matching query: String = "") async throws -> [Article] {
        var components = URLComponents(url: baseURL.appendingPathComponent("articles"), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = [URLQueryItem(name: "q", value: query)] }
        let (data, response) = try await URLSession.shared.data(from: components.url!)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw URLError(.badServerResponse)
        }
        return try JSONDecoder().decode([Article].self, from: data)
    }

    func like(articleID: Int) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("articles/\(articleID)/like"))
        request.httpMethod = "POST"
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw URLError(.badServerResponse)
        }
    }

    func comments(articleID: Int, completion: @escaping (Result<[Comment], Error>) -> Void) {
        let url = baseURL.appendingPathComponent("articles/\(articleID)/comments")
        URLSession.shared.dataTask(with: url) { data, _, error in
            if let error {
                completion(.failure(error))
                return
            }
            do {
                completion(.success(try JSONDecoder().decode([Comment].self, from: data ?? Data())))
            } catch {
                completion(.failure(error))
            }
        }.resume()
    }
}
