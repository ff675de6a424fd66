//
//  MyAppApp.swift
//  MyApp
//
//  The app's entry point: no Linux version, so neither package compiles it.
//

import SwiftUI

@main
struct MyAppApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
