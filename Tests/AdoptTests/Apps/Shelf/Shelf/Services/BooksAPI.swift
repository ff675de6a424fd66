import Foundation

protocol BooksAPI {
    func books(page: Int) async throws -> [Book]
}

struct LiveBooksAPI: BooksAPI {
    var baseURL = URL(string: "https://api.example.com")!

    func books(page: Int) async throws -> [Book] {
        let url = baseURL.appendingPathComponent("books").appending(queryItems: [URLQueryItem(name: "page", value: String(page))])
        let (data, _) = try await URLSession.shared.data(from: url)
        return try JSONDecoder().decode([Book].self, from: data)
    }
}
