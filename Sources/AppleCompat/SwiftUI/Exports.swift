#if os(Linux)
  // What `import SwiftUI` brings with it on Apple platforms and view-models rely on: Foundation,
  // Combine (ObservableObject, @Published) and Observation (@Observable).
  @_exported import AppleCombine
  @_exported import Foundation
  @_exported import Observation
#endif
