import Foundation

public struct Account: Codable, Identifiable, Sendable {
    public typealias ID = String

    public let id: ID
    public let username: String
    public let followersCount: Int
    public let avatar: URL?

    enum CodingKeys: String, CodingKey {
        case id, username, avatar
        case followersCount = "followers_count"
    }
}
