// Foundation's run loop on virtual time.
//
// On Linux a CFRunLoop mode arms one timerfd (CLOCK_MONOTONIC, absolute) for its earliest
// timer, and fires the timers that are due when that descriptor becomes readable. With
// Foundation's clocks virtual on the driving thread, the armed deadline is a virtual instant:
// we keep the real descriptor disarmed, hand the deadline to the simulation, and when virtual
// time reaches it we make the descriptor readable and run one pass of the run loop, which fires
// exactly the timers due at that instant. `RunLoop.main.perform` blocks run in the pass the
// simulation makes whenever it becomes idle and the run loop has something to do.
#include "sources.h"
#include "../platform/linux/libraries.h"
#include "../world/world.h"

#if VMREPL_HAS_BACKEND
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef int (*timerfd_settime_fn)(int, int, const struct itimerspec *, struct itimerspec *);
typedef int (*eventfd_fn)(unsigned int, int);

static timerfd_settime_fn real_timerfd_settime;
static int (*real_timerfd_create)(int, int);

// The main thread's run loop gets an eventfd where CF asks for a timerfd: CF only arms it (which
// `simulated_timerfd_settime` takes over) and reads it when it is readable, which an eventfd
// does alike. Making it readable is then a write, where a timerfd armed for a nanosecond made
// the kernel program a timer and take its interrupt: most of what a run loop timer's firing
// cost. A handful of descriptors, the main run loop's modes.
#define STAND_INS 32
static int stand_ins[STAND_INS];
static _Atomic int stand_in_count;

static int stand_in_index(int fd) {
  int count = atomic_load_explicit(&stand_in_count, memory_order_acquire);
  for (int index = 0; index < count; index++)
    if (stand_ins[index] == fd) return index;
  return -1;
}

static int is_stand_in(int fd) { return stand_in_index(fd) >= 0; }

// A stand-in made readable by a write was then polled, waited for and read by CF, and polled by
// us: five system calls, two fifths of a timer's firing. A stand-in that CF has put in exactly
// one epoll set is made readable in memory instead, and Foundation's `ppoll`, `epoll_wait` and
// `read` answer for it as the kernel would: the set polls readable while the stand-in's edge is
// unreported (CF registers it edge-triggered), `epoll_wait` reports it once with the data CF
// registered, and a read takes it. Everything else in the set still goes to the kernel; a
// stand-in in no set or in two keeps the real write. All on the driving thread (the main run
// loop's ports); other threads find `ready_count` zero, or a descriptor that is none of these.
enum { NOT_READY = 0, READY = 1, REPORTED = 2 };
static int stand_in_set[STAND_INS];  // the epoll set: -1 in none, -2 in more than one
static epoll_data_t stand_in_data[STAND_INS];
static unsigned char stand_in_ready[STAND_INS];
static _Atomic int ready_count;
static _Atomic int in_memory;
static int (*real_epoll_ctl)(int, int, int, struct epoll_event *);
static int (*real_epoll_wait)(int, struct epoll_event *, int, int);
static int (*real_ppoll)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *);

static int simulated_epoll_ctl(int set, int operation, int fd, struct epoll_event *event) {
  int result = real_epoll_ctl(set, operation, fd, event);
  int index = stand_in_index(fd);
  if (result != 0 || index < 0 || !vmrepl_on_main_thread()) return result;
  if (operation == EPOLL_CTL_ADD) {
    stand_in_set[index] = stand_in_set[index] == -1 ? set : -2;
    if (event) stand_in_data[index] = event->data;
  } else if (operation == EPOLL_CTL_DEL && stand_in_set[index] == set) {
    stand_in_set[index] = -1;
  } else if (operation == EPOLL_CTL_MOD && stand_in_set[index] == set && event) {
    stand_in_data[index] = event->data;
  }
  return result;
}

/// The stand-in in epoll set `set` whose readiness is unreported, or -1.
static int ready_in_set(int set) {
  int count = atomic_load_explicit(&stand_in_count, memory_order_acquire);
  for (int index = 0; index < count; index++)
    if (stand_in_set[index] == set && stand_in_ready[index] == READY) return index;
  return -1;
}

static int memory_readable(struct pollfd *poll) {
  if (!(poll->events & POLLIN)) return 0;
  if (ready_in_set(poll->fd) >= 0) return 1;
  int index = stand_in_index(poll->fd);
  return index >= 0 && stand_in_ready[index] != NOT_READY;
}

static int simulated_ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout, const sigset_t *mask) {
  if (atomic_load_explicit(&ready_count, memory_order_acquire) == 0 || !vmrepl_on_main_thread())
    return real_ppoll(fds, count, timeout, mask);
  nfds_t readable = 0;
  for (nfds_t i = 0; i < count; i++) readable += memory_readable(&fds[i]) ? 1 : 0;
  if (readable == 0) return real_ppoll(fds, count, timeout, mask);
  // Something is readable already, so nothing waits: the kernel is asked about the rest only.
  int others = 0;
  if (readable < count) {
    static const struct timespec now = {0, 0};
    others = real_ppoll(fds, count, &now, mask);
    if (others < 0) return others;
  }
  int result = 0;
  for (nfds_t i = 0; i < count; i++) {
    if (readable == count) fds[i].revents = 0;
    if (memory_readable(&fds[i])) fds[i].revents |= POLLIN;
    if (fds[i].revents) result++;
  }
  return result;
}

static int simulated_epoll_wait(int set, struct epoll_event *events, int capacity, int timeout) {
  if (atomic_load_explicit(&ready_count, memory_order_acquire) == 0 || capacity < 1 || !vmrepl_on_main_thread())
    return real_epoll_wait(set, events, capacity, timeout);
  int index = ready_in_set(set);
  if (index < 0) return real_epoll_wait(set, events, capacity, timeout);
  // One event is an answer epoll may give whatever else is ready; the rest come next time.
  stand_in_ready[index] = REPORTED;
  events[0].events = EPOLLIN;
  events[0].data = stand_in_data[index];
  return 1;
}

/// Foundation's `read` of a stand-in readable in memory (asked by world.c before the kernel).
static int answer_read(int fd, void *buffer, size_t size, long *result) {
  if (atomic_load_explicit(&ready_count, memory_order_acquire) == 0 || !vmrepl_on_main_thread()) return 0;
  int index = stand_in_index(fd);
  if (index < 0 || stand_in_ready[index] == NOT_READY || size < sizeof(uint64_t)) return 0;
  // What an eventfd written once holds; the real one was never written.
  uint64_t value = 1;
  memcpy(buffer, &value, sizeof value);
  stand_in_ready[index] = NOT_READY;
  atomic_fetch_sub_explicit(&ready_count, 1, memory_order_acq_rel);
  *result = (long)sizeof value;
  return 1;
}

static int readable_in_memory(int index) {
  return atomic_load_explicit(&in_memory, memory_order_relaxed) && stand_in_set[index] >= 0;
}

/// Makes stand-in `fd` readable: in memory when CF polls it through one epoll set, else by a write.
static void make_readable(int fd, int index) {
  if (readable_in_memory(index)) {
    if (stand_in_ready[index] == NOT_READY) atomic_fetch_add_explicit(&ready_count, 1, memory_order_acq_rel);
    stand_in_ready[index] = READY;
  } else {
    eventfd_write(fd, 1);
  }
}

/// Whether stand-in `fd` is still readable (CF has not read it).
static int still_readable(int fd, int index) {
  if (stand_in_ready[index] != NOT_READY) return 1;
  // CF only reads its timer port: one made readable in memory was never written.
  if (readable_in_memory(index)) return 0;
  struct pollfd descriptor = {.fd = fd, .events = POLLIN};
  return poll(&descriptor, 1, 0) > 0;
}
static eventfd_fn real_eventfd;
static int32_t (*run_in_mode)(const void *, double, unsigned char);
static double (*next_fire_date)(void *, const void *);
static void *(*main_run_loop)(void);
static const void **default_mode;
static _Atomic int exists;

// Each CFRunLoopTimer Foundation makes on the driving thread has its callout replaced by
// `wrapped_callout`, which hands the firing to the simulation (so it runs as the work of the step
// that scheduled the timer) with the original callout, remembered here by the timer's info.
typedef void (*timer_callout)(void *timer, void *info);
typedef void *(*timer_create_fn)(const void *, double, double, unsigned long, long, timer_callout, void *);
typedef void (*add_timer_fn)(void *, void *, const void *);
typedef void (*invalidate_fn)(void *);
static timer_create_fn real_timer_create;
static add_timer_fn real_add_timer;
static invalidate_fn real_invalidate;
static int (*timer_is_valid)(void *);
static double (*timer_next_fire)(void *);
static double (*absolute_now)(void);
static const void *(*cf_retain)(const void *);
static void (*cf_release)(const void *);

struct callout_entry {
  void *info;
  timer_callout callout;
};
static struct callout_entry *callouts;
static size_t callout_count, callout_capacity;

static timer_callout find_callout(void *info) {
  for (size_t i = callout_count; i > 0; i--) {
    if (callouts[i - 1].info == info) return callouts[i - 1].callout;
  }
  return NULL;
}

// A repeating timer's n-th firing is due at its first fire date plus n intervals, exactly. CF on
// Linux moves a timer on by its interval truncated to whole nanoseconds (1/60 s is 16666666 ns),
// so its 1200th firing of 1/60 s came at 19.9999992 s, and an app counting whole seconds since
// its start showed 19 at 20 s; a device never fires a timer before it is due. Each firing of a
// followed repeating timer notes where the next one is due from the first (`cadences`), and
// after the pass, a next fire date CF put earlier than that, by less than a microsecond, is set
// to it. A date further off is the program's (`fireDate` set, firings skipped), and starts over.
struct cadence {
  void *timer;
  double anchor;  // the fire date the count starts from
  uint64_t count;  // firings since `anchor`
  double due;  // where the next firing is due: anchor + count × interval; 0 while not firing
};
static struct cadence *cadences;
static size_t cadence_count, cadence_capacity;
static double (*timer_interval)(void *);
static void (*set_next_fire_date)(void *, double);

static struct cadence *cadence_of(void *timer) {
  for (size_t i = 0; i < cadence_count; i++)
    if (cadences[i].timer == timer) return &cadences[i];
  if (cadence_count == cadence_capacity) {
    size_t capacity = cadence_capacity ? cadence_capacity * 2 : 16;
    struct cadence *grown = realloc(cadences, capacity * sizeof *grown);
    if (!grown) return NULL;
    cadences = grown;
    cadence_capacity = capacity;
  }
  cadences[cadence_count] = (struct cadence){timer, 0, 0, 0};
  return &cadences[cadence_count++];
}

static void forget_cadence(void *timer) {
  for (size_t i = 0; i < cadence_count; i++) {
    if (cadences[i].timer == timer) {
      cadences[i] = cadences[--cadence_count];
      return;
    }
  }
}

/// Counts a repeating timer's firing, before its callout: CF has not moved its fire date on yet.
static void count_firing(void *timer) {
  if (!timer_interval || !timer_next_fire || !set_next_fire_date) return;
  double interval = timer_interval(timer);
  if (!(interval > 0)) return;
  struct cadence *cadence = cadence_of(timer);
  if (!cadence) return;
  double date = timer_next_fire(timer);
  double expected = cadence->anchor + (double)cadence->count * interval;
  if (cadence->count == 0 || date - expected > 1e-6 || expected - date > 1e-6) {
    cadence->anchor = date;
    cadence->count = 0;
  }
  cadence->count++;
  cadence->due = cadence->anchor + (double)cadence->count * interval;
}

/// After a pass: each timer that fired is due no earlier than its cadence says.
static void keep_cadences(void) {
  for (size_t i = 0; i < cadence_count; i++) {
    struct cadence *cadence = &cadences[i];
    if (cadence->due == 0) continue;
    double due = cadence->due;
    cadence->due = 0;
    if (!timer_is_valid || !timer_is_valid(cadence->timer)) continue;
    double next = timer_next_fire(cadence->timer);
    if (next < due && due - next < 1e-6) {
      set_next_fire_date(cadence->timer, due);
    } else if (next != due) {
      cadence->count = 0;  // moved by the program: the next firing starts the count again
    }
  }
}

static void wrapped_callout(void *timer, void *info) {
  timer_callout original = find_callout(info);
  if (!original) return;
  count_firing(timer);
  // The clock's lead is for CF's look for due timers only: the program's callback (a timer it
  // schedules there) reads virtual time itself.
  int64_t lead = vmrepl_foundation_clock_lead();
  vmrepl_set_foundation_clock_lead(0);
  if (vmrepl_hooks && vmrepl_hooks->runloop_timer_fire) {
    vmrepl_hooks->runloop_timer_fire(timer, (void *)original, info);
  } else {
    original(timer, info);
  }
  vmrepl_set_foundation_clock_lead(lead);
}

static void *simulated_timer_create(const void *allocator, double fire, double interval, unsigned long flags, long order,
                                    timer_callout callout, void *context) {
  if (!vmrepl_on_main_thread() || !callout) {
    return real_timer_create(allocator, fire, interval, flags, order, callout, context);
  }
  // CFRunLoopTimerContext: version, then info.
  void *info = context ? ((void **)context)[1] : NULL;
  if (callout_count == callout_capacity) {
    size_t capacity = callout_capacity ? callout_capacity * 2 : 16;
    struct callout_entry *grown = realloc(callouts, capacity * sizeof *grown);
    if (!grown) return real_timer_create(allocator, fire, interval, flags, order, callout, context);
    callouts = grown;
    callout_capacity = capacity;
  }
  // A new timer with the info of one that is gone takes its entry over.
  for (size_t i = 0; i < callout_count; i++) {
    if (callouts[i].info == info) {
      callouts[i] = callouts[--callout_count];
      break;
    }
  }
  callouts[callout_count++] = (struct callout_entry){info, callout};
  return real_timer_create(allocator, fire, interval, flags, order, wrapped_callout, context);
}

// Whether the main run loop has a timer is asked at every look at the simulation's timers (a
// tenth of a timer's firing went to CF's answer); it changes only when a timer is added, removed
// or invalidated, each of which moves this on. That includes a pass firing a one-shot timer:
// CF's __CFRunLoopDoTimer invalidates it through CFRunLoopTimerInvalidate@plt, which is
// followed. Without those three followed, it is asked every time.
static _Atomic unsigned timers_changed = 1;
static _Atomic int timers_followed;
static _Atomic unsigned answered_at;
static _Atomic int has_timer_answer;
static void (*real_remove_timer)(void *, void *, const void *);

static void note_timers_changed(void) { atomic_fetch_add_explicit(&timers_changed, 1, memory_order_acq_rel); }

static void simulated_remove_timer(void *run_loop, void *timer, const void *mode) {
  real_remove_timer(run_loop, timer, mode);
  note_timers_changed();
}

static void simulated_add_timer(void *run_loop, void *timer, const void *mode) {
  real_add_timer(run_loop, timer, mode);
  note_timers_changed();
  if (vmrepl_on_main_thread() && vmrepl_hooks && vmrepl_hooks->runloop_timer_added) vmrepl_hooks->runloop_timer_added(timer);
}

static void simulated_invalidate(void *timer) {
  real_invalidate(timer);
  note_timers_changed();
  if (vmrepl_on_main_thread() && vmrepl_hooks && vmrepl_hooks->runloop_timer_invalidated) vmrepl_hooks->runloop_timer_invalidated(timer);
}

void vmrepl_runloop_timer_call(void *callout, void *timer, void *info) { ((timer_callout)callout)(timer, info); }

int vmrepl_runloop_timer_is_valid(void *timer) { return timer_is_valid ? timer_is_valid(timer) : 0; }

int64_t vmrepl_runloop_timer_delay(void *timer) {
  if (!timer_next_fire || !absolute_now) return -1;
  double seconds = timer_next_fire(timer) - absolute_now();
  if (seconds <= 0) return 0;
  return (int64_t)(seconds * 1e9);
}

void vmrepl_runloop_timer_invalidate(void *timer) {
  // The real CFRunLoopTimerInvalidate, not the hooked one: no step credits this invalidation.
  if (!timer || !real_invalidate) return;
  real_invalidate(timer);
  note_timers_changed();
}

void vmrepl_runloop_timer_retain(void *timer) {
  if (cf_retain) cf_retain(timer);
}

void vmrepl_runloop_timer_release(void *timer) {
  if (!timer) return;
  forget_cadence(timer);
  struct {
    long version;
    void *info;
    void *retain, *release, *describe;
  } context = {0};
  void (*get_context)(void *, void *) = NULL;
  *(void **)&get_context = dlsym(RTLD_DEFAULT, "CFRunLoopTimerGetContext");
  if (get_context) {
    get_context(timer, &context);
    for (size_t i = 0; i < callout_count; i++) {
      if (callouts[i].info == context.info) {
        callouts[i] = callouts[--callout_count];
        break;
      }
    }
  }
  if (cf_release) cf_release(timer);
}

static int simulated_timerfd_create(int clock, int flags) {
  int count = atomic_load(&stand_in_count);
  if (!vmrepl_on_main_thread() || clock != CLOCK_MONOTONIC || count >= STAND_INS) return real_timerfd_create(clock, flags);
  int fd = real_eventfd(0, ((flags & TFD_NONBLOCK) ? EFD_NONBLOCK : 0) | ((flags & TFD_CLOEXEC) ? EFD_CLOEXEC : 0));
  if (fd < 0) return real_timerfd_create(clock, flags);
  stand_ins[count] = fd;
  stand_in_set[count] = -1;
  stand_in_ready[count] = NOT_READY;
  atomic_store_explicit(&stand_in_count, count + 1, memory_order_release);
  return fd;
}

static int simulated_timerfd_settime(int fd, int flags, const struct itimerspec *value, struct itimerspec *old) {
  if (is_stand_in(fd) && value && !(flags & TFD_TIMER_ABSTIME)) {
    // Not what CF does with its timer port; a relative time is not one the simulation keeps.
    errno = EINVAL;
    return -1;
  }
  if (!is_stand_in(fd) && (!vmrepl_on_main_thread() || !(flags & TFD_TIMER_ABSTIME) || !value)) {
    return real_timerfd_settime(fd, flags, value, old);
  }
  int64_t deadline = (int64_t)value->it_value.tv_sec * 1000000000 + value->it_value.tv_nsec;
  // The real descriptor is never armed for later: only `vmrepl_runloop_fire` arms it, for a
  // nanosecond, and waits until the run loop has read it. So it is disarmed already, and the
  // kernel call that disarmed it again (a timer reprogrammed, at every run loop pass) is left out.
  if (old) memset(old, 0, sizeof *old);
  int64_t now = VMREPL_MONOTONIC_BASE + atomic_load_explicit(&vmrepl_virtual_now, memory_order_relaxed);
  vmrepl_hooks->runloop_timer(fd, deadline == 0 ? -1 : (deadline > now ? deadline - now : 0));
  return 0;
}

static int simulated_eventfd(unsigned int initial, int flags) {
  // A run loop's wake-up port is the first descriptor CF makes for a new run loop.
  if (vmrepl_on_main_thread()) atomic_store(&exists, 1);
  return real_eventfd(initial, flags);
}

int vmrepl_runloop_exists(void) { return atomic_load_explicit(&exists, memory_order_relaxed); }

// Whether an idle pass of the main run loop could do anything. A pass costs about ten system
// calls (CF adds and removes the main queue's port to its epoll set, polls, waits), and the
// simulation becomes idle after every job that ends a step and every timer's firing: making one
// only when CF was asked for something a pass does (a perform block, a signalled source, a
// wake-up) halved what a run loop timer's firing costs. Timers need no pass here: each has its
// deadline (`vmrepl_runloop_fire`). A source on a port, or an observer (called at every pass),
// on the main run loop makes every idle pass wanted again, as before.
static _Atomic int pass_wanted = 1;
static _Atomic int every_pass_wanted;
static void (*real_perform_block)(void *, const void *, void *);
static void (*real_wake_up)(void *);
static void (*real_source_signal)(void *);
static void (*real_add_source)(void *, void *, const void *);
static void (*real_add_observer)(void *, void *, const void *);
static void (*source_get_context)(void *, void *);

static void simulated_perform_block(void *run_loop, const void *mode, void *block) {
  real_perform_block(run_loop, mode, block);
  atomic_store_explicit(&pass_wanted, 1, memory_order_release);
}

static void simulated_wake_up(void *run_loop) {
  real_wake_up(run_loop);
  atomic_store_explicit(&pass_wanted, 1, memory_order_release);
}

static void simulated_source_signal(void *source) {
  real_source_signal(source);
  atomic_store_explicit(&pass_wanted, 1, memory_order_release);
}

static int is_main_run_loop(void *run_loop) { return main_run_loop && run_loop == main_run_loop(); }

static void simulated_add_source(void *run_loop, void *source, const void *mode) {
  real_add_source(run_loop, source, mode);
  if (!is_main_run_loop(run_loop)) return;
  // CFRunLoopSourceContext or CFRunLoopSourceContext1, whichever the source has: version first.
  long context[32] = {0};
  if (source_get_context) source_get_context(source, context);
  if (!source_get_context || context[0] != 0) atomic_store_explicit(&every_pass_wanted, 1, memory_order_release);
  atomic_store_explicit(&pass_wanted, 1, memory_order_release);
}

static void simulated_add_observer(void *run_loop, void *observer, const void *mode) {
  real_add_observer(run_loop, observer, mode);
  if (is_main_run_loop(run_loop)) atomic_store_explicit(&every_pass_wanted, 1, memory_order_release);
}

// In its passes, CF would add the real main queue's descriptor to its epoll set and take it out
// again (two system calls, a fifth of a timer's firing) to run what reached that queue. The
// simulation drains that queue itself before each pass (`vmrepl_dispatch_drain_main_queue`), so
// in the passes it makes, CF is told the main queue has no descriptor; a run loop the program
// runs itself still gets the real one.
static int (*real_main_queue_port)(void);
static __thread int in_own_pass;

static int simulated_main_queue_port(void) { return in_own_pass ? -1 : real_main_queue_port(); }

/// One pass: what is asked of the run loop after it starts is for the next. A pass that handled
/// a source may leave another signalled one for the next pass.
static void make_pass(void) {
  atomic_store_explicit(&pass_wanted, 0, memory_order_release);
  if (!run_in_mode || !default_mode) return;
  int outer = in_own_pass;
  in_own_pass = 1;
  int32_t result = run_in_mode(*default_mode, 0, 1);
  in_own_pass = outer;
  if (result == 4 /* kCFRunLoopRunHandledSource */) atomic_store_explicit(&pass_wanted, 1, memory_order_release);
}

int vmrepl_runloop_idle_pass(void) {
  if (!atomic_load_explicit(&every_pass_wanted, memory_order_acquire) && !atomic_load_explicit(&pass_wanted, memory_order_acquire)) return 0;
  make_pass();
  return 1;
}

// CF asks whether it runs on the main thread (`_CFIsMainThread`, a gettid and a getpid system
// call) a few times in each run loop pass: half the system calls of a timer's firing. A thread's
// answer never changes, except in the child of a fork, whose forking thread may have become the
// main one: each thread keeps its answer, and a fork makes every thread ask again.
static _Atomic unsigned fork_generation = 1;
static __thread unsigned answer_generation;
static __thread unsigned char main_answer;

static void forget_main_answers(void) { atomic_fetch_add_explicit(&fork_generation, 1, memory_order_relaxed); }

static unsigned char simulated_is_main_thread(void) {
  unsigned generation = atomic_load_explicit(&fork_generation, memory_order_relaxed);
  if (answer_generation != generation) {
    main_answer = syscall(SYS_gettid) == getpid();
    answer_generation = generation;
  }
  return main_answer;
}

int vmrepl_runloop_has_timer(void) {
  // CF on Linux leaves the descriptor armed when its last timer goes (it never disarms it), so
  // whether a timer is left is asked of the run loop itself.
  if (!next_fire_date || !main_run_loop || !default_mode) return 1;
  int followed = atomic_load_explicit(&timers_followed, memory_order_acquire);
  unsigned now = atomic_load_explicit(&timers_changed, memory_order_acquire);
  if (followed && atomic_load_explicit(&answered_at, memory_order_acquire) == now) {
    return atomic_load_explicit(&has_timer_answer, memory_order_acquire);
  }
  int answer = next_fire_date(main_run_loop(), *default_mode) != 0;
  // A change while CF answered leaves `answered_at` behind it, so the next look asks again.
  atomic_store_explicit(&has_timer_answer, answer, memory_order_release);
  atomic_store_explicit(&answered_at, now, memory_order_release);
  return answer;
}

int64_t vmrepl_runloop_date_grain(void) {
  // A Double's step at the date: the power of two at or under it, over 2^52.
  double seconds = (double)(vmrepl_clock_now(CLOCK_REALTIME) / 1000000000 - 978307200);
  if (seconds < 0) seconds = -seconds;
  double power = 1;
  while (power * 2 <= seconds) power *= 2;
  double grain = power / 4503599627370496.0 * 1e9;
  return (int64_t)grain + 1;
}

void vmrepl_runloop_fire(int fd, int64_t lead) {
  int index = stand_in_index(fd);
  struct pollfd descriptor = {.fd = fd, .events = POLLIN};
  if (index >= 0) {
    make_readable(fd, index);
  } else {
    struct itimerspec soon = {{0, 0}, {0, 1}};
    real_timerfd_settime(fd, 0, &soon, NULL);
    // A timerfd's readiness comes from the kernel a moment later (a stand-in's at once); wait for it, so that the pass below sees it
    // whatever the machine's load (a real wait of microseconds; virtual time does not move).
    if (poll(&descriptor, 1, 1000) <= 0) return;
  }
  // What reached the real main queue runs before the timers, as when CF's pass serviced it.
  vmrepl_dispatch_drain_main_queue();
  // A pass services one ready descriptor; make passes until CF has read this one.
  vmrepl_set_foundation_clock_lead(lead);
  for (int pass = 0; pass < 16; pass++) {
    make_pass();
    if (index >= 0 ? !still_readable(fd, index) : (descriptor.revents = 0, poll(&descriptor, 1, 0) <= 0)) break;
  }
  vmrepl_set_foundation_clock_lead(0);
  keep_cadences();
}

int vmrepl_runloop_activate(void) {
  real_timerfd_settime = (timerfd_settime_fn)dlsym(RTLD_DEFAULT, "timerfd_settime");
  real_eventfd = (eventfd_fn)dlsym(RTLD_DEFAULT, "eventfd");
  *(void **)&real_timerfd_create = dlsym(RTLD_DEFAULT, "timerfd_create");
  *(void **)&run_in_mode = dlsym(RTLD_DEFAULT, "CFRunLoopRunInMode");
  default_mode = (const void **)dlsym(RTLD_DEFAULT, "kCFRunLoopDefaultMode");
  *(void **)&next_fire_date = dlsym(RTLD_DEFAULT, "CFRunLoopGetNextTimerFireDate");
  *(void **)&main_run_loop = dlsym(RTLD_DEFAULT, "CFRunLoopGetMain");
  *(void **)&real_timer_create = dlsym(RTLD_DEFAULT, "CFRunLoopTimerCreate");
  *(void **)&real_add_timer = dlsym(RTLD_DEFAULT, "CFRunLoopAddTimer");
  *(void **)&real_invalidate = dlsym(RTLD_DEFAULT, "CFRunLoopTimerInvalidate");
  *(void **)&timer_is_valid = dlsym(RTLD_DEFAULT, "CFRunLoopTimerIsValid");
  *(void **)&timer_next_fire = dlsym(RTLD_DEFAULT, "CFRunLoopTimerGetNextFireDate");
  *(void **)&timer_interval = dlsym(RTLD_DEFAULT, "CFRunLoopTimerGetInterval");
  *(void **)&set_next_fire_date = dlsym(RTLD_DEFAULT, "CFRunLoopTimerSetNextFireDate");
  *(void **)&absolute_now = dlsym(RTLD_DEFAULT, "CFAbsoluteTimeGetCurrent");
  *(void **)&cf_retain = dlsym(RTLD_DEFAULT, "CFRetain");
  *(void **)&cf_release = dlsym(RTLD_DEFAULT, "CFRelease");
  *(void **)&real_perform_block = dlsym(RTLD_DEFAULT, "CFRunLoopPerformBlock");
  *(void **)&real_wake_up = dlsym(RTLD_DEFAULT, "CFRunLoopWakeUp");
  *(void **)&real_source_signal = dlsym(RTLD_DEFAULT, "CFRunLoopSourceSignal");
  *(void **)&real_add_source = dlsym(RTLD_DEFAULT, "CFRunLoopAddSource");
  *(void **)&real_add_observer = dlsym(RTLD_DEFAULT, "CFRunLoopAddObserver");
  *(void **)&source_get_context = dlsym(RTLD_DEFAULT, "CFRunLoopSourceGetContext");
  if (!real_timerfd_settime || !real_eventfd || !run_in_mode || !default_mode) return 0;
  static const char *const foundation[] = {VMREPL_LIB_FOUNDATION, NULL};
  // Every rewrite in Foundation in one pass over its relocations (a pass per symbol cost each
  // start fourteen). The C library's and Dispatch's functions are not Foundation's own, so
  // rewriting its own calls too changes nothing for them; CoreFoundation's are (it is inside
  // Foundation, whose calls to it go through its own PLT).
  struct vmrepl_redirect redirects[24];
  int count = 0;
  redirects[count++] = (struct vmrepl_redirect){"timerfd_settime", (void *)simulated_timerfd_settime};
  redirects[count++] = (struct vmrepl_redirect){"eventfd", (void *)simulated_eventfd};
  int timerfd_create = real_timerfd_create ? count : -1;
  if (real_timerfd_create) redirects[count++] = (struct vmrepl_redirect){"timerfd_create", (void *)simulated_timerfd_create};
  *(void **)&real_main_queue_port = dlsym(RTLD_DEFAULT, "_dispatch_get_main_queue_port_4CF");
  if (real_main_queue_port) redirects[count++] = (struct vmrepl_redirect){"_dispatch_get_main_queue_port_4CF", (void *)simulated_main_queue_port};
  // Idle passes only when wanted: every way Foundation asks the run loop for one is followed, or
  // every idle pass is made, as without this.
  int followed = real_perform_block && real_wake_up && real_source_signal && real_add_source && real_add_observer;
  int perform_block = count;
  if (followed) {
    redirects[count++] = (struct vmrepl_redirect){"CFRunLoopPerformBlock", (void *)simulated_perform_block};
    redirects[count++] = (struct vmrepl_redirect){"CFRunLoopWakeUp", (void *)simulated_wake_up};
    redirects[count++] = (struct vmrepl_redirect){"CFRunLoopSourceSignal", (void *)simulated_source_signal};
    redirects[count++] = (struct vmrepl_redirect){"CFRunLoopAddSource", (void *)simulated_add_source};
    redirects[count++] = (struct vmrepl_redirect){"CFRunLoopAddObserver", (void *)simulated_add_observer};
  }
  // Stand-ins readable in memory: only with all of CF's looks at them followed (its reads in world.c).
  vmrepl_world_answer_reads(answer_read);
  *(void **)&real_epoll_ctl = dlsym(RTLD_DEFAULT, "epoll_ctl");
  *(void **)&real_epoll_wait = dlsym(RTLD_DEFAULT, "epoll_wait");
  *(void **)&real_ppoll = dlsym(RTLD_DEFAULT, "ppoll");
  int descriptors = count;
  if (real_epoll_ctl && real_epoll_wait && real_ppoll) {
    redirects[count++] = (struct vmrepl_redirect){"epoll_ctl", (void *)simulated_epoll_ctl};
    redirects[count++] = (struct vmrepl_redirect){"epoll_wait", (void *)simulated_epoll_wait};
    redirects[count++] = (struct vmrepl_redirect){"ppoll", (void *)simulated_ppoll};
  }
  static int forks_followed;
  if (!forks_followed && pthread_atfork(NULL, NULL, forget_main_answers) == 0) forks_followed = 1;
  if (forks_followed) redirects[count++] = (struct vmrepl_redirect){"_CFIsMainThread", (void *)simulated_is_main_thread};
  // Which step each timer belongs to: Foundation's Timer and RunLoop reach CF through these.
  int timers = real_timer_create && real_add_timer && real_invalidate && timer_is_valid && cf_retain && cf_release;
  int timer_create = count;
  if (timers) {
    redirects[count++] = (struct vmrepl_redirect){"CFRunLoopTimerCreate", (void *)simulated_timer_create};
    redirects[count++] = (struct vmrepl_redirect){"CFRunLoopAddTimer", (void *)simulated_add_timer};
    redirects[count++] = (struct vmrepl_redirect){"CFRunLoopTimerInvalidate", (void *)simulated_invalidate};
    *(void **)&real_remove_timer = dlsym(RTLD_DEFAULT, "CFRunLoopRemoveTimer");
    if (real_remove_timer) redirects[count++] = (struct vmrepl_redirect){"CFRunLoopRemoveTimer", (void *)simulated_remove_timer};
  }
  redirects[count] = (struct vmrepl_redirect){NULL, NULL};
  int slots[24];
  vmrepl_patch_batch(redirects, foundation, NULL, 1, slots);
  int patched = slots[0] + slots[1] + (timerfd_create >= 0 ? slots[timerfd_create] : 0);
  if (followed) followed = slots[perform_block] > 0;
  // Without all three of Foundation's calls followed, every stand-in keeps the write.
  if (real_epoll_ctl && real_epoll_wait && real_ppoll)
    atomic_store(&in_memory, vmrepl_world_follows_reads() && slots[descriptors] > 0 && slots[descriptors + 1] > 0 && slots[descriptors + 2] > 0);
  if (!followed) atomic_store(&every_pass_wanted, 1);
  if (timers) {
    patched += slots[timer_create] + slots[timer_create + 1] + slots[timer_create + 2];
    if (real_remove_timer) atomic_store(&timers_followed, 1);
  }
  return patched > 0 ? VMREPL_RUNLOOP : 0;
}

#endif  // VMREPL_HAS_BACKEND
