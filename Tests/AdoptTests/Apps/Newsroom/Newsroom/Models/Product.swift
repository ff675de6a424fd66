//
//  Product.swift
//  Newsroom
//

import Foundation

struct Product: Codable, Identifiable, Equatable {
    let id: Int
    let name: String
    let price: Double
}

struct Profile: Codable, Equatable {
    let name: String
    let email: String
}
