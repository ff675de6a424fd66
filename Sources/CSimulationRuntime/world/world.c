// The deterministic world on the driving thread: clocks, the wall clock and random numbers.
//
// `Task.sleep(for: d)` computes `ContinuousClock.now + d` and hands the executor only the sum;
// `DispatchTime.now() + d` and a run loop timer's fire date work the same way. With every clock
// read on the simulation's thread answered from virtual time, the executor recovers `d` exactly,
// whatever the load on the machine, and `Date()` reads a wall clock that starts where the session
// says. Other threads keep the real clocks and real randomness.
#include "world.h"
#include "../platform/linux/libraries.h"

#include <time.h>

#if VMREPL_HAS_BACKEND
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);
typedef int (*gettimeofday_fn)(struct timeval *, void *);
typedef time_t (*time_fn)(time_t *);
typedef long (*syscall_fn)(long, long, long, long, long, long, long);

static clock_gettime_fn real_clock_gettime;
static gettimeofday_fn real_gettimeofday;
static time_fn real_time;
static syscall_fn real_syscall;

static _Atomic int concurrency_clock_active;
static _Atomic int world_active;
/// Virtual wall clock = offset + virtual now, in nanoseconds since 1970.
static _Atomic int64_t wall_offset = VMREPL_DEFAULT_WALL_CLOCK;
static _Atomic uint64_t random_state;

int vmrepl_real_clock_gettime(int id, void *spec) {
  if (!real_clock_gettime) real_clock_gettime = (clock_gettime_fn)dlsym(RTLD_NEXT, "clock_gettime");
  if (!real_clock_gettime) real_clock_gettime = (clock_gettime_fn)dlsym(RTLD_DEFAULT, "clock_gettime");
  return real_clock_gettime((clockid_t)id, spec);
}

int vmrepl_virtual_clock(int id, int64_t *nanoseconds) {
  if (!vmrepl_on_driver()) return 0;
  int64_t now = atomic_load_explicit(&vmrepl_virtual_now, memory_order_relaxed);
  switch (id) {
    case CLOCK_MONOTONIC: case CLOCK_MONOTONIC_RAW: case CLOCK_MONOTONIC_COARSE: case CLOCK_BOOTTIME:
      *nanoseconds = VMREPL_MONOTONIC_BASE + now;
      return 1;
    case CLOCK_REALTIME: case CLOCK_REALTIME_COARSE: case CLOCK_TAI:
      if (!atomic_load_explicit(&world_active, memory_order_relaxed)) return 0;
      *nanoseconds = atomic_load_explicit(&wall_offset, memory_order_relaxed) + now;
      return 1;
    default:
      return 0;
  }
}

/// `clock_gettime` on virtual time, a monotonic reading `lead` nanoseconds ahead.
static int virtual_clock_gettime(clockid_t id, struct timespec *spec, int64_t lead) {
  int64_t now;
  if (spec && vmrepl_virtual_clock(id, &now)) {
    if (id != CLOCK_REALTIME && id != CLOCK_REALTIME_COARSE && id != CLOCK_TAI) now += lead;
    spec->tv_sec = now / 1000000000;
    spec->tv_nsec = now % 1000000000;
    return 0;
  }
  return vmrepl_real_clock_gettime(id, spec);
}

static int simulated_clock_gettime(clockid_t id, struct timespec *spec) { return virtual_clock_gettime(id, spec, 0); }

static _Atomic int64_t foundation_clock_lead;

void vmrepl_set_foundation_clock_lead(int64_t nanoseconds) {
  atomic_store_explicit(&foundation_clock_lead, nanoseconds, memory_order_relaxed);
}

int64_t vmrepl_foundation_clock_lead(void) { return atomic_load_explicit(&foundation_clock_lead, memory_order_relaxed); }

// Foundation's (CoreFoundation's) clock: the virtual one, its monotonic reading moved on by the
// lead a run loop timer's pass sets (zero otherwise).
static int simulated_foundation_clock_gettime(clockid_t id, struct timespec *spec) {
  return virtual_clock_gettime(id, spec, vmrepl_foundation_clock_lead());
}

static int simulated_gettimeofday(struct timeval *value, void *zone) {
  int64_t now;
  if (value && vmrepl_virtual_clock(CLOCK_REALTIME, &now)) {
    value->tv_sec = now / 1000000000;
    value->tv_usec = (now % 1000000000) / 1000;
    if (zone) memset(zone, 0, 8);
    return 0;
  }
  return real_gettimeofday(value, zone);
}

static time_t simulated_time(time_t *result) {
  int64_t now;
  if (vmrepl_virtual_clock(CLOCK_REALTIME, &now)) {
    time_t seconds = (time_t)(now / 1000000000);
    if (result) *result = seconds;
    return seconds;
  }
  return real_time(result);
}

// MARK: Random

/// SplitMix64, the same on every platform.
static uint64_t next_random(void) {
  uint64_t z = atomic_fetch_add_explicit(&random_state, 0x9E3779B97F4A7C15ULL, memory_order_relaxed) + 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static void fill_random(void *buffer, size_t size) {
  unsigned char *bytes = buffer;
  while (size > 0) {
    uint64_t value = next_random();
    size_t count = size < 8 ? size : 8;
    memcpy(bytes, &value, count);
    bytes += count;
    size -= count;
  }
}

static int random_is_seeded(void) {
  return atomic_load_explicit(&world_active, memory_order_relaxed) && vmrepl_on_driver();
}

/// libswiftCore's `swift_stdlib_random` and Foundation's UUIDs call getrandom through syscall(2).
static long simulated_syscall(long number, long a1, long a2, long a3, long a4, long a5, long a6) {
  if (number == SYS_getrandom && random_is_seeded()) {
    fill_random((void *)a1, (size_t)a2);
    return a2;
  }
  return real_syscall(number, a1, a2, a3, a4, a5, a6);
}

/// Code compiled with `SystemRandomNumberGenerator` inlined calls this directly.
static void simulated_stdlib_random(void *buffer, size_t size) {
  if (random_is_seeded()) {
    fill_random(buffer, size);
    return;
  }
  static void (*real)(void *, size_t);
  if (!real) real = (void (*)(void *, size_t))dlsym(RTLD_DEFAULT, "swift_stdlib_random");
  real(buffer, size);
}

/// Foundation makes UUIDs from /dev/urandom (open, read, close in one call): on the driving
/// thread that file reads from the seeded source instead.
typedef int (*open_fn)(const char *, int, unsigned);
typedef long (*read_fn)(int, void *, size_t);
typedef int (*close_fn)(int);
static open_fn real_open;
static read_fn real_read;
static close_fn real_close;
static int seeded_descriptor = -1;  // touched on the driving thread only

static int simulated_open(const char *path, int flags, unsigned mode) {
  if (path && strcmp(path, "/dev/urandom") == 0 && random_is_seeded()) {
    int descriptor = real_open("/dev/null", flags, mode);
    if (descriptor >= 0) seeded_descriptor = descriptor;
    return descriptor;
  }
  return real_open(path, flags, mode);
}

static _Atomic(vmrepl_read_answer) read_answer;
static _Atomic int reads_followed;

void vmrepl_world_answer_reads(vmrepl_read_answer answer) { atomic_store_explicit(&read_answer, answer, memory_order_release); }

int vmrepl_world_follows_reads(void) { return atomic_load_explicit(&reads_followed, memory_order_acquire); }

static long simulated_read(int descriptor, void *buffer, size_t size) {
  vmrepl_read_answer answer = atomic_load_explicit(&read_answer, memory_order_acquire);
  long answered;
  if (answer && answer(descriptor, buffer, size, &answered)) return answered;
  if (descriptor >= 0 && descriptor == seeded_descriptor && vmrepl_on_driver()) {
    fill_random(buffer, size);
    return (long)size;
  }
  return real_read(descriptor, buffer, size);
}

static int simulated_close(int descriptor) {
  if (descriptor >= 0 && descriptor == seeded_descriptor && vmrepl_on_driver()) seeded_descriptor = -1;
  return real_close(descriptor);
}

void vmrepl_world_seed(uint64_t seed) {
  // A different stream from the session's own RandomSource for the same seed.
  atomic_store(&random_state, seed ^ 0x5DEECE66DULL);
}

void vmrepl_world_set_wall_clock(int64_t unix_nanoseconds, int64_t at) {
  atomic_store(&wall_offset, unix_nanoseconds - at);
}

int64_t vmrepl_world_wall_clock(void) {
  return atomic_load(&wall_offset) + atomic_load(&vmrepl_virtual_now);
}

void vmrepl_world_reset(void) {
  atomic_store(&wall_offset, VMREPL_DEFAULT_WALL_CLOCK);
  atomic_store(&random_state, 0);
}

// MARK: Activation

// Not libdispatch: the driving thread also runs Dispatch's own machinery (draining a queue in
// dispatch_sync, the main queue's callback), which must keep real time for real timers. The
// overlay's dispatch_time and dispatch_walltime are answered in dispatch/dispatch.c instead.
static const char *const runtime_libraries[] = {
  VMREPL_LIB_SWIFT_CONCURRENCY, VMREPL_LIB_SWIFT_DISPATCH, VMREPL_LIB_FOUNDATION,
  VMREPL_LIB_FOUNDATION_ESSENTIALS, VMREPL_LIB_FOUNDATION_INTERNATIONALIZATION, VMREPL_LIB_FOUNDATION_NETWORKING,
  NULL,
};
static const char *const system_libraries[] = {VMREPL_LIB_SWIFT_CORE, NULL};
static const char *const random_syscall_libraries[] = {VMREPL_LIB_SWIFT_CORE, VMREPL_LIB_FOUNDATION_ESSENTIALS, VMREPL_LIB_FOUNDATION, NULL};

int vmrepl_world_activate(void) {
  real_clock_gettime = (clock_gettime_fn)dlsym(RTLD_DEFAULT, "clock_gettime");
  real_gettimeofday = (gettimeofday_fn)dlsym(RTLD_DEFAULT, "gettimeofday");
  real_time = (time_fn)dlsym(RTLD_DEFAULT, "time");
  real_syscall = (syscall_fn)dlsym(RTLD_DEFAULT, "syscall");
  if (!real_clock_gettime || !real_gettimeofday || !real_time || !real_syscall) return 0;
  int result = 0;
  static const char *const concurrency[] = {VMREPL_LIB_SWIFT_CONCURRENCY, NULL};
  if (vmrepl_patch("clock_gettime", (void *)simulated_clock_gettime, concurrency, NULL) > 0) {
    atomic_store(&concurrency_clock_active, 1);
    result |= VMREPL_CONCURRENCY_CLOCK;
  }
  const char *const *clock_libraries = runtime_libraries;
  static const struct vmrepl_redirect clock_redirects[] = {
    {"clock_gettime", (void *)simulated_clock_gettime},
    {"gettimeofday", (void *)simulated_gettimeofday},
    {"time", (void *)simulated_time},
    {NULL, NULL},
  };
  int clocks = vmrepl_patch_each(clock_redirects, clock_libraries);
  // Foundation's own slot again, for the clock that reads a run loop pass's lead.
  static const char *const foundation[] = {VMREPL_LIB_FOUNDATION, NULL};
  vmrepl_patch("clock_gettime", (void *)simulated_foundation_clock_gettime, foundation, NULL);
  if (clocks > 0) result |= VMREPL_FOUNDATION_CLOCK;
  int random = vmrepl_patch("syscall", (void *)simulated_syscall, random_syscall_libraries, NULL);
  static const char *const swift_objects[] = {VMREPL_OBJECTS_SWIFT, NULL};
  random += vmrepl_patch("swift_stdlib_random", (void *)simulated_stdlib_random, swift_objects, system_libraries);
  real_open = (open_fn)dlsym(RTLD_DEFAULT, "open");
  real_read = (read_fn)dlsym(RTLD_DEFAULT, "read");
  real_close = (close_fn)dlsym(RTLD_DEFAULT, "close");
  if (real_open && real_read && real_close) {
    static const char *const uuid_libraries[] = {VMREPL_LIB_FOUNDATION_ESSENTIALS, VMREPL_LIB_FOUNDATION, NULL};
    static const struct vmrepl_redirect uuid_redirects[] = {
      {"open", (void *)simulated_open},
      {"read", (void *)simulated_read},
      {"close", (void *)simulated_close},
      {NULL, NULL},
    };
    int slots[3];
    vmrepl_patch_batch(uuid_redirects, uuid_libraries, NULL, 0, slots);
    random += slots[0];
    atomic_store(&reads_followed, slots[1] > 0);
  }
  if (random > 0) result |= VMREPL_RANDOM;
  atomic_store(&world_active, 1);
  return result;
}

int vmrepl_clock_is_active(void) { return atomic_load(&concurrency_clock_active); }

#endif  // VMREPL_HAS_BACKEND
