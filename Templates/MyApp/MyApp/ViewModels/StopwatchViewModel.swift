//
//  StopwatchViewModel.swift
//  MyApp
//

import Foundation

final class StopwatchViewModel: ObservableObject {
    @Published private(set) var elapsed: Int = 0
    @Published private(set) var laps: [Int] = []
    @Published private(set) var isRunning = false

    private var timer: Timer?

    var elapsedText: String {
        String(format: "%02d:%02d", elapsed / 60, elapsed % 60)
    }

    func start() {
        guard !isRunning else { return }
        isRunning = true
        timer = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: true) { [weak self] _ in
            self?.elapsed += 1
        }
    }

    func lap() {
        guard isRunning else { return }
        laps.append(elapsed)
    }

    func stop() {
        isRunning = false
        timer?.invalidate()
        timer = nil
    }

    func reset() {
        stop()
        elapsed = 0
        laps = []
    }
}
