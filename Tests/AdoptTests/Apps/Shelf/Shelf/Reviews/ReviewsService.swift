import Foundation

protocol ReviewsService {
    var isAvailable: Bool { get }
    func reviews(for bookID: Int) async throws -> [Review]
    func post(_ text: String, for bookID: Int) async throws
}

struct Review: Codable, Identifiable, Equatable {
    let id: Int
    let text: String
}
