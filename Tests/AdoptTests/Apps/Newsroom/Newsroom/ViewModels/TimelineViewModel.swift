//
//  TimelineViewModel.swift
//  Newsroom
//
//  Bug: each timeline chosen loads to the end: switching quickly, an older timeline's answer
//  arriving last replaces the one the user chose.
//

import Foundation

@MainActor
final class TimelineViewModel: ObservableObject {
    @Published private(set) var statuses: [Status] = []

    private let client = MastodonClient()
    private let filter: Filter

    enum Filter {
        case all, media
    }

    init(filter: Filter) {
        self.filter = filter
    }

    func select(timeline: String) {
        Task {
            do {
                statuses = try await client.get(endpoint: .named(timeline))
            } catch {
                statuses = []
            }
        }
    }
}
