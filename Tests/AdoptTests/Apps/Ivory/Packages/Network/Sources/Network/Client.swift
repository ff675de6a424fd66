import Foundation
import Models

public protocol TimelineFetching: Sendable {
    func fetch() async throws -> [Status]
}

public final class MastodonClient: TimelineFetching {
    public init() {}

    public func fetch() async throws -> [Status] {
        let url = Bundle.module.url(forResource: "instance", withExtension: "json")
            ?? URL(string: "https://mastodon.example/api/v1/timelines/home")!
        let (data, _) = try await URLSession.shared.data(from: url)
        return try JSONDecoder().decode([Status].self, from: data)
    }
}
