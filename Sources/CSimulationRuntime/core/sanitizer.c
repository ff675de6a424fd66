// What ThreadSanitizer cannot see for itself.
//
// Swift's Synchronization.Mutex hands its lock over through a futex in a library TSan does not
// instrument, so a TSan build reports every value a Mutex guards, touched from two threads, as
// a race (a ten-line program shows it: scripts/sanitize). `Mutex.guarded` calls these around
// its critical section: TSan then sees each section happen after the previous one. In other
// builds they do nothing.
#include "../include/CSimulationRuntime.h"

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define VMREPL_TSAN 1
#endif
#endif

#ifdef VMREPL_TSAN
void __tsan_acquire(void *address);
void __tsan_release(void *address);

/// One synchronisation object for every guarded section: it orders sections of different
/// mutexes too, which hides only a race between two locks that guard the same value.
static char guarded_sections;

void vmrepl_sanitizer_lock_acquired(void) { __tsan_acquire(&guarded_sections); }
void vmrepl_sanitizer_lock_releasing(void) { __tsan_release(&guarded_sections); }
#else
void vmrepl_sanitizer_lock_acquired(void) {}
void vmrepl_sanitizer_lock_releasing(void) {}
#endif
