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
#include "dispatch.h"
#include "../platform/linux/libraries.h"
#include "../world/world.h"

#if VMREPL_HAS_BACKEND
#include <dlfcn.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unwind.h>

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
static void (*real_barrier_async_f)(queue_t, void *, void (*)(void *));
static void (*real_group_async_f)(group_t, queue_t, void *, void (*)(void *));
static void (*real_group_enter)(group_t);
static void (*real_group_leave)(group_t);
static void (*real_retain)(void *);
static void (*real_release)(void *);
static long (*real_testcancel)(block_t);
static block_t (*real_block_create)(unsigned long, block_t);
static const char *(*real_queue_label)(queue_t);
static void (*main_queue_callback)(void *);
static queue_t (*real_queue_create)(const char *, void *);
static queue_t (*real_queue_create_with_target)(const char *, void *, queue_t);
static void (*real_set_specific)(queue_t, const void *, void *, void (*)(void *));
static void *(*real_get_specific)(queue_t, const void *);
static void (*real_source_set_timer)(void *, uint64_t, uint64_t, uint64_t);
static int (*main_queue_handle)(void);

static queue_t main_queue;
/// The invoke function of blocks made by dispatch_block_create (a DispatchWorkItem's block).
static void (*work_item_invoke)(void *);
static int main_handle = -1;
/// Set when libdispatch wakes the real main queue (a block reached it by a path we do not
/// redirect), so the driving thread looks at it only then.
static _Atomic int main_queue_woken;
static int (*real_eventfd_write)(int, uint64_t);

static int simulated_eventfd_write(int descriptor, uint64_t value) {
  if (descriptor == main_handle) {
    atomic_store(&main_queue_woken, 1);
    if (!vmrepl_on_driver()) vmrepl_hooks->wake();
  }
  return real_eventfd_write(descriptor, value);
}
static _Atomic int active;

static queue_t simulated_queue_create(const char *label, void *attributes);
static queue_t simulated_queue_create_with_target(const char *label, void *attributes, queue_t target);

/// Marks queues Foundation made for itself (URLSession's, OperationQueue's): they stay real.
static char foundation_queue_key;

// MARK: Work on other threads

struct counted {
  block_t block;
  uint64_t id;
  /// The work tag (retained) of whoever handed the block over, current while it runs.
  void *tag;
};

// A block running outside the simulation carries the work tag of whoever handed it over
// (core/work_tag.c), so that what it hands on is still the work of the step that began it.
static void run_counted(void *context) {
  struct counted *counted = context;
  void *outer = vmrepl_swap_thread_tag(counted->tag);
  ((struct block_layout *)counted->block)->invoke(counted->block);
  vmrepl_swap_thread_tag(outer);
  block_release(counted->block);
  if (counted->tag && vmrepl_hooks->tag_release) vmrepl_hooks->tag_release(counted->tag);
  vmrepl_hooks->external_end(counted->id);
  free(counted);
}

static struct counted *count(queue_t queue, block_t block) {
  struct counted *counted = malloc(sizeof(struct counted));
  char label[160];
  const char *name = real_queue_label ? real_queue_label(queue) : "";
  char clean[96];
  size_t length = 0;
  // Foundation names some queues after an address ("NSOperationQueue 0x5577f4b82ca0"): keep the words.
  for (const char *c = name ? name : ""; *c && length + 1 < sizeof clean; c++) {
    if (c[0] == ' ' && c[1] == '0' && c[2] == 'x') break;
    clean[length++] = *c;
  }
  clean[length] = 0;
  snprintf(label, sizeof label, "a block on DispatchQueue `%s` outside the simulation", length ? clean : "(unlabelled)");
  counted->block = block_copy(block);
  counted->tag = vmrepl_hooks->tag_retain ? vmrepl_hooks->tag_retain() : NULL;
  counted->id = vmrepl_hooks->external_begin(label);
  return counted;
}

// MARK: Interposed functions

static void submit(queue_t queue, block_t block, int flags, int64_t delay, group_t group) {
  vmrepl_hooks->submit(queue, block_copy(block), flags | (queue == main_queue ? VMREPL_BLOCK_MAIN : 0), delay, group);
}

static int simulated(queue_t queue) {
  if (!atomic_load_explicit(&active, memory_order_relaxed)) return 0;
  if (queue == main_queue) return 1;
  return vmrepl_on_driver() && real_get_specific(queue, &foundation_queue_key) == NULL;
}

static void simulated_async(queue_t queue, block_t block) {
  if (simulated(queue)) return submit(queue, block, 0, -1, NULL);
  // Another thread's block, or the driver's block for a queue Foundation keeps for itself:
  // it runs for real, counted as work outside the simulation until it ends.
  if (!atomic_load(&active)) return real_async(queue, block);
  real_async_f(queue, count(queue, block), run_counted);
}

static void simulated_barrier_async(queue_t queue, block_t block) {
  if (simulated(queue)) return submit(queue, block, VMREPL_BLOCK_BARRIER, -1, NULL);
  if (!atomic_load(&active)) return real_barrier_async(queue, block);
  // Counted through the function form, which keeps it a barrier.
  real_barrier_async_f(queue, count(queue, block), run_counted);
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
    return real_after_f(vmrepl_real_deadline(when), queue, count(queue, block), run_counted);
  }
  int64_t delay = vmrepl_delay_until(when);
  if (delay == INT64_MAX) return;  // DISPATCH_TIME_FOREVER: never runs
  submit(queue, block, 0, delay, NULL);
}

/// Before a `dispatch_sync` from the simulation: what was handed to the queue earlier runs first.
static void flush_before_sync(queue_t queue) {
  if (atomic_load_explicit(&active, memory_order_relaxed) && vmrepl_on_driver() && queue != main_queue) {
    vmrepl_hooks->flush(queue);
  }
}

/// `DispatchQueue.main.sync` from a simulated thread, or from a job the driving thread runs off
/// the main lane: the block joins the main lane behind what is already there, and the caller
/// waits (parked) until it ran, as on a device. Returns 0 when it cannot be simulated.
static int sync_onto_main(block_t block) {
  if (!atomic_load_explicit(&active, memory_order_relaxed) || !vmrepl_threads_enabled()) return 0;
  if (!vmrepl_current_simthread && !(vmrepl_blocking_here() && !vmrepl_driver_job_on_main())) return 0;
  int waiter = vmrepl_simthread_current_id();
  submit(main_queue, block, VMREPL_BLOCK_WAKES | (waiter << VMREPL_BLOCK_WAITER_SHIFT), -1, NULL);
  // Made ready by the block's end alone (`vmrepl_simthread_wake_id`).
  vmrepl_threads_block(VMREPL_WAIT_MAIN_SYNC, main_queue, -1);
  return 1;
}

/// `sync` onto another queue from inside the simulation: after what was handed to it earlier,
/// and only once no parked thread occupies it.
static void sync_onto(queue_t queue, block_t block, int barrier) {
  flush_before_sync(queue);
  if (!vmrepl_blocking_here() || !vmrepl_queue_wait_until_free(queue, barrier)) {
    return barrier ? real_barrier_sync(queue, block) : real_sync(queue, block);
  }
  vmrepl_queue_enter(queue, barrier);
  if (barrier) real_barrier_sync(queue, block); else real_sync(queue, block);
  vmrepl_queue_leave(queue);
}

static void simulated_sync(queue_t queue, block_t block) {
  if (queue == main_queue && sync_onto_main(block)) return;
  if (queue == main_queue) return real_sync(queue, block);
  sync_onto(queue, block, 0);
}

static void simulated_barrier_sync(queue_t queue, block_t block) {
  if (queue == main_queue && sync_onto_main(block)) return;
  if (queue == main_queue) return real_barrier_sync(queue, block);
  sync_onto(queue, block, 1);
}

/// Where a walk out of the code that asked for a queue stands (see `made_by_foundation`).
struct queue_maker_walk {
  int frame;
  const char *own;
  int in_overlay, in_foundation;
  /// 1 Foundation's, 0 the program's, -1 not known yet.
  int answer;
};

static _Unwind_Reason_Code queue_maker_frame(struct _Unwind_Context *context, void *argument) {
  struct queue_maker_walk *walk = argument;
  // Frame 0 is `made_by_foundation` itself; 32 frames are as far as the walk looks.
  if (walk->frame++ == 0) return _URC_NO_REASON;
  if (walk->frame > 32) return _URC_END_OF_STACK;
  const char *library = vmrepl_library_of((void *)_Unwind_GetIP(context));
  if (!library) return _URC_NO_REASON;
  int overlay = strstr(library, VMREPL_LIB_SWIFT_DISPATCH) || strstr(library, VMREPL_LIB_DISPATCH);
  if (overlay && !walk->in_foundation) {
    walk->in_overlay = 1;
    return _URC_NO_REASON;
  }
  // Frames before the overlay are this file's own (the interposed function and its helpers).
  if (!walk->in_overlay) return _URC_NO_REASON;
  // URLSession's queues, whoever asked for the session.
  if (strstr(library, VMREPL_LIB_FOUNDATION_NETWORKING)) {
    walk->answer = 1;
    return _URC_END_OF_STACK;
  }
  if (strstr(library, VMREPL_LIBS_FOUNDATION) || strstr(library, VMREPL_LIB_SWIFT_CORE)) {
    walk->in_foundation = 1;
    return _URC_NO_REASON;
  }
  if (!walk->in_foundation) {
    walk->answer = 0;
    return _URC_END_OF_STACK;
  }
  walk->answer = !(walk->own && strcmp(library, walk->own) == 0);
  return _URC_END_OF_STACK;
}

/// Whether the code that asked for a queue belongs to Foundation: walking out of Dispatch's
/// Swift overlay and this file, then through Foundation, the first caller is not the program.
/// An OperationQueue the program made is the program's (its operations are simulated); one
/// URLSession made for itself is Foundation's, and stays real.
///
/// The walk unwinds one frame at a time and stops at the first that decides (`backtrace`
/// unwinds 32 frames before the first is looked at: a tenth of what a URLSession costs to make
/// here, since it makes several queues). Each frame's library is remembered per address.
static int made_by_foundation(void) {
  struct queue_maker_walk walk = {0, vmrepl_library_of((void *)made_by_foundation), 0, 0, -1};
  _Unwind_Backtrace(queue_maker_frame, &walk);
  return walk.answer >= 0 ? walk.answer : walk.in_foundation;
}

/// Marks queues made concurrent (`attributes: .concurrent`): several of their blocks may be
/// parked at once.
static char concurrent_queue_key;

/// The queue attributes that say "concurrent": libdispatch's own, and those the overlay derived
/// from it (with a quality of service, initially inactive, ...). A handful, from a fixed table.
#define CONCURRENT_ATTRIBUTES 64
static void *concurrent_attributes[CONCURRENT_ATTRIBUTES];
static _Atomic int concurrent_attribute_count;
static pthread_mutex_t attributes_lock = PTHREAD_MUTEX_INITIALIZER;

static int is_concurrent_attribute(void *attributes) {
  if (!attributes) return 0;
  int count = atomic_load(&concurrent_attribute_count);
  for (int index = 0; index < count; index++) {
    if (concurrent_attributes[index] == attributes) return 1;
  }
  return 0;
}

static void note_concurrent_attribute(void *attributes) {
  if (!attributes || is_concurrent_attribute(attributes)) return;
  vmrepl_real_mutex_lock(&attributes_lock);
  int count = atomic_load(&concurrent_attribute_count);
  if (!is_concurrent_attribute(attributes) && count < CONCURRENT_ATTRIBUTES) {
    concurrent_attributes[count] = attributes;
    atomic_store(&concurrent_attribute_count, count + 1);
  }
  vmrepl_real_mutex_unlock(&attributes_lock);
}

static void *(*real_attr_qos)(void *, int, int);
static void *(*real_attr_inactive)(void *);
static void *(*real_attr_autorelease)(void *, unsigned long);

static void *simulated_attr_qos(void *attributes, int qos, int priority) {
  void *result = real_attr_qos(attributes, qos, priority);
  if (is_concurrent_attribute(attributes)) note_concurrent_attribute(result);
  return result;
}

static void *simulated_attr_inactive(void *attributes) {
  void *result = real_attr_inactive(attributes);
  if (is_concurrent_attribute(attributes)) note_concurrent_attribute(result);
  return result;
}

static void *simulated_attr_autorelease(void *attributes, unsigned long frequency) {
  void *result = real_attr_autorelease(attributes, frequency);
  if (is_concurrent_attribute(attributes)) note_concurrent_attribute(result);
  return result;
}

int vmrepl_dispatch_queue_is_concurrent(void *queue) {
  if (queue == main_queue) return 0;
  if (real_get_specific(queue, &concurrent_queue_key)) return 1;
  const char *label = real_queue_label ? real_queue_label(queue) : NULL;
  return label && strncmp(label, "com.apple.root.", 15) == 0;
}

static queue_t mark(queue_t queue, void *attributes) {
  if (queue && made_by_foundation()) real_set_specific(queue, &foundation_queue_key, &foundation_queue_key, NULL);
  if (queue && is_concurrent_attribute(attributes)) real_set_specific(queue, &concurrent_queue_key, &concurrent_queue_key, NULL);
  return queue;
}

static queue_t simulated_queue_create(const char *label, void *attributes) {
  return mark(real_queue_create(label, attributes), attributes);
}

static queue_t simulated_queue_create_with_target(const char *label, void *attributes, queue_t target) {
  return mark(real_queue_create_with_target(label, attributes, target), attributes);
}

/// A real timer source (one sources.c does not simulate) armed from the driving thread.
void vmrepl_dispatch_set_real_timer(void *source, uint64_t start, uint64_t interval, uint64_t leeway) {
  real_source_set_timer(source, vmrepl_real_deadline(start), interval, leeway);
}



// MARK: Time as the overlay reads it

static uint64_t (*real_dispatch_time)(uint64_t, int64_t);
static uint64_t (*real_dispatch_walltime)(const struct timespec *, int64_t);

/// `DispatchTime.now() + d` on the driving thread: virtual uptime.
static uint64_t simulated_dispatch_time(uint64_t when, int64_t delta) {
  if (!vmrepl_on_driver() || when == ~0ULL || ((int64_t)when < 0 && (when & (1ULL << 62)))) {
    if (vmrepl_on_driver() && (int64_t)when < 0 && (when & (1ULL << 62)) && when != ~0ULL) {
      // A wall-clock time: move it by delta, as libdispatch would.
      int64_t base = when == ~1ULL ? vmrepl_clock_now(CLOCK_REALTIME) : -(int64_t)when;
      int64_t value = base + delta;
      return value <= 0 ? ~0ULL : (uint64_t)-value;
    }
    return real_dispatch_time(when, delta);
  }
  int64_t base;
  if (when == 0) {
    base = vmrepl_clock_now(CLOCK_MONOTONIC);
  } else if ((int64_t)when < 0) {
    base = (int64_t)(when & ~(1ULL << 63));  // continuous time: same timeline here
  } else {
    base = (int64_t)when;
  }
  int64_t value = base + delta;
  if (value <= 0 || (uint64_t)value >= (1ULL << 62)) return ~0ULL;
  return (uint64_t)value;
}

/// `DispatchWallTime.now() + d` on the driving thread: the virtual wall clock.
static uint64_t simulated_dispatch_walltime(const struct timespec *when, int64_t delta) {
  if (!vmrepl_on_driver()) return real_dispatch_walltime(when, delta);
  int64_t base = when ? (int64_t)when->tv_sec * 1000000000 + when->tv_nsec : vmrepl_clock_now(CLOCK_REALTIME);
  int64_t value = base + delta;
  if (value <= 0) return ~0ULL;
  return (uint64_t)-value;
}


// MARK: Shared with sources.c

int vmrepl_dispatch_simulates(void *queue) { return simulated(queue); }
void *vmrepl_main_queue(void) { return main_queue; }

void vmrepl_dispatch_invoke_on(void *queue, void *block, int is_main) {
  if (is_main) {
    ((struct block_layout *)block)->invoke(block);
  } else {
    real_sync(queue, block);
  }
}

// MARK: Running simulated blocks

void vmrepl_dispatch_run(void *queue, void *block, int flags, void *group) {
  if ((flags & VMREPL_BLOCK_BARRIER) && !(flags & VMREPL_BLOCK_MAIN)) {
    real_barrier_sync(queue, block);
  } else {
    vmrepl_dispatch_invoke_on(queue, block, flags & VMREPL_BLOCK_MAIN);
  }
  vmrepl_dispatch_discard(block, group);
  // A `main.sync` caller goes on once its block ran.
  if (flags & VMREPL_BLOCK_WAKES) vmrepl_simthread_wake_id(flags >> VMREPL_BLOCK_WAITER_SHIFT);
}


void vmrepl_dispatch_retain_queue(void *queue) { real_retain(queue); }
void vmrepl_dispatch_release_queue(void *queue) { real_release(queue); }

void vmrepl_dispatch_discard(void *block, void *group) {
  block_release(block);
  if (group) {
    real_group_leave(group);
    vmrepl_blocking_group_left(group);
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
  if (real_eventfd_write && !atomic_exchange(&main_queue_woken, 0)) return 0;
  struct pollfd descriptor = {.fd = main_handle, .events = POLLIN};
  if (poll(&descriptor, 1, 0) <= 0) return 0;
  main_queue_callback(NULL);
  return 1;
}

// MARK: Activation

static void noop_invoke(void *block) { (void)block; }
static struct { unsigned long reserved, size; } noop_descriptor = {0, sizeof(struct block_layout)};
static struct block_layout noop_block = {NULL, 1 << 28 /* BLOCK_IS_GLOBAL */, 0, noop_invoke, &noop_descriptor};

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
  LOOKUP(real_barrier_async_f, "dispatch_barrier_async_f");
  LOOKUP(real_group_async_f, "dispatch_group_async_f");
  LOOKUP(real_group_enter, "dispatch_group_enter");
  LOOKUP(real_group_leave, "dispatch_group_leave");
  LOOKUP(real_retain, "dispatch_retain");
  LOOKUP(real_release, "dispatch_release");
  LOOKUP(real_testcancel, "dispatch_block_testcancel");
  LOOKUP(real_block_create, "dispatch_block_create");
  LOOKUP(real_queue_label, "dispatch_queue_get_label");
  LOOKUP(main_queue, "_dispatch_main_q");
  LOOKUP(main_queue_callback, "_dispatch_main_queue_callback_4CF");
  LOOKUP(main_queue_handle, "_dispatch_get_main_queue_handle_4CF");
  LOOKUP(real_queue_create, "dispatch_queue_create");
  LOOKUP(real_queue_create_with_target, "dispatch_queue_create_with_target");
  LOOKUP(real_set_specific, "dispatch_queue_set_specific");
  LOOKUP(real_get_specific, "dispatch_queue_get_specific");
  LOOKUP(real_source_set_timer, "dispatch_source_set_timer");
  LOOKUP(real_dispatch_time, "dispatch_time");
  LOOKUP(real_dispatch_walltime, "dispatch_walltime");
  LOOKUP(real_attr_qos, "dispatch_queue_attr_make_with_qos_class");
  LOOKUP(real_attr_inactive, "dispatch_queue_attr_make_initially_inactive");
  LOOKUP(real_attr_autorelease, "dispatch_queue_attr_make_with_autorelease_frequency");
  note_concurrent_attribute(dlsym(RTLD_DEFAULT, "_dispatch_queue_attr_concurrent"));
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
  *(void **)&real_eventfd_write = dlsym(RTLD_DEFAULT, "eventfd_write");
  static const char *const dispatch_library[] = {VMREPL_LIB_DISPATCH, NULL};
  if (!real_eventfd_write || vmrepl_patch("eventfd_write", (void *)simulated_eventfd_write, dispatch_library, NULL) == 0) {
    real_eventfd_write = NULL;  // without the signal, look every time
  }

  static const struct vmrepl_redirect redirects[] = {
    {"dispatch_async", (void *)simulated_async},
    {"dispatch_barrier_async", (void *)simulated_barrier_async},
    {"dispatch_group_async", (void *)simulated_group_async},
    {"dispatch_after", (void *)simulated_after},
    {"dispatch_sync", (void *)simulated_sync},
    {"dispatch_barrier_sync", (void *)simulated_barrier_sync},
    {"dispatch_queue_create", (void *)simulated_queue_create},
    {"dispatch_time", (void *)simulated_dispatch_time},
    {"dispatch_walltime", (void *)simulated_dispatch_walltime},
    {"dispatch_queue_create_with_target", (void *)simulated_queue_create_with_target},
    {"dispatch_queue_attr_make_with_qos_class", (void *)simulated_attr_qos},
    {"dispatch_queue_attr_make_initially_inactive", (void *)simulated_attr_inactive},
    {"dispatch_queue_attr_make_with_autorelease_frequency", (void *)simulated_attr_autorelease},
    {NULL, NULL},
  };
  int patched = vmrepl_patch_each(redirects, vmrepl_dispatch_callers);
  if (patched == 0) return 0;
  atomic_store(&active, 1);
  return VMREPL_DISPATCH;
}

#endif  // VMREPL_HAS_BACKEND
