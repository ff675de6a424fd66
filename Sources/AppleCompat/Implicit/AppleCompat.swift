#if os(Linux)
  // What `import Foundation` brings with it on Apple platforms, for files built with the
  // implicit import of this module: Combine (ObservableObject, @Published) and URLSession,
  // which Linux keeps in FoundationNetworking.
  @_exported import Foundation
  @_exported import FoundationNetworking
  @_exported import AppleCombine
#endif
