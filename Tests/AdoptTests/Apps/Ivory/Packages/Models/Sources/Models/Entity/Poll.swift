extension Mastodon.Entity {
    public struct Poll: Codable, Sendable {
        public let id: String
        public let expired: Bool
    }
}
