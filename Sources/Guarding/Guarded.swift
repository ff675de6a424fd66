// `guarded` is a module of its own so that every caller can specialize it. Built file by file
// (the engine's debug build: `-O` without whole-module optimization), a module cannot inline or
// specialize a generic function written in another of its own files, while an inlinable one
// imported from another module it can: in Simulation, calling it as a generic function cost a
// twentieth of a debug session's instructions (docs/benchmarks.md, "Debug and release builds").
internal import CSimulationRuntime
public import Synchronization

extension Mutex where Value: ~Copyable {
  /// `withLock`, with the hand-over of the lock shown to ThreadSanitizer.
  ///
  /// On Linux, TSan cannot see how `Mutex` hands its lock from one thread to the next (a futex
  /// in a library it does not instrument), so in a TSan build every guarded value touched from
  /// two threads is reported as a race. Values the simulation shares between threads (the
  /// driver, simulated threads, URLSession's and Dispatch's own) are locked with this instead;
  /// outside TSan builds it costs two empty calls.
  ///
  /// ```swift
  /// let count = state.guarded { $0.ready.count }
  /// ```
  @inlinable
  package borrowing func guarded<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    try withLock { (value: inout sending Value) throws(E) -> sending Result in
      sanitizerLockAcquired()
      defer { sanitizerLockReleasing() }
      return try body(&value)
    }
  }
}

@usableFromInline
func sanitizerLockAcquired() { vmrepl_sanitizer_lock_acquired() }

@usableFromInline
func sanitizerLockReleasing() { vmrepl_sanitizer_lock_releasing() }
