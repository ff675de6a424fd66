#if os(Linux)
  // What `import SwiftUI` brings with it on Apple platforms and view-models rely on: Foundation,
  // Combine (ObservableObject, @Published), Observation (@Observable), and UIKit, which SwiftUI
  // re-exports on iOS (a view-model under `import SwiftUI` alone writes `UIImage`).
  @_exported import AppleCombine
  @_exported import AppleUIKit
  @_exported import Foundation
  @_exported import Observation
#endif
