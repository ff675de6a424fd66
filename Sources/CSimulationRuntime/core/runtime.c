// The runtime's entry point and virtual time, the same on every platform: the backend of
// the platform (linux/, or fallback/) provides the functions called here.
#include "../internal.h"

#include <time.h>

void vmrepl_clock_set_now(int64_t nanoseconds) {
  atomic_store_explicit(&vmrepl_virtual_now, nanoseconds, memory_order_relaxed);
}

int64_t vmrepl_clock_wall_nanoseconds(void) {
  struct timespec spec;
  vmrepl_real_clock_gettime(CLOCK_MONOTONIC, &spec);
  return (int64_t)spec.tv_sec * 1000000000 + spec.tv_nsec;
}

int vmrepl_runtime_activate(unsigned long driver_thread, const vmrepl_callbacks *callbacks) {
  atomic_store(&vmrepl_driver, driver_thread);
  vmrepl_hooks = callbacks;
  int result = vmrepl_world_activate();
  result |= vmrepl_dispatch_activate();
  result |= vmrepl_runloop_activate();
  result |= vmrepl_network_activate();
  if (vmrepl_urlsession_activate()) result |= VMREPL_URLSESSION;
  vmrepl_sandbox_activate();
  vmrepl_sources_activate();
  vmrepl_threads_activate();
  return result;
}
