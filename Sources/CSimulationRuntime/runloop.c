// Foundation's run loop on virtual time.
//
// On Linux a CFRunLoop mode arms one timerfd (CLOCK_MONOTONIC, absolute) for its earliest
// timer, and fires the timers that are due when that descriptor becomes readable. With
// Foundation's clocks virtual on the driving thread, the armed deadline is a virtual instant:
// we keep the real descriptor disarmed, hand the deadline to the simulation, and when virtual
// time reaches it we make the descriptor readable and run one pass of the run loop, which fires
// exactly the timers due at that instant. `RunLoop.main.perform` blocks run in the pass the
// simulation makes whenever it becomes idle.
#include "internal.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <time.h>

typedef int (*timerfd_settime_fn)(int, int, const struct itimerspec *, struct itimerspec *);
typedef int (*eventfd_fn)(unsigned int, int);

static timerfd_settime_fn real_timerfd_settime;
static eventfd_fn real_eventfd;
static int32_t (*run_in_mode)(const void *, double, unsigned char);
static double (*next_fire_date)(void *, const void *);
static void *(*main_run_loop)(void);
static const void **default_mode;
static _Atomic int exists;

static int simulated_timerfd_settime(int fd, int flags, const struct itimerspec *value, struct itimerspec *old) {
  if (!vmrepl_on_driver() || !(flags & TFD_TIMER_ABSTIME) || !value) {
    return real_timerfd_settime(fd, flags, value, old);
  }
  int64_t deadline = (int64_t)value->it_value.tv_sec * 1000000000 + value->it_value.tv_nsec;
  struct itimerspec disarmed = {{0, 0}, {0, 0}};
  int result = real_timerfd_settime(fd, 0, &disarmed, old);
  int64_t now = VMREPL_MONOTONIC_BASE + atomic_load_explicit(&vmrepl_virtual_now, memory_order_relaxed);
  vmrepl_hooks->runloop_timer(fd, deadline == 0 ? -1 : (deadline > now ? deadline - now : 0));
  return result;
}

static int simulated_eventfd(unsigned int initial, int flags) {
  // A run loop's wake-up port is the first descriptor CF makes for a new run loop.
  if (vmrepl_on_driver()) atomic_store(&exists, 1);
  return real_eventfd(initial, flags);
}

int vmrepl_runloop_exists(void) { return atomic_load_explicit(&exists, memory_order_relaxed); }

void vmrepl_runloop_pass(void) {
  if (run_in_mode && default_mode) run_in_mode(*default_mode, 0, 1);
}

int vmrepl_runloop_has_timer(void) {
  // CF on Linux leaves the descriptor armed when its last timer goes (it never disarms it), so
  // whether a timer is left is asked of the run loop itself.
  if (!next_fire_date || !main_run_loop || !default_mode) return 1;
  return next_fire_date(main_run_loop(), *default_mode) != 0;
}

void vmrepl_runloop_fire(int fd) {
  struct itimerspec soon = {{0, 0}, {0, 1}};
  real_timerfd_settime(fd, 0, &soon, NULL);
  // Readiness comes from the kernel a moment later; wait for it, so that the pass below sees it
  // whatever the machine's load (a real wait of microseconds; virtual time does not move).
  struct pollfd descriptor = {.fd = fd, .events = POLLIN};
  if (poll(&descriptor, 1, 1000) <= 0) return;
  // A pass services one ready descriptor; make passes until CF has read this one.
  for (int pass = 0; pass < 16; pass++) {
    vmrepl_runloop_pass();
    descriptor.revents = 0;
    if (poll(&descriptor, 1, 0) <= 0) return;
  }
}

int vmrepl_runloop_activate(void) {
  real_timerfd_settime = (timerfd_settime_fn)dlsym(RTLD_DEFAULT, "timerfd_settime");
  real_eventfd = (eventfd_fn)dlsym(RTLD_DEFAULT, "eventfd");
  *(void **)&run_in_mode = dlsym(RTLD_DEFAULT, "CFRunLoopRunInMode");
  default_mode = (const void **)dlsym(RTLD_DEFAULT, "kCFRunLoopDefaultMode");
  *(void **)&next_fire_date = dlsym(RTLD_DEFAULT, "CFRunLoopGetNextTimerFireDate");
  *(void **)&main_run_loop = dlsym(RTLD_DEFAULT, "CFRunLoopGetMain");
  if (!real_timerfd_settime || !real_eventfd || !run_in_mode || !default_mode) return 0;
  static const char *const foundation[] = {"libFoundation.so", NULL};
  int patched = vmrepl_patch("timerfd_settime", (void *)simulated_timerfd_settime, foundation, NULL);
  patched += vmrepl_patch("eventfd", (void *)simulated_eventfd, foundation, NULL);
  return patched > 0 ? VMREPL_RUNLOOP : 0;
}

#else

int vmrepl_runloop_activate(void) { return 0; }
int vmrepl_runloop_exists(void) { return 0; }
int vmrepl_runloop_has_timer(void) { return 0; }
void vmrepl_runloop_pass(void) {}
int vmrepl_runloop_has_timer(void) {
  // CF on Linux leaves the descriptor armed when its last timer goes (it never disarms it), so
  // whether a timer is left is asked of the run loop itself.
  if (!next_fire_date || !main_run_loop || !default_mode) return 1;
  return next_fire_date(main_run_loop(), *default_mode) != 0;
}

void vmrepl_runloop_fire(int fd) { (void)fd; }

#endif
