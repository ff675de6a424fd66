import Foundation

struct Book: Codable, Identifiable, Hashable {
    let id: Int
    let title: String
    let summary: HTMLString
}
