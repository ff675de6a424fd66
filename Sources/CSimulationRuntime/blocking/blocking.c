// Blocking calls on simulated threads: semaphores, groups, locks, conditions, sleeps and `sync`.
//
// Each call first tries the real primitive without waiting. When that would block, the caller
// parks (threads/threads.c) on the object instead of blocking for real, and whoever makes the call
// possible (a signal, an unlock, a leave, the end of a block on a busy queue, a virtual deadline)
// makes it ready again; it then tries once more. Because only the baton's holder runs, nobody
// can slip in between the try and the park, so no wake-up is lost and the order is the
// scheduler's. Calls from threads outside the simulation, and the simulation's own waits between
// jobs, go to the real functions.
#include "blocking.h"
#include "../platform/linux/libraries.h"
#include "../world/world.h"

#if VMREPL_HAS_BACKEND
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long (*real_semaphore_wait)(void *, uint64_t);
static long (*real_semaphore_signal)(void *);
static long (*real_group_wait)(void *, uint64_t);
static void (*real_group_leave)(void *);
static int (*real_mutex_lock)(pthread_mutex_t *);
static int (*real_mutex_trylock)(pthread_mutex_t *);
static int (*real_mutex_unlock)(pthread_mutex_t *);
static int (*real_cond_wait)(pthread_cond_t *, pthread_mutex_t *);
static int (*real_cond_timedwait)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
static int (*real_cond_signal)(pthread_cond_t *);
static int (*real_cond_broadcast)(pthread_cond_t *);
static int (*real_nanosleep)(const struct timespec *, struct timespec *);
static int (*real_usleep)(useconds_t);
static unsigned (*real_sleep)(unsigned);

int vmrepl_real_mutex_lock(pthread_mutex_t *mutex) {
  if (!real_mutex_lock) *(void **)&real_mutex_lock = dlsym(RTLD_DEFAULT, "pthread_mutex_lock");
  return real_mutex_lock(mutex);
}

int vmrepl_real_mutex_unlock(pthread_mutex_t *mutex) {
  if (!real_mutex_unlock) *(void **)&real_mutex_unlock = dlsym(RTLD_DEFAULT, "pthread_mutex_unlock");
  return real_mutex_unlock(mutex);
}

static int64_t now(void) { return atomic_load_explicit(&vmrepl_virtual_now, memory_order_relaxed); }

/// A virtual deadline for a dispatch_time_t timeout: -1 for forever.
static int64_t deadline_after(uint64_t timeout) {
  int64_t delay = vmrepl_delay_until(timeout);
  return delay == INT64_MAX ? -1 : now() + delay;
}

// MARK: Objects that simulated threads wait on, for wake-ups from outside

/// Semaphores, groups and conditions a simulated thread (or the blocked driving thread) waits
/// on: a thread outside the simulation that signals one posts a wake-up instead of waking it
/// directly. Read by any thread, written by the baton's holder, under the lock.
#define WATCHED 64
static pthread_mutex_t watched_lock = PTHREAD_MUTEX_INITIALIZER;
static void *watched[WATCHED];
static int watched_count;
static _Atomic int watching;

static void watch(void *object) {
  real_mutex_lock(&watched_lock);
  int found = 0;
  for (int index = 0; index < watched_count; index++) found |= watched[index] == object;
  if (!found && watched_count < WATCHED) watched[watched_count++] = object;
  atomic_store(&watching, watched_count);
  real_mutex_unlock(&watched_lock);
}

static void unwatch_if_idle(int kind, void *object) {
  if (vmrepl_simthread_waiting(kind, object)) return;
  real_mutex_lock(&watched_lock);
  for (int index = 0; index < watched_count; index++) {
    if (watched[index] == object) {
      watched[index] = watched[--watched_count];
      break;
    }
  }
  atomic_store(&watching, watched_count);
  real_mutex_unlock(&watched_lock);
}

static void post_if_watched(int kind, void *object) {
  if (!atomic_load_explicit(&watching, memory_order_relaxed)) return;
  real_mutex_lock(&watched_lock);
  int found = 0;
  for (int index = 0; index < watched_count; index++) found |= watched[index] == object;
  real_mutex_unlock(&watched_lock);
  if (found) vmrepl_threads_post_foreign(kind, object);
}

/// Parks on an object a thread outside the simulation may signal.
static int block_watched(int kind, void *object, int64_t deadline) {
  watch(object);
  int result = vmrepl_threads_block(kind, object, deadline);
  unwatch_if_idle(kind, object);
  return result;
}

// MARK: Semaphores and groups

/// A wait on a Dispatch semaphore or group: tries the real call without waiting, and parks
/// until a signal or leave, or the virtual deadline, makes it worth trying again.
static long timed_wait(int kind, void *object, uint64_t timeout, long (*real_wait)(void *, uint64_t)) {
  if (!vmrepl_blocking_here()) return real_wait(object, vmrepl_real_deadline(timeout));
  int64_t deadline = deadline_after(timeout);
  while (1) {
    if (real_wait(object, 0) == 0) return 0;
    if (deadline >= 0 && now() >= deadline) return 49;  // KERN_OPERATION_TIMED_OUT, as libdispatch says
    if (block_watched(kind, object, deadline) == 0) return real_wait(object, timeout);
  }
}

/// Wakes `limit` (0: all) of the threads parked on `object`; a thread outside the simulation
/// posts the wake-up for the next idle point instead.
static void wake_or_post(int kind, void *object, int limit) {
  if (vmrepl_in_simulation()) {
    vmrepl_simthread_wake(kind, object, limit);
  } else {
    post_if_watched(kind, object);
  }
}

static long simulated_semaphore_wait(void *semaphore, uint64_t timeout) {
  return timed_wait(VMREPL_WAIT_SEMAPHORE, semaphore, timeout, real_semaphore_wait);
}

static long simulated_semaphore_signal(void *semaphore) {
  long result = real_semaphore_signal(semaphore);
  wake_or_post(VMREPL_WAIT_SEMAPHORE, semaphore, 1);
  return result;
}

static long simulated_group_wait(void *group, uint64_t timeout) {
  return timed_wait(VMREPL_WAIT_GROUP, group, timeout, real_group_wait);
}

void vmrepl_blocking_group_left(void *group) { wake_or_post(VMREPL_WAIT_GROUP, group, 0); }

static void simulated_group_leave(void *group) {
  real_group_leave(group);
  vmrepl_blocking_group_left(group);
}

// MARK: Locks

/// Locks simulated threads (or the driving thread inside a job) hold, with the holder: a lock
/// one of them holds is waited for by parking; any other is a real thread's, waited for for real.
#define HELD 1024
static struct {
  pthread_mutex_t *mutex;
  struct simthread *holder;
  int depth;
} held[HELD];
static int held_count;

/// The driving thread as a holder.
#define DRIVER_HOLDER ((struct simthread *)1)

static struct simthread *holder_self(void) { return vmrepl_current_simthread ? vmrepl_current_simthread : DRIVER_HOLDER; }

static int find_held(pthread_mutex_t *mutex) {
  for (int index = 0; index < held_count; index++) {
    if (held[index].mutex == mutex) return index;
  }
  return -1;
}

static void note_locked(pthread_mutex_t *mutex) {
  int index = find_held(mutex);
  if (index >= 0) {
    if (held[index].holder == holder_self()) {
      held[index].depth++;  // a recursive lock taken again by its holder
    } else {
      // Let go outside the simulation's view (by the driving thread between jobs): the entry is stale.
      held[index].holder = holder_self();
      held[index].depth = 1;
    }
    return;
  }
  if (held_count >= HELD) return;
  held[held_count].mutex = mutex;
  held[held_count].holder = holder_self();
  held[held_count].depth = 1;
  held_count++;
}

/// Returns whether the lock is now free.
static int note_unlocked(pthread_mutex_t *mutex) {
  int index = find_held(mutex);
  if (index < 0) return 1;
  if (--held[index].depth > 0) return 0;
  held[index] = held[--held_count];
  return 1;
}

int vmrepl_blocking_lock_holder(void *mutex) {
  int index = find_held(mutex);
  if (index < 0) return -1;
  return held[index].holder == DRIVER_HOLDER ? 0 : vmrepl_simthread_id(held[index].holder);
}

static int simulated_mutex_lock(pthread_mutex_t *mutex) {
  if (!vmrepl_blocking_here()) return real_mutex_lock(mutex);
  while (1) {
    int result = real_mutex_trylock(mutex);
    if (result == 0) {
      note_locked(mutex);
      return 0;
    }
    if (result != EBUSY) return result;
    // Held by a thread outside the simulation: it lets go on its own.
    if (find_held(mutex) < 0) {
      result = real_mutex_lock(mutex);
      if (result == 0) note_locked(mutex);
      return result;
    }
    if (vmrepl_threads_block(VMREPL_WAIT_MUTEX, mutex, -1) == 0) return real_mutex_lock(mutex);
  }
}

static int simulated_mutex_trylock(pthread_mutex_t *mutex) {
  int result = real_mutex_trylock(mutex);
  if (result == 0 && vmrepl_blocking_here()) note_locked(mutex);
  return result;
}

static int simulated_mutex_unlock(pthread_mutex_t *mutex) {
  if (!vmrepl_blocking_here()) return real_mutex_unlock(mutex);
  int freed = note_unlocked(mutex);
  int result = real_mutex_unlock(mutex);
  if (freed) vmrepl_simthread_wake(VMREPL_WAIT_MUTEX, mutex, 1);
  return result;
}

// MARK: Conditions

static int condition_wait(pthread_cond_t *condition, pthread_mutex_t *mutex, int64_t deadline) {
  simulated_mutex_unlock(mutex);
  int result = block_watched(VMREPL_WAIT_CONDITION, condition, deadline);
  simulated_mutex_lock(mutex);
  return result == 2 ? ETIMEDOUT : 0;
}

static int simulated_cond_wait(pthread_cond_t *condition, pthread_mutex_t *mutex) {
  if (!vmrepl_blocking_here()) return real_cond_wait(condition, mutex);
  return condition_wait(condition, mutex, -1);
}

static int simulated_cond_timedwait(pthread_cond_t *condition, pthread_mutex_t *mutex, const struct timespec *until) {
  if (!vmrepl_blocking_here()) return real_cond_timedwait(condition, mutex, until);
  // Foundation's NSCondition waits on the wall clock, which reads virtual time here.
  struct timespec wall;
  clock_gettime(CLOCK_REALTIME, &wall);
  int64_t delay = ((int64_t)until->tv_sec - wall.tv_sec) * 1000000000 + (until->tv_nsec - wall.tv_nsec);
  return condition_wait(condition, mutex, now() + (delay > 0 ? delay : 0));
}

static int simulated_cond_signal(pthread_cond_t *condition) {
  wake_or_post(VMREPL_WAIT_CONDITION, condition, 1);
  return real_cond_signal(condition);
}

static int simulated_cond_broadcast(pthread_cond_t *condition) {
  wake_or_post(VMREPL_WAIT_CONDITION, condition, 0);
  return real_cond_broadcast(condition);
}

// MARK: Sleeps

/// Sleeps on virtual time: returns 1 when the sleep was simulated.
static int sleep_virtual(int64_t nanoseconds) {
  if (!vmrepl_blocking_here()) return 0;
  if (nanoseconds <= 0) return 1;
  int64_t deadline = now() + nanoseconds;
  while (now() < deadline) {
    if (vmrepl_threads_block(VMREPL_WAIT_SLEEP, NULL, deadline) == 0) break;
  }
  return 1;
}

static int simulated_nanosleep(const struct timespec *duration, struct timespec *remaining) {
  if (duration && sleep_virtual((int64_t)duration->tv_sec * 1000000000 + duration->tv_nsec)) {
    if (remaining) memset(remaining, 0, sizeof *remaining);
    return 0;
  }
  return real_nanosleep(duration, remaining);
}

static int simulated_usleep(useconds_t microseconds) {
  if (sleep_virtual((int64_t)microseconds * 1000)) return 0;
  return real_usleep(microseconds);
}

static unsigned simulated_sleep(unsigned seconds) {
  if (sleep_virtual((int64_t)seconds * 1000000000)) return 0;
  return real_sleep(seconds);
}

// Foundation's `Thread.sleep` loops on nanosleep until its uptime reading, a Double, passes the
// end it computed; on virtual time the two readings can differ by a rounding error that never
// goes away, so the program's calls to it are redirected whole. Both are Swift class methods
// whose one argument (a TimeInterval; a Date, which is one Double) comes in the first float
// register, as it does for a C function; `self` (the metatype, in r13) is not used by either,
// and r13 is preserved across C code.
static void (*real_thread_sleep_interval)(double);
static void (*real_thread_sleep_until)(double);

static int64_t interval_nanoseconds(double seconds) {
  if (!(seconds > 0)) return 0;
  if (seconds > 9.0e9) return INT64_MAX / 2;
  // Whole microseconds, as a fire date is: 0.1 s is 100000000 ns, not 99999999.
  return (int64_t)(seconds * 1e6 + 0.5) * 1000;
}

static void simulated_thread_sleep_interval(double interval) {
  if (!sleep_virtual(interval_nanoseconds(interval))) real_thread_sleep_interval(interval);
}

static void simulated_thread_sleep_until(double reference_date) {
  // A Date is seconds since 2001; the wall clock reads virtual time here.
  struct timespec wall;
  clock_gettime(CLOCK_REALTIME, &wall);
  double now_reference = (double)wall.tv_sec - 978307200.0 + wall.tv_nsec * 1e-9;
  if (!sleep_virtual(interval_nanoseconds(reference_date - now_reference))) real_thread_sleep_until(reference_date);
}

void vmrepl_blocking_reset(void) { held_count = 0; }

int vmrepl_blocking_activate(void) {
  LOOKUP(real_semaphore_wait, "dispatch_semaphore_wait");
  LOOKUP(real_semaphore_signal, "dispatch_semaphore_signal");
  LOOKUP(real_group_wait, "dispatch_group_wait");
  LOOKUP(real_group_leave, "dispatch_group_leave");
  LOOKUP(real_mutex_lock, "pthread_mutex_lock");
  LOOKUP(real_mutex_trylock, "pthread_mutex_trylock");
  LOOKUP(real_mutex_unlock, "pthread_mutex_unlock");
  LOOKUP(real_cond_wait, "pthread_cond_wait");
  LOOKUP(real_cond_timedwait, "pthread_cond_timedwait");
  LOOKUP(real_cond_signal, "pthread_cond_signal");
  LOOKUP(real_cond_broadcast, "pthread_cond_broadcast");
  LOOKUP(real_nanosleep, "nanosleep");
  LOOKUP(real_usleep, "usleep");
  LOOKUP(real_sleep, "sleep");
  // The program's Dispatch calls come through the Swift overlay; its locks, conditions and
  // sleeps through Foundation (NSLock, NSCondition, Thread.sleep) or straight from its code.
  static const char *const dispatch_callers[] = {VMREPL_LIB_SWIFT_DISPATCH, "<main>", NULL};
  static const struct vmrepl_redirect dispatch_redirects[] = {
    {"dispatch_semaphore_wait", (void *)simulated_semaphore_wait},
    {"dispatch_semaphore_signal", (void *)simulated_semaphore_signal},
    {"dispatch_group_wait", (void *)simulated_group_wait},
    {"dispatch_group_leave", (void *)simulated_group_leave},
    {NULL, NULL},
  };
  static const char *const thread_callers[] = {VMREPL_LIB_FOUNDATION, "<main>", NULL};
  static const struct vmrepl_redirect thread_redirects[] = {
    {"pthread_mutex_lock", (void *)simulated_mutex_lock},
    {"pthread_mutex_trylock", (void *)simulated_mutex_trylock},
    {"pthread_mutex_unlock", (void *)simulated_mutex_unlock},
    {"pthread_cond_wait", (void *)simulated_cond_wait},
    {"pthread_cond_timedwait", (void *)simulated_cond_timedwait},
    {"pthread_cond_signal", (void *)simulated_cond_signal},
    {"pthread_cond_broadcast", (void *)simulated_cond_broadcast},
    {"nanosleep", (void *)simulated_nanosleep},
    {"usleep", (void *)simulated_usleep},
    {"sleep", (void *)simulated_sleep},
    {NULL, NULL},
  };
  int patched = vmrepl_patch_each(dispatch_redirects, dispatch_callers) + vmrepl_patch_each(thread_redirects, thread_callers);
  static const char *const sleep_interval = "$s10Foundation6ThreadC5sleep15forTimeIntervalySd_tFZ";
  static const char *const sleep_until = "$s10Foundation6ThreadC5sleep5untily0A10Essentials4DateV_tFZ";
  *(void **)&real_thread_sleep_interval = dlsym(RTLD_DEFAULT, sleep_interval);
  *(void **)&real_thread_sleep_until = dlsym(RTLD_DEFAULT, sleep_until);
  static const char *const except[] = {VMREPL_LIBS_FOUNDATION, VMREPL_LIBS_SWIFT, VMREPL_LIBS_DISPATCH, NULL};
  // Both in one pass, over the objects whose code can call Foundation's Swift functions.
  static const char *const swift_objects[] = {VMREPL_OBJECTS_SWIFT, NULL};
  struct vmrepl_redirect sleeps[3];
  int count = 0;
  if (real_thread_sleep_interval) sleeps[count++] = (struct vmrepl_redirect){sleep_interval, (void *)simulated_thread_sleep_interval};
  if (real_thread_sleep_until) sleeps[count++] = (struct vmrepl_redirect){sleep_until, (void *)simulated_thread_sleep_until};
  sleeps[count] = (struct vmrepl_redirect){NULL, NULL};
  int slots[3];
  if (count > 0) patched += vmrepl_patch_batch(sleeps, swift_objects, except, 0, slots);
  return patched;
}

#endif  // VMREPL_HAS_BACKEND
