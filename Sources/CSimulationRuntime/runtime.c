// The runtime's entry points, the one place every feature is switched on and reset: the
// features below (world/, threads/, blocking/, dispatch/, sources/, network/, sandbox/) never
// call each other's activation.
#include "world/world.h"
#include "dispatch/dispatch.h"
#include "sources/sources.h"
#include "network/network.h"
#include "sandbox/sandbox.h"

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
  // Blocking calls park simulated threads, and pooled ones run Dispatch blocks: both only when
  // the threads are simulated (VMREPL_REAL_THREADS unset).
  vmrepl_threads_activate();
  if (vmrepl_threads_enabled()) {
    vmrepl_blocking_activate();
    vmrepl_dispatch_workers_activate();
  }
  return result;
}

void vmrepl_threads_reset(void) {
  vmrepl_simthreads_reset();
  vmrepl_blocking_reset();
  vmrepl_queues_reset();
}
