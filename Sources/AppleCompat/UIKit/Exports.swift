#if os(Linux)
  // What view-models take from UIKit: Foundation, with Combine as on Apple platforms.
  @_exported import AppleCombine
  @_exported import Foundation
#endif
