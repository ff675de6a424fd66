//
//  CountdownViewModel.swift
//  MyApp
//

import Combine
import SwiftUI

final class CountdownViewModel: ObservableObject {
    @Published private(set) var remaining: Int
    @Published private(set) var isFinished = false
    @Published private(set) var tint: Color = .green

    private let duration: Int
    private var timerSubscription: AnyCancellable?

    init(duration: Int = 5) {
        self.duration = duration
        self.remaining = duration
    }

    func start() {
        timerSubscription?.cancel()
        remaining = duration
        isFinished = false
        tint = .green
        timerSubscription = Timer.publish(every: 1, on: .main, in: .common)
            .autoconnect()
            .sink { [weak self] _ in
                self?.tick()
            }
    }

    func pause() {
        timerSubscription?.cancel()
        timerSubscription = nil
    }

    private func tick() {
        guard remaining > 0 else { return }
        remaining -= 1
        if remaining <= 2 {
            tint = .red
        }
        if remaining == 0 {
            isFinished = true
            timerSubscription?.cancel()
            timerSubscription = nil
        }
    }
}
