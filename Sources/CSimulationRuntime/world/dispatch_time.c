// Dispatch's times read on the calling thread's clock: virtual on the driving thread and on
// simulated threads, real elsewhere. Blocking calls with a timeout, Dispatch's `after` and its
// timers all turn a dispatch_time_t into a delay here, so they agree on what "now" is.
#include "world.h"

#include <time.h>

static int64_t real_now(int id) {
  struct timespec spec;
  vmrepl_real_clock_gettime(id, &spec);
  return (int64_t)spec.tv_sec * 1000000000 + spec.tv_nsec;
}

int64_t vmrepl_clock_now(int id) {
  int64_t now;
  if (vmrepl_virtual_clock(id, &now)) return now;
  return real_now(id);
}

int64_t vmrepl_delay_until(uint64_t when) {
  const uint64_t forever = ~0ULL, wall_now = ~1ULL;
  if (when == 0) return 0;
  if (when == forever) return INT64_MAX;
  int64_t delay;
  if ((int64_t)when < 0) {
    if (when & (1ULL << 62)) {
      int64_t now = vmrepl_clock_now(CLOCK_REALTIME);
      delay = when == wall_now ? 0 : -(int64_t)when - now;
    } else {
      delay = (int64_t)(when & ~(1ULL << 63)) - vmrepl_clock_now(CLOCK_BOOTTIME);
    }
  } else {
    delay = (int64_t)when - vmrepl_clock_now(CLOCK_MONOTONIC);
  }
  return delay < 0 ? 0 : delay;
}

uint64_t vmrepl_real_deadline(uint64_t when) {
  if (!vmrepl_on_driver()) return when;
  int64_t delay = vmrepl_delay_until(when);
  if (delay == INT64_MAX) return when;
  if ((int64_t)when < 0 && (when & (1ULL << 62))) {
    int64_t target = real_now(CLOCK_REALTIME) + delay;
    return (uint64_t)-target;
  }
  return (uint64_t)(real_now(CLOCK_MONOTONIC) + delay);
}

void vmrepl_clock_set_now(int64_t nanoseconds) {
  atomic_store_explicit(&vmrepl_virtual_now, nanoseconds, memory_order_relaxed);
}

int64_t vmrepl_clock_wall_nanoseconds(void) { return real_now(CLOCK_MONOTONIC); }
