//
//  NewsroomApp.swift
//  Newsroom
//

import SwiftUI

@main
struct NewsroomApp: App {
    var body: some Scene {
        WindowGroup {
            FeedView()
        }
    }
}
