//
//  FeedViewModel.swift
//  MyApp
//

import Foundation
import OSLog

@MainActor
final class FeedViewModel: ObservableObject {
    @Published private(set) var posts: [Post] = []
    @Published private(set) var isLoading = false
    @Published private(set) var errorMessage: String?

    private let service: FeedServiceProtocol
    private let logger = Logger(subsystem: "com.example.MyApp", category: "feed")

    init(service: FeedServiceProtocol) {
        self.service = service
    }

    func refresh(user: String) async {
        guard !isLoading else {
            logger.debug("refresh ignored: already loading")
            return
        }
        isLoading = true
        defer { isLoading = false }
        logger.info("loading feed for \(user, privacy: .private)")
        do {
            let page = try await service.fetchPosts(for: user)
            posts = page
            errorMessage = nil
            logger.notice("loaded \(page.count) posts, \(page.filter(\.isPinned).count, format: .decimal(minDigits: 2)) pinned")
        } catch {
            errorMessage = error.localizedDescription
            logger.error("feed failed: \(error.localizedDescription, privacy: .public)")
        }
    }
}
