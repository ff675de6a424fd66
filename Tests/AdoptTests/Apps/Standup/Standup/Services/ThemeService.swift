import Foundation

final class ThemeService: ObservableObject {
    static let shared = ThemeService()
    @Published var accent = "orange"
    private init() {}
}
