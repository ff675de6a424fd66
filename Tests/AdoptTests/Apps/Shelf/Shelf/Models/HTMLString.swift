import Foundation
import SwiftSoup

/// A server's HTML fragment, shown as plain text.
struct HTMLString: Codable, Hashable {
    let raw: String

    var plainText: String {
        (try? SwiftSoup.parse(raw).text()) ?? raw
    }

    init(from decoder: Decoder) throws {
        raw = try decoder.singleValueContainer().decode(String.self)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(raw)
    }
}
