#if os(Linux)
  // `import os` on Apple platforms gives Logger, os_log and signposts, and the unfair locks;
  // `import OSLog` gives the same (both live in AppleOSLog, which this module re-exports).
  @_exported import AppleOSLog
#endif
