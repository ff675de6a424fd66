//
//  SafeBookmarkViewModel.swift
//  Newsroom
//
//  BookmarkViewModel's twin: every path of the completion handler resumes the continuation,
//  so `bookmark()` always ends.
//

import Foundation

@MainActor
final class SafeBookmarkViewModel: ObservableObject {
    @Published private(set) var isBookmarked = false
    @Published private(set) var isSaving = false

    private let url = URL(string: "https://news.example.com/api/articles/1/bookmark")!

    func bookmark() async {
        isSaving = true
        defer { isSaving = false }
        do {
            try await post(url)
            isBookmarked = true
        } catch {
            isBookmarked = false
        }
    }

    private func post(_ url: URL) async throws {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            URLSession.shared.dataTask(with: request) { _, response, error in
                if let error {
                    continuation.resume(throwing: error)
                    return
                }
                guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                    return
                }
                continuation.resume()
            }.resume()
        }
    }
}
