//
//  City.swift
//  MyApp
//

import Foundation

struct City: Identifiable, Hashable, Codable {
    let id: Int
    let name: String
    let country: String
}

final class CityCatalog {
    static let shared = CityCatalog()

    private let all: [City] = [
        City(id: 1, name: "Berlin", country: "DE"),
        City(id: 2, name: "Bern", country: "CH"),
        City(id: 3, name: "Bergen", country: "NO"),
        City(id: 4, name: "Lisbon", country: "PT"),
        City(id: 5, name: "London", country: "GB"),
        City(id: 6, name: "Tokyo", country: "JP"),
    ]

    func cities(matching text: String) -> [City] {
        all.filter { $0.name.localizedCaseInsensitiveContains(text) }
    }
}
