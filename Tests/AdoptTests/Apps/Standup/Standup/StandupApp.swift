import SwiftUI

@main
struct StandupApp: App {
    var body: some Scene { WindowGroup { HomeView() } }
}
