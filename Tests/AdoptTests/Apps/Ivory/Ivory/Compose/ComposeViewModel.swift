import Foundation
import Combine
import Assets

/// The compose screen: what the user writes, and the colors its toolbar is drawn with.
@MainActor
final class ComposeViewModel: ObservableObject {
    @Published var text = ""
    @Published private(set) var remaining = 500
    let tint = Asset.Colors.brandBlue.color
    let backgroundColor = Asset.Colors.composeBackground.color

    private var cancellables = Set<AnyCancellable>()

    init() {
        $text
            .map { 500 - $0.count }
            .assign(to: \.remaining, on: self)
            .store(in: &cancellables)
    }
}
