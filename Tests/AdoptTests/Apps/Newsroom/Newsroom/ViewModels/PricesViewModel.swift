//
//  PricesViewModel.swift
//  Newsroom
//
//  Bug: the stream's producer task is never stopped: when PricesView goes, SwiftUI cancels
//  the `.task` that reads the stream, and the producer goes on ticking for ever.
//

import Foundation

@MainActor
final class PricesViewModel: ObservableObject {
    @Published private(set) var price = 0

    func observe() async {
        let prices = AsyncStream<Int> { continuation in
            Task {
                var tick = 0
                while true {
                    try? await Task.sleep(for: .seconds(1))
                    tick += 1
                    continuation.yield(100 + tick)
                }
            }
        }
        for await price in prices {
            self.price = price
        }
    }
}
