//
//  SafeTimelineViewModel.swift
//  Newsroom
//
//  TimelineViewModel's twin: choosing a timeline cancels the load of the one before.
//

import Foundation

@MainActor
final class SafeTimelineViewModel: ObservableObject {
    @Published private(set) var statuses: [Status] = []

    private let client = MastodonClient()
    private var loadTask: Task<Void, Never>?

    func select(timeline: String) {
        loadTask?.cancel()
        loadTask = Task {
            do {
                let page: [Status] = try await client.get(endpoint: .named(timeline))
                guard !Task.isCancelled else { return }
                statuses = page
            } catch {}
        }
    }
}
