//
//  TickerViewModel.swift
//  Newsroom
//
//  Bug: a second start leaks the first timer, which stop no longer reaches.
//

import Foundation

final class TickerViewModel: ObservableObject {
    @Published private(set) var ticks = 0

    private var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            self?.ticks += 1
        }
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}
