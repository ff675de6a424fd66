#ifndef C_SIMULATION_CLOCK_H
#define C_SIMULATION_CLOCK_H

#include <stdint.h>

/// Points the Swift concurrency runtime's reads of CLOCK_MONOTONIC and CLOCK_BOOTTIME (behind
/// ContinuousClock.now and SuspendingClock.now) at the simulation's virtual time, for calls made
/// on `driver_thread`. Returns 1 when the runtime's clock_gettime slot was found and patched.
int vmrepl_clock_activate(unsigned long driver_thread);

/// Sets the virtual time, in nanoseconds, that the patched clocks return.
void vmrepl_clock_set_now(int64_t nanoseconds);

/// Whether the runtime's clocks read virtual time.
int vmrepl_clock_is_active(void);

/// Real CLOCK_MONOTONIC in nanoseconds, never virtual.
int64_t vmrepl_clock_wall_nanoseconds(void);

#endif
