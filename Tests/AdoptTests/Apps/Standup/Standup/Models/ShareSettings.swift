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

    /// What the share screen sends, as apps with one door for every tap write it.
    enum Action {
        case toggleNotes
        case setNotes(Bool)
        case rename(to: String, notify: Bool)
        case share(ShareSettings)
    }

    @Published var groupName = ""

    func send(_ action: Action) {
        switch action {
        case .toggleNotes: toggleNotes()
        case .setNotes(let on): includeNotes = on
        case .rename(let name, let notify): groupName = notify ? name + "!" : name
        case .share: break
        }
    }
}
