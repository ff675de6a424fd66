import Foundation
import ActivityKit

struct DailyScrum: Identifiable {
    let id = UUID()
    var title: String
    var lengthInMinutes: Int
}
