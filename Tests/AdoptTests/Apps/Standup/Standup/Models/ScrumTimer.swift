import Foundation

@MainActor
final class ScrumTimer: ObservableObject {
    @Published var secondsElapsed = 0
    @Published var speaker = ""
    private var timer: Timer?

    func startScrum() {
        speaker = speakerTitle
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            Task { @MainActor in self?.secondsElapsed += 1 }
        }
    }

    func stopScrum() {
        timer?.invalidate()
    }
}

extension DailyScrum {
    var timer: ScrumTimer { ScrumTimer() }
}
