// The deterministic world (world.c, dispatch_time.c): clocks that read virtual time in the
// simulation, Dispatch's times on those clocks, and seeded randomness.
#ifndef VMREPL_WORLD_H
#define VMREPL_WORLD_H

#include "../platform/platform.h"

int vmrepl_world_activate(void);

/// The virtual reading of `id` on the driving thread; 0 when `id` is not simulated.
int vmrepl_virtual_clock(int id, int64_t *nanoseconds);
/// Reads the real clock (never virtual).
int vmrepl_real_clock_gettime(int id, void *spec);
/// Clock `id` in nanoseconds as the calling thread reads it (virtual in the simulation).
int64_t vmrepl_clock_now(int id);

/// Nanoseconds Foundation's monotonic clock reads ahead of virtual time on the driving thread:
/// set by a run loop timer's pass (runloop.c) so that CoreFoundation finds due a timer whose fire
/// date its `Double` arithmetic put a few nanoseconds past the microsecond it was meant for.
void vmrepl_set_foundation_clock_lead(int64_t nanoseconds);
int64_t vmrepl_foundation_clock_lead(void);

/// An answer to Foundation's `read` asked before the kernel's: 1 with `*result` set when it
/// answered. A layer above sets it (runloop.c's timer stand-ins readable in memory).
typedef int (*vmrepl_read_answer)(int fd, void *buffer, size_t size, long *result);
void vmrepl_world_answer_reads(vmrepl_read_answer answer);
/// Whether Foundation's `read` goes through world.c, so that an answer set above is asked.
int vmrepl_world_follows_reads(void);

/// The delay until a dispatch_time_t, read on the calling thread's clock (virtual on the driver).
int64_t vmrepl_delay_until(uint64_t when);
/// A deadline the driving thread computed on virtual clocks, for a real Dispatch timer, queue or
/// wait: the same delay from the real clock's now.
uint64_t vmrepl_real_deadline(uint64_t when);

#endif
