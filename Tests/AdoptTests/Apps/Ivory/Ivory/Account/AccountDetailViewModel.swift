import Foundation
import Models

/// A screen handed the account it shows, as a client's profile screens are.
@MainActor
final class AccountDetailViewModel: ObservableObject {
    @Published private(set) var title: String
    @Published var isFollowing = false
    let account: Account

    init(account: Account) {
        self.account = account
        title = account.username.isEmpty ? "Unknown" : "@" + account.username
    }

    func toggleFollow() {
        isFollowing.toggle()
    }
}
