#if os(Linux)
  // `import os` on Apple platforms gives Logger, os_log and signposts, and the unfair locks.
  @_exported import AppleOSLog
#endif
