import SwiftUI

@main
struct IvoryApp: App {
    var body: some Scene { WindowGroup { Text("Ivory") } }
}
