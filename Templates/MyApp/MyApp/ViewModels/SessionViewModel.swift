//
//  SessionViewModel.swift
//  MyApp
//

import Combine
import UIKit
import os

final class SessionViewModel: ObservableObject {
    @Published private(set) var foregroundCount = 0
    @Published private(set) var lastEvent = "launched"

    private let log = OSLog(subsystem: "com.example.MyApp", category: "session")
    private let transitions = OSAllocatedUnfairLock(initialState: 0)
    private var cancellables = Set<AnyCancellable>()

    init(center: NotificationCenter = .default) {
        center.publisher(for: UIApplication.willEnterForegroundNotification)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in
                self?.enteredForeground()
            }
            .store(in: &cancellables)

        center.publisher(for: UIApplication.didEnterBackgroundNotification)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in
                self?.enteredBackground()
            }
            .store(in: &cancellables)
    }

    var transitionCount: Int {
        transitions.withLock { $0 }
    }

    private func enteredForeground() {
        foregroundCount += 1
        lastEvent = "foreground"
        let count = transitions.withLock { value -> Int in
            value += 1
            return value
        }
        os_log("entered foreground (%d transitions) on %{public}@", log: log, type: .info, count, UIDevice.current.model)
    }

    private func enteredBackground() {
        lastEvent = "background"
        transitions.withLock { $0 += 1 }
        os_log("entered background, user %@", log: log, type: .default, "ann@example.com")
    }
}
