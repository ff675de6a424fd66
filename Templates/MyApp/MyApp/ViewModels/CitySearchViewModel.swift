//
//  CitySearchViewModel.swift
//  MyApp
//

import Combine
import Foundation

final class CitySearchViewModel: ObservableObject {
    @Published var searchText = ""
    @Published private(set) var results: [City] = []
    @Published private(set) var searchCount = 0

    private let catalog: CityCatalog
    private var cancellables = Set<AnyCancellable>()

    init(catalog: CityCatalog = .shared) {
        self.catalog = catalog

        $searchText
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .removeDuplicates()
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .sink { [weak self] text in
                self?.search(text)
            }
            .store(in: &cancellables)
    }

    private func search(_ text: String) {
        searchCount += 1
        results = text.isEmpty ? [] : catalog.cities(matching: text)
    }
}
