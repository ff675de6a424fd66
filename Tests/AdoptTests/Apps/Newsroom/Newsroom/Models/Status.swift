//
//  Status.swift
//  Newsroom
//

import Foundation

struct Status: Codable, Identifiable, Equatable {
    let id: String
    let content: String
}

struct ServerError: Decodable, Error {
    let error: String
}
