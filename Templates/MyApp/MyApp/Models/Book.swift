//
//  Book.swift
//  MyApp
//

import Foundation

struct Book: Identifiable, Equatable, Codable {
    let id: Int
    var title: String
    var isRead = false
}

protocol BookStore {
    func fetchBooks() async throws -> [Book]
}
