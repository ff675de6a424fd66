import Foundation

final class PlayerState: NSObject, ObservableObject {
    @objc dynamic var isPlaying = false
    @Published var volume = 0.5

    @objc func toggle() { isPlaying.toggle() }
}
