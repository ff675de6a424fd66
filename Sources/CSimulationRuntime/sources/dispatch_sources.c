// Dispatch timer sources on virtual time.
//
// `DispatchSource.makeTimerSource(queue:)` on a queue the simulation runs (the main queue, or a
// queue the view-model made) becomes a simulation timer: the real source is made, so the
// Swift overlay has its object, but it is never armed; its schedule, event handler, resume,
// suspend and cancel are recorded here, and each firing runs the handler on its queue as a
// simulation job. Combine's `debounce` and `throttle` on a Dispatch scheduler work this way.
#include "sources.h"
#include "../world/world.h"

#if VMREPL_HAS_BACKEND
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

typedef void *block_t;

struct timer_source {
  void *source;  // NULL: free slot
  void *queue;
  block_t handler;
  uint64_t interval;  // nanoseconds; ~0: fires once
  int64_t next_delay;  // -1: not armed
  int suspended;  // sources start suspended (inactive): one resume or activate starts them
  int cancelled;
  uint64_t generation;
  int64_t anchor;  // virtual instant of the first firing, which the n-th counts from
  uint64_t fired;  // firings since `anchor`
};

#define SOURCES 1024
static struct timer_source sources[SOURCES];
/// Armings are numbered across all slots, so a timer left from a slot's earlier source can
/// never match the source that reuses the slot.
static uint64_t last_generation;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *(*real_create)(const void *, uintptr_t, uintptr_t, void *);
static void (*real_set_timer)(void *, uint64_t, uint64_t, uint64_t);
static void (*real_set_event_handler)(void *, block_t);
static void (*real_resume)(void *);
static void (*real_suspend)(void *);
static void (*real_activate)(void *);
static void (*real_cancel)(void *);
static void (*real_retain)(void *);
static block_t (*block_copy)(const void *);
static void (*block_release)(const void *);
static const char *(*queue_label)(void *);
static const void *timer_type;

static int find(void *source) {
  for (int index = 0; index < SOURCES; index++) {
    if (sources[index].source == source) return index;
  }
  return -1;
}

/// The interval a program meant, as `numerator / denominator` nanoseconds: Dispatch keeps an
/// interval given in seconds as whole nanoseconds, cut short (`1.0 / 60` is 16666666 ns), so n
/// of them fall up to n nanoseconds before the time the program meant, and a stopwatch read 59 s
/// at 60 s. An interval that is a fraction m/k of a second cut short (k up to 1000) is taken as
/// that fraction; any other as the nanoseconds Dispatch kept.
static void meant_interval(uint64_t interval, __int128 *numerator, int64_t *denominator) {
  *numerator = interval;
  *denominator = 1;
  if (interval == 0 || interval == ~0ULL || interval % 1000 == 0) return;
  for (int64_t k = 2; k <= 1000; k++) {
    __int128 m = ((__int128)interval * k + 500000000) / 1000000000;
    if (m <= 0) continue;
    __int128 whole = m * 1000000000;
    if (whole % k != 0 && whole / k == (__int128)interval) {
      *numerator = whole;
      *denominator = k;
      return;
    }
  }
}

/// The delay to a repeating timer's next firing, counted from its first: the n-th is due at the
/// first plus n intervals as the program meant them (`meant_interval`), rounded up to the next
/// whole microsecond of virtual time where that interval is not whole microseconds, as run-loop
/// timers are: late by less than a microsecond, never early. A firing that came later than due
/// (a suspended timer resumed) counts on from there.
static int64_t next_delay(struct timer_source *timer) {
  int64_t now = atomic_load_explicit(&vmrepl_virtual_now, memory_order_relaxed);
  __int128 numerator;
  int64_t denominator;
  meant_interval(timer->interval, &numerator, &denominator);
  timer->fired++;
  __int128 span = (__int128)timer->fired * numerator;
  int64_t due = timer->anchor + (int64_t)((span + denominator - 1) / denominator);
  if (numerator % (1000 * (__int128)denominator) != 0 && due % 1000 != 0) due += 1000 - due % 1000;
  if (due <= now) {
    timer->anchor = now;
    timer->fired = 0;
    return (int64_t)timer->interval;
  }
  return due - now;
}

/// Arms slot `index` if it should fire; call with the lock held, then call `announce` unlocked.
static int arm(int index, int64_t *delay, uint64_t *generation) {
  struct timer_source *timer = &sources[index];
  timer->generation = ++last_generation;
  if (timer->cancelled || timer->suspended > 0 || timer->next_delay < 0) return 0;
  *delay = timer->next_delay;
  *generation = timer->generation;
  return 1;
}

static void announce(int index, int64_t delay, uint64_t generation) {
  vmrepl_hooks->source_timer(index, generation, delay, sources[index].queue == vmrepl_main_queue());
}

static void *simulated_create(const void *type, uintptr_t handle, uintptr_t mask, void *queue) {
  void *source = real_create(type, handle, mask, queue);
  // A source on no queue (a default root queue) or on a queue Foundation keeps stays real.
  if (type != timer_type || !source || !queue || !vmrepl_on_driver() || !vmrepl_dispatch_simulates(queue)) return source;
  vmrepl_real_mutex_lock(&lock);
  int index = find(NULL);
  if (index >= 0) {
    real_retain(queue);
    sources[index] = (struct timer_source){.source = source, .queue = queue, .interval = ~0ULL, .next_delay = -1, .suspended = 1};
  }
  vmrepl_real_mutex_unlock(&lock);
  if (index < 0) vmrepl_hooks->unsupported("more than 1024 DispatchSourceTimers");
  return source;
}

static void simulated_set_timer(void *source, uint64_t start, uint64_t interval, uint64_t leeway) {
  vmrepl_real_mutex_lock(&lock);
  int index = find(source);
  if (index < 0) {
    vmrepl_real_mutex_unlock(&lock);
    return vmrepl_dispatch_set_real_timer(source, start, interval, leeway);
  }
  int64_t delay = vmrepl_delay_until(start);
  sources[index].next_delay = delay == INT64_MAX ? -1 : delay;
  sources[index].interval = interval;
  sources[index].anchor = atomic_load_explicit(&vmrepl_virtual_now, memory_order_relaxed) + (delay < 0 ? 0 : delay);
  sources[index].fired = 0;
  uint64_t generation;
  int armed = arm(index, &delay, &generation);
  vmrepl_real_mutex_unlock(&lock);
  if (armed) announce(index, delay, generation);
}

static void simulated_set_event_handler(void *source, block_t handler) {
  vmrepl_real_mutex_lock(&lock);
  int index = find(source);
  block_t old = NULL;
  if (index >= 0) {
    old = sources[index].handler;
    sources[index].handler = handler ? block_copy(handler) : NULL;
  }
  vmrepl_real_mutex_unlock(&lock);
  if (old) block_release(old);
  real_set_event_handler(source, handler);
}

static void change_suspension(void *object, int change) {
  vmrepl_real_mutex_lock(&lock);
  int index = find(object);
  int armed = 0;
  int64_t delay = 0;
  uint64_t generation = 0;
  if (index >= 0) {
    sources[index].suspended += change;
    if (sources[index].suspended < 0) sources[index].suspended = 0;
    armed = arm(index, &delay, &generation);
  }
  vmrepl_real_mutex_unlock(&lock);
  if (armed) announce(index, delay, generation);
}

static void simulated_resume(void *object) {
  change_suspension(object, -1);
  real_resume(object);
}

static void simulated_activate(void *object) {
  change_suspension(object, -1);
  real_activate(object);
}

static void simulated_suspend(void *object) {
  change_suspension(object, 1);
  real_suspend(object);
}

static void (*real_release)(void *);

static void simulated_cancel(void *source) {
  vmrepl_real_mutex_lock(&lock);
  int index = find(source);
  block_t handler = NULL;
  void *queue = NULL;
  if (index >= 0) {
    // The slot is free again: once cancelled, Dispatch may free the source and reuse its address.
    handler = sources[index].handler;
    queue = sources[index].queue;
    sources[index] = (struct timer_source){0};
    sources[index].generation = ++last_generation;
  }
  vmrepl_real_mutex_unlock(&lock);
  if (handler) block_release(handler);
  if (queue) real_release(queue);
  real_cancel(source);
}

int vmrepl_source_timer_is_live(int id, uint64_t generation) {
  vmrepl_real_mutex_lock(&lock);
  int live = id >= 0 && id < SOURCES && sources[id].source && sources[id].generation == generation &&
             !sources[id].cancelled && sources[id].suspended == 0;
  vmrepl_real_mutex_unlock(&lock);
  return live;
}

void vmrepl_source_timer_fire(int id, uint64_t generation) {
  vmrepl_real_mutex_lock(&lock);
  struct timer_source *timer = &sources[id];
  if (!timer->source || timer->generation != generation || timer->cancelled || timer->suspended) {
    vmrepl_real_mutex_unlock(&lock);
    return;
  }
  void *queue = timer->queue;
  block_t handler = timer->handler ? block_copy(timer->handler) : NULL;
  // The next firing: a repeating timer comes back after its interval; a one-shot is spent.
  timer->next_delay = timer->interval == ~0ULL || timer->interval == 0 ? -1 : next_delay(timer);
  int64_t delay = 0;
  uint64_t next = 0;
  int armed = arm(id, &delay, &next);
  vmrepl_real_mutex_unlock(&lock);
  if (handler) {
    vmrepl_dispatch_invoke_on(queue, handler, queue == vmrepl_main_queue());
    block_release(handler);
  }
  if (armed && vmrepl_source_timer_is_live(id, next)) announce(id, delay, next);
}

const char *vmrepl_source_timer_queue_label(int id) {
  if (id < 0 || id >= SOURCES || !sources[id].queue) return "";
  if (sources[id].queue == vmrepl_main_queue()) return "main";
  const char *label = queue_label ? queue_label(sources[id].queue) : NULL;
  return label && *label ? label : "(unlabelled)";
}

int vmrepl_sources_activate(void) {
  LOOKUP(real_create, "dispatch_source_create");
  LOOKUP(real_set_timer, "dispatch_source_set_timer");
  LOOKUP(real_set_event_handler, "dispatch_source_set_event_handler");
  LOOKUP(real_resume, "dispatch_resume");
  LOOKUP(real_suspend, "dispatch_suspend");
  LOOKUP(real_activate, "dispatch_activate");
  LOOKUP(real_cancel, "dispatch_source_cancel");
  LOOKUP(real_retain, "dispatch_retain");
  LOOKUP(real_release, "dispatch_release");
  LOOKUP(block_copy, "_Block_copy");
  LOOKUP(block_release, "_Block_release");
  LOOKUP(queue_label, "dispatch_queue_get_label");
  LOOKUP(timer_type, "_dispatch_source_type_timer");
  static const struct vmrepl_redirect redirects[] = {
    {"dispatch_source_create", (void *)simulated_create},
    {"dispatch_source_set_timer", (void *)simulated_set_timer},
    {"dispatch_source_set_event_handler", (void *)simulated_set_event_handler},
    {"dispatch_resume", (void *)simulated_resume},
    {"dispatch_suspend", (void *)simulated_suspend},
    {"dispatch_activate", (void *)simulated_activate},
    {"dispatch_source_cancel", (void *)simulated_cancel},
    {NULL, NULL},
  };
  int patched = vmrepl_patch_each(redirects, vmrepl_dispatch_callers);
  return patched > 0;
}

#endif  // VMREPL_HAS_BACKEND
