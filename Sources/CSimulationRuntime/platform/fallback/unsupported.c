// The runtime where no backend exists yet: nothing is redirected, every source reports that
// it is not simulated, and the simulation recovers delays from real-clock readings. A port
// adds a backend folder beside linux/ and excludes its platform here.
#include "../platform.h"

#if !VMREPL_HAS_BACKEND
#include <time.h>

// What blocking/ provides with a backend.
int vmrepl_blocking_activate(void) { return 0; }
void vmrepl_blocking_reset(void) {}
int vmrepl_blocking_lock_holder(void *mutex) { (void)mutex; return -1; }

// What dispatch/ provides with a backend.
int vmrepl_dispatch_activate(void) { return 0; }
void vmrepl_dispatch_workers_activate(void) {}
void vmrepl_queues_reset(void) {}
int vmrepl_queue_busy_count(void) { return 0; }
int vmrepl_queue_is_busy(void *queue, int barrier) { (void)queue; (void)barrier; return 0; }
int vmrepl_dispatch_queue_is_concurrent(void *queue) { (void)queue; return 0; }
int vmrepl_simthread_run_block(void *queue, void *block, int flags, void *group, void *tag) {
  (void)queue; (void)block; (void)flags; (void)group; (void)tag;
  return -1;
}
void vmrepl_dispatch_run(void *queue, void *block, int flags, void *group) { (void)queue; (void)block; (void)flags; (void)group; }
void vmrepl_dispatch_discard(void *block, void *group) { (void)block; (void)group; }
void vmrepl_dispatch_retain_queue(void *queue) { (void)queue; }
void vmrepl_dispatch_release_queue(void *queue) { (void)queue; }
int vmrepl_dispatch_is_cancelled(void *block) { (void)block; return 0; }
const char *vmrepl_dispatch_queue_label(void *queue) { (void)queue; return ""; }
int vmrepl_dispatch_drain_main_queue(void) { return 0; }

// What the Linux backend's redirect.c provides.
int vmrepl_patch(const char *symbol, void *replacement, const char *const *only, const char *const *except) {
  (void)symbol; (void)replacement; (void)only; (void)except;
  return 0;
}

int vmrepl_patch_each(const struct vmrepl_redirect *redirects, const char *const *only) {
  (void)redirects; (void)only;
  return 0;
}

int vmrepl_patch_batch(const struct vmrepl_redirect *redirects, const char *const *only, const char *const *except,
                       int own, int *patched) {
  (void)only; (void)except; (void)own;
  for (; redirects->symbol; redirects++) *patched++ = 0;
  return 0;
}

int vmrepl_patch_own(const char *symbol, void *replacement, const char *const *only) {
  (void)symbol; (void)replacement; (void)only;
  return 0;
}

// What hashing.c provides with a backend.
int vmrepl_hashing_is_deterministic(void) { return 0; }

// What network.c provides with a backend.
int vmrepl_network_activate(void) { return 0; }

// What runloop.c provides with a backend.
int vmrepl_runloop_activate(void) { return 0; }
int vmrepl_runloop_exists(void) { return 0; }
int vmrepl_runloop_has_timer(void) { return 0; }
int vmrepl_runloop_idle_pass(void) { return 0; }
void vmrepl_runloop_fire(int fd, int64_t lead) { (void)fd; (void)lead; }
int64_t vmrepl_runloop_date_grain(void) { return 1000; }
void vmrepl_runloop_timer_call(void *callout, void *timer, void *info) { ((void (*)(void *, void *))callout)(timer, info); }
int vmrepl_runloop_timer_is_valid(void *timer) { (void)timer; return 0; }
int64_t vmrepl_runloop_timer_delay(void *timer) { (void)timer; return -1; }
void vmrepl_runloop_timer_invalidate(void *timer) { (void)timer; }
void vmrepl_runloop_timer_retain(void *timer) { (void)timer; }
void vmrepl_runloop_timer_release(void *timer) { (void)timer; }

// What sandbox.c provides with a backend.
const char *vmrepl_sandbox_root(void) { return ""; }
void vmrepl_flush_preferences(void) {}
int vmrepl_sandbox_activate(void) { return 0; }
int vmrepl_sandbox_reset(void) { return 0; }

// What sources.c provides with a backend.
int vmrepl_sources_activate(void) { return 0; }
int vmrepl_source_timer_is_live(int id, uint64_t generation) { (void)id; (void)generation; return 0; }
void vmrepl_source_timer_fire(int id, uint64_t generation) { (void)id; (void)generation; }
const char *vmrepl_source_timer_queue_label(int id) { (void)id; return ""; }

// What threads.c provides with a backend.
int vmrepl_threads_activate(void) { return 0; }
int vmrepl_threads_alive(void) { return 0; }
// No simulated threads: a block runs on the driving thread, nothing parks, nothing blocks.
int vmrepl_threads_enabled(void) { return 0; }
int vmrepl_threads_admit_foreign(void) { return 0; }
void vmrepl_threads_renumber(void) {}
void vmrepl_threads_outside_wait(int waiting) { (void)waiting; }
void vmrepl_simthreads_reset(void) {}
int vmrepl_in_simulation(void) { return 0; }
void vmrepl_job_enter(int on_main) { (void)on_main; }
void vmrepl_job_leave(void) {}
int vmrepl_driver_job_on_main(void) { return 0; }
int vmrepl_simthread_resume(int id) { (void)id; return 0; }
int vmrepl_simthread_state(int id) { (void)id; return 0; }
int vmrepl_simthread_number(int id) { (void)id; return 0; }
const char *vmrepl_simthread_name(int id) { (void)id; return ""; }
void *vmrepl_simthread_block_queue(int id) { (void)id; return 0; }
void *vmrepl_simthread_tag(int id) { (void)id; return 0; }
int vmrepl_simthread_wait_kind(int id) { (void)id; return 0; }
void *vmrepl_simthread_wait_object(int id) { (void)id; return 0; }
int64_t vmrepl_simthread_wait_deadline(int id) { (void)id; return -1; }
int vmrepl_simthread_timer_live(int id, uint64_t generation) { (void)id; (void)generation; return 0; }
int vmrepl_simthread_timer_fire(int id, uint64_t generation) { (void)id; (void)generation; return 0; }
int vmrepl_simthreads_parked(int *ids, int capacity) { (void)ids; (void)capacity; return 0; }

// What urlsession.c provides with a backend.
int vmrepl_urlsession_activate(void) { return 0; }

// What world/ provides with a backend.
int vmrepl_world_activate(void) { return 0; }
int vmrepl_clock_is_active(void) { return 0; }
int vmrepl_virtual_clock(int id, int64_t *nanoseconds) { (void)id; (void)nanoseconds; return 0; }
int vmrepl_real_clock_gettime(int id, void *spec) { return clock_gettime((clockid_t)id, spec); }
void vmrepl_world_seed(uint64_t seed) { (void)seed; }
void vmrepl_world_set_wall_clock(int64_t unix_nanoseconds, int64_t at) { (void)unix_nanoseconds; (void)at; }
int64_t vmrepl_world_wall_clock(void) { return 0; }
void vmrepl_world_reset(void) {}

// What the Linux backend's symbols.c and source_lines.c provide.
const char *vmrepl_symbol_name(const void *address) { (void)address; return 0; }
int vmrepl_source_declaration(const void *address, char *file, size_t file_size, int *line) {
  (void)address; (void)file; (void)file_size; (void)line;
  return 0;
}
int vmrepl_source_row(const void *address, int *line) { (void)address; (void)line; return 0; }
int vmrepl_in_toolchain_library(const void *function) { (void)function; return 0; }
int vmrepl_is_symbol_address(const void *address) { (void)address; return 0; }
const char *vmrepl_library_of(const void *address) { (void)address; return 0; }

#endif  // !VMREPL_HAS_BACKEND

#if !defined(VMREPL_BACKEND_LINUX)
// Waiting on a word: nothing in the runtime waits without a backend (no simulated threads).
void vmrepl_platform_wait(_Atomic int *word, int expected) { (void)word; (void)expected; }
void vmrepl_platform_wake_one(_Atomic int *word) { (void)word; }
#endif
