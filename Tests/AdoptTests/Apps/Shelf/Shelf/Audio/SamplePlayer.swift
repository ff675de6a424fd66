import AVFoundation
import Combine

/// Plays a book's audio sample; one per book page.
final class SamplePlayer: ObservableObject, Identifiable {
    let id = UUID()
    @Published private(set) var isPlaying = false
    private var player: AVAudioPlayer?

    func play(_ url: URL) throws {
        player = try AVAudioPlayer(contentsOf: url)
        player?.play()
        isPlaying = true
    }
}

extension SamplePlayer: Equatable {
    static func == (lhs: SamplePlayer, rhs: SamplePlayer) -> Bool {
        lhs.id == rhs.id
    }
}
