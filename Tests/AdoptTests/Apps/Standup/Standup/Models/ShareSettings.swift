import Foundation
import Combine

/// What the share extension and the app both read: defaults in an app group named for the bundle.
final class ShareSettings: ObservableObject {
    static var appGroupID: String { "group." + Bundle.main.bundleIdentifier! }

    @Published var includeNotes = true
    let suiteName: String

    init() {
        suiteName = Self.appGroupID
    }

    func toggleNotes() {
        includeNotes.toggle()
    }
}
