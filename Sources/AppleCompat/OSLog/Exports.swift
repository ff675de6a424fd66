#if os(Linux)
  // Apple's OSLog module brings Foundation with it; files that import only OSLog use it.
  @_exported import Foundation
#endif
