import Foundation

public struct Status: Codable, Identifiable, Sendable {
    public let id: String
    public let content: String
    public let poll: Mastodon.Entity.Poll?
}
