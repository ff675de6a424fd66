#if os(Linux)
  // Apple's Combine, as OpenCombine provides it on Linux: with no module named Combine in the
  // build, OpenCombine gives Apple's own spellings (DispatchQueue, RunLoop and OperationQueue as
  // schedulers, Timer.publish, NotificationCenter and URLSession publishers, Publisher.values).
  @_exported import OpenCombine
  @_exported import OpenCombineDispatch
  @_exported import OpenCombineFoundation
  @_exported import Foundation
#endif
