//
//  ContentView.swift
//  MyApp
//

import SwiftUI

struct ContentView: View {
    @StateObject private var feed = FeedViewModel(service: FeedService())

    var body: some View {
        TabView {
            StopwatchView()
                .tabItem { Label("Stopwatch", systemImage: "stopwatch") }
            List(feed.posts) { post in
                Text(post.title)
            }
            .task { await feed.refresh(user: "ann") }
            .tabItem { Label("Feed", systemImage: "list.bullet") }
        }
    }
}

#Preview {
    ContentView()
}
