import Foundation

final class SessionStore: ObservableObject {
    @Published var user: String
    private init(user: String) { self.user = user }
}
