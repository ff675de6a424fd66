// Dispatch on the simulation.
//
// Every block a Swift program hands to Dispatch goes through the Swift overlay
// (libswiftDispatch.so), whose calls to dispatch_async, dispatch_after and friends we redirect:
// - blocks for the main queue, from any thread, become simulation jobs on the main actor's
//   first-in-first-out queue (on Apple platforms the main actor is the main queue);
// - blocks the driving thread hands to any other queue become simulation jobs too, run one at a
//   time on the driving thread through dispatch_sync on their queue, so queue-specific data and
//   a serial queue's exclusion hold;
// - blocks other threads hand to other queues run for real, counted as work outside the
//   simulation until they end, so that `await` waits for a callback on its way.
#include "internal.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void *queue_t;
typedef void *block_t;
typedef void *group_t;

struct block_layout {
  void *isa;
  int flags;
  int reserved;
  void (*invoke)(void *);
  void *descriptor;
};

static block_t (*block_copy)(const void *);
static void (*block_release)(const void *);
static void (*real_async)(queue_t, block_t);
static void (*real_barrier_async)(queue_t, block_t);
static void (*real_group_async)(group_t, queue_t, block_t);
static void (*real_after)(uint64_t, queue_t, block_t);
static void (*real_sync)(queue_t, block_t);
static void (*real_barrier_sync)(queue_t, block_t);
static void (*real_async_f)(queue_t, void *, void (*)(void *));
static void (*real_after_f)(uint64_t, queue_t, void *, void (*)(void *));
static void (*real_group_enter)(group_t);
static void (*real_group_leave)(group_t);
static void (*real_retain)(void *);
static void (*real_release)(void *);
static long (*real_testcancel)(block_t);
static block_t (*real_block_create)(unsigned long, block_t);
static const char *(*real_queue_label)(queue_t);
static void *(*real_source_create)(const void *, uintptr_t, uintptr_t, queue_t);
static void (*main_queue_callback)(void *);
static int (*main_queue_handle)(void);

static queue_t main_queue;
static const void *timer_source_type;
/// The invoke function of blocks made by dispatch_block_create (a DispatchWorkItem's block).
static void (*work_item_invoke)(void *);
static int main_handle = -1;
static _Atomic int active;

static int64_t clock_now(int id) {
  int64_t now;
  if (vmrepl_virtual_clock(id, &now)) return now;
  struct timespec spec;
  vmrepl_real_clock_gettime(id, &spec);
  return (int64_t)spec.tv_sec * 1000000000 + spec.tv_nsec;
}

/// The delay until a dispatch_time_t, read on the calling thread's clock (virtual on the driver).
static int64_t delay_until(uint64_t when) {
  const uint64_t forever = ~0ULL, wall_now = ~1ULL;
  if (when == 0) return 0;
  if (when == forever) return INT64_MAX;
  int64_t delay;
  if ((int64_t)when < 0) {
    if (when & (1ULL << 62)) {
      int64_t now = clock_now(CLOCK_REALTIME);
      delay = when == wall_now ? 0 : -(int64_t)when - now;
    } else {
      delay = (int64_t)(when & ~(1ULL << 63)) - clock_now(CLOCK_BOOTTIME);
    }
  } else {
    delay = (int64_t)when - clock_now(CLOCK_MONOTONIC);
  }
  return delay < 0 ? 0 : delay;
}

// MARK: Work on other threads

struct counted {
  block_t block;
  uint64_t id;
};

static void run_counted(void *context) {
  struct counted *counted = context;
  ((struct block_layout *)counted->block)->invoke(counted->block);
  block_release(counted->block);
  vmrepl_hooks->external_end(counted->id);
  free(counted);
}

static struct counted *count(queue_t queue, block_t block) {
  struct counted *counted = malloc(sizeof(struct counted));
  char label[160];
  const char *name = real_queue_label ? real_queue_label(queue) : "";
  snprintf(label, sizeof label, "a block on DispatchQueue `%s` on another thread", name && *name ? name : "(unlabelled)");
  counted->block = block_copy(block);
  counted->id = vmrepl_hooks->external_begin(label);
  return counted;
}

// MARK: Interposed functions

static void submit(queue_t queue, block_t block, int flags, int64_t delay, group_t group) {
  vmrepl_hooks->submit(queue, block_copy(block), flags | (queue == main_queue ? VMREPL_BLOCK_MAIN : 0), delay, group);
}

static int simulated(queue_t queue) {
  return atomic_load_explicit(&active, memory_order_relaxed) && (queue == main_queue || vmrepl_on_driver());
}

static void simulated_async(queue_t queue, block_t block) {
  if (simulated(queue)) return submit(queue, block, 0, -1, NULL);
  if (!atomic_load(&active)) return real_async(queue, block);
  real_async_f(queue, count(queue, block), run_counted);
}

static void simulated_barrier_async(queue_t queue, block_t block) {
  if (simulated(queue)) return submit(queue, block, VMREPL_BLOCK_BARRIER, -1, NULL);
  if (!atomic_load(&active)) return real_barrier_async(queue, block);
  // A counted barrier would lose its barrier: let it run as it is, uncounted.
  real_barrier_async(queue, block);
}

static void simulated_group_async(group_t group, queue_t queue, block_t block) {
  if (!simulated(queue)) return real_group_async(group, queue, block);
  real_group_enter(group);
  real_retain(group);
  submit(queue, block, 0, -1, group);
}

static void simulated_after(uint64_t when, queue_t queue, block_t block) {
  if (!simulated(queue)) {
    if (!atomic_load(&active)) return real_after(when, queue, block);
    return real_after_f(when, queue, count(queue, block), run_counted);
  }
  int64_t delay = delay_until(when);
  if (delay == INT64_MAX) return;  // DISPATCH_TIME_FOREVER: never runs
  submit(queue, block, 0, delay, NULL);
}

static void simulated_sync(queue_t queue, block_t block) {
  if (atomic_load_explicit(&active, memory_order_relaxed) && vmrepl_on_driver() && queue != main_queue) {
    vmrepl_hooks->flush(queue);
  }
  real_sync(queue, block);
}

static void simulated_barrier_sync(queue_t queue, block_t block) {
  if (atomic_load_explicit(&active, memory_order_relaxed) && vmrepl_on_driver() && queue != main_queue) {
    vmrepl_hooks->flush(queue);
  }
  real_barrier_sync(queue, block);
}

static void *simulated_source_create(const void *type, uintptr_t handle, uintptr_t mask, queue_t queue) {
  if (type == timer_source_type && vmrepl_on_driver() && atomic_load(&active)) {
    vmrepl_hooks->unsupported("DispatchSourceTimer");
  }
  return real_source_create(type, handle, mask, queue);
}

// MARK: Running simulated blocks

void vmrepl_dispatch_run(void *queue, void *block, int flags, void *group) {
  if (flags & VMREPL_BLOCK_MAIN) {
    ((struct block_layout *)block)->invoke(block);
  } else if (flags & VMREPL_BLOCK_BARRIER) {
    real_barrier_sync(queue, block);
  } else {
    real_sync(queue, block);
  }
  vmrepl_dispatch_discard(block, group);
}

void vmrepl_dispatch_discard(void *block, void *group) {
  block_release(block);
  if (group) {
    real_group_leave(group);
    real_release(group);
  }
}

int vmrepl_dispatch_is_cancelled(void *block) {
  if (!work_item_invoke || ((struct block_layout *)block)->invoke != work_item_invoke) return 0;
  return real_testcancel(block) != 0;
}

const char *vmrepl_dispatch_queue_label(void *queue) {
  if (queue == main_queue) return "main";
  const char *label = real_queue_label ? real_queue_label(queue) : NULL;
  return label && *label ? label : "(unlabelled)";
}

int vmrepl_dispatch_drain_main_queue(void) {
  if (main_handle < 0 || !main_queue_callback) return 0;
  struct pollfd descriptor = {.fd = main_handle, .events = POLLIN};
  if (poll(&descriptor, 1, 0) <= 0) return 0;
  main_queue_callback(NULL);
  return 1;
}

// MARK: Activation

static void noop_invoke(void *block) { (void)block; }
static struct { unsigned long reserved, size; } noop_descriptor = {0, sizeof(struct block_layout)};
static struct block_layout noop_block = {NULL, 1 << 28 /* BLOCK_IS_GLOBAL */, 0, noop_invoke, &noop_descriptor};

#define LOOKUP(variable, name) \
  do { *(void **)&(variable) = dlsym(RTLD_DEFAULT, name); if (!(variable)) return 0; } while (0)

int vmrepl_dispatch_activate(void) {
  LOOKUP(block_copy, "_Block_copy");
  LOOKUP(block_release, "_Block_release");
  LOOKUP(real_async, "dispatch_async");
  LOOKUP(real_barrier_async, "dispatch_barrier_async");
  LOOKUP(real_group_async, "dispatch_group_async");
  LOOKUP(real_after, "dispatch_after");
  LOOKUP(real_sync, "dispatch_sync");
  LOOKUP(real_barrier_sync, "dispatch_barrier_sync");
  LOOKUP(real_async_f, "dispatch_async_f");
  LOOKUP(real_after_f, "dispatch_after_f");
  LOOKUP(real_group_enter, "dispatch_group_enter");
  LOOKUP(real_group_leave, "dispatch_group_leave");
  LOOKUP(real_retain, "dispatch_retain");
  LOOKUP(real_release, "dispatch_release");
  LOOKUP(real_testcancel, "dispatch_block_testcancel");
  LOOKUP(real_block_create, "dispatch_block_create");
  LOOKUP(real_queue_label, "dispatch_queue_get_label");
  LOOKUP(real_source_create, "dispatch_source_create");
  LOOKUP(main_queue, "_dispatch_main_q");
  LOOKUP(timer_source_type, "_dispatch_source_type_timer");
  LOOKUP(main_queue_callback, "_dispatch_main_queue_callback_4CF");
  LOOKUP(main_queue_handle, "_dispatch_get_main_queue_handle_4CF");
  void *global_block_class = dlsym(RTLD_DEFAULT, "_NSConcreteGlobalBlock");
  if (global_block_class) {
    noop_block.isa = global_block_class;
    block_t item = real_block_create(0, &noop_block);
    if (item) {
      work_item_invoke = ((struct block_layout *)item)->invoke;
      block_release(item);
    }
  }
  // The real main queue's wake-up descriptor: blocks that reach it by paths we do not redirect
  // (a group's notify, a source's handler) are drained from the driving thread.
  main_handle = main_queue_handle();

  static const char *const overlay[] = {"libswiftDispatch.so", "libFoundation.so", "libFoundationNetworking.so", "<main>", NULL};
  int patched = vmrepl_patch("dispatch_async", (void *)simulated_async, overlay, NULL);
  patched += vmrepl_patch("dispatch_barrier_async", (void *)simulated_barrier_async, overlay, NULL);
  patched += vmrepl_patch("dispatch_group_async", (void *)simulated_group_async, overlay, NULL);
  patched += vmrepl_patch("dispatch_after", (void *)simulated_after, overlay, NULL);
  patched += vmrepl_patch("dispatch_sync", (void *)simulated_sync, overlay, NULL);
  patched += vmrepl_patch("dispatch_barrier_sync", (void *)simulated_barrier_sync, overlay, NULL);
  patched += vmrepl_patch("dispatch_source_create", (void *)simulated_source_create, overlay, NULL);
  if (patched == 0) return 0;
  atomic_store(&active, 1);
  return VMREPL_DISPATCH;
}

#else

int vmrepl_dispatch_activate(void) { return 0; }
void vmrepl_dispatch_run(void *queue, void *block, int flags, void *group) { (void)queue; (void)block; (void)flags; (void)group; }
void vmrepl_dispatch_discard(void *block, void *group) { (void)block; (void)group; }
int vmrepl_dispatch_is_cancelled(void *block) { (void)block; return 0; }
const char *vmrepl_dispatch_queue_label(void *queue) { (void)queue; return ""; }
int vmrepl_dispatch_drain_main_queue(void) { return 0; }

#endif
