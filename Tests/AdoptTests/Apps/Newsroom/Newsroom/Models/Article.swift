//
//  Article.swift
//  Newsroom
//

import Foundation

struct Article: Codable, Identifiable, Equatable {
    let id: Int
    let title: String
    let author: String
}

struct Comment: Codable, Identifiable, Equatable {
    let id: Int
    let body: String
}
