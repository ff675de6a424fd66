#if os(Linux)
  import Glibc
  import Foundation

  /// Apple's `os_unfair_lock`, on a pthread mutex (an all-zero mutex is an initialized one on
  /// glibc, so `os_unfair_lock()` needs no setup, as on Darwin).
  public struct os_unfair_lock {
    var mutex = pthread_mutex_t()
    public init() {}
  }

  public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock>

  /// Takes the lock, waiting while another thread holds it.
  public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) {
    _ = withUnsafeMutablePointer(to: &lock.pointee.mutex) { pthread_mutex_lock($0) }
  }

  /// Releases the lock.
  public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) {
    _ = withUnsafeMutablePointer(to: &lock.pointee.mutex) { pthread_mutex_unlock($0) }
  }

  /// Takes the lock if it is free.
  public func os_unfair_lock_trylock(_ lock: os_unfair_lock_t) -> Bool {
    withUnsafeMutablePointer(to: &lock.pointee.mutex) { pthread_mutex_trylock($0) } == 0
  }

  /// Apple's `OSAllocatedUnfairLock`: a copyable handle to one lock and the state it guards.
  ///
  /// ```swift
  /// let cache = OSAllocatedUnfairLock(initialState: [String: Int]())
  /// cache.withLock { $0["a"] = 1 }
  /// ```
  public struct OSAllocatedUnfairLock<State>: @unchecked Sendable {
    // Sendable as Apple's is: every access to `state` goes through the mutex.
    private final class Storage {
      let lock = NSLock()
      var state: State
      init(_ state: State) { self.state = state }
    }
    private let storage: Storage

    public init(uncheckedState initialState: State) { storage = Storage(initialState) }
    public init(initialState: State) where State: Sendable { storage = Storage(initialState) }

    public func withLock<R: Sendable, E: Error>(_ body: @Sendable (inout State) throws(E) -> R) throws(E) -> R where State: Sendable {
      try withLockUnchecked(body)
    }

    public func withLockUnchecked<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
      storage.lock.lock()
      defer { storage.lock.unlock() }
      return try body(&storage.state)
    }
  }

  extension OSAllocatedUnfairLock where State == Void {
    public init() { self.init(uncheckedState: ()) }

    public func withLock<R: Sendable, E: Error>(_ body: @Sendable () throws(E) -> R) throws(E) -> R {
      try withLockUnchecked(body)
    }

    public func withLockUnchecked<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
      storage.lock.lock()
      defer { storage.lock.unlock() }
      return try body()
    }

    /// Takes the lock; pair with `unlock()`.
    public func lock() { storage.lock.lock() }
    /// Releases the lock taken by `lock()`.
    public func unlock() { storage.lock.unlock() }
  }
#endif
