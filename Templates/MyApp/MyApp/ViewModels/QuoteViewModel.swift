//
//  QuoteViewModel.swift
//  MyApp
//

import Foundation
import Combine

struct Quote: Decodable, Equatable {
    let text: String
    let author: String
}

final class QuoteViewModel: ObservableObject {
    @Published private(set) var quote: Quote?
    @Published private(set) var isLoading = false
    @Published private(set) var failed = false

    private var cancellables = Set<AnyCancellable>()
    private let url = URL(string: "https://quotes.example.com/api/random")!

    func fetch() {
        isLoading = true
        URLSession.shared.dataTaskPublisher(for: url)
            .map(\.data)
            .decode(type: Quote.self, decoder: JSONDecoder())
            .receive(on: DispatchQueue.main)
            .sink { [weak self] completion in
                self?.isLoading = false
                if case .failure = completion {
                    self?.failed = true
                }
            } receiveValue: { [weak self] quote in
                self?.quote = quote
                self?.failed = false
            }
            .store(in: &cancellables)
    }
}
