//
//  SafeTickerViewModel.swift
//  Newsroom
//
//  TickerViewModel's twin: start invalidates the timer it replaces.
//

import Foundation

final class SafeTickerViewModel: ObservableObject {
    @Published private(set) var ticks = 0

    private var timer: Timer?

    func start() {
        timer?.invalidate()
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            self?.ticks += 1
        }
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}
