//
//  SafePricesViewModel.swift
//  Newsroom
//
//  PricesViewModel's twin: the producer stops when the stream ends.
//

import Foundation

@MainActor
final class SafePricesViewModel: ObservableObject {
    @Published private(set) var price = 0

    func observe() async {
        let prices = AsyncStream<Int> { continuation in
            let producer = Task {
                var tick = 0
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                    tick += 1
                    continuation.yield(100 + tick)
                }
            }
            continuation.onTermination = { _ in producer.cancel() }
        }
        for await price in prices {
            self.price = price
        }
    }
}
