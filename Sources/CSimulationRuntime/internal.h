// Shared between the runtime's C files; not part of the module's interface.
#ifndef VMREPL_RUNTIME_INTERNAL_H
#define VMREPL_RUNTIME_INTERNAL_H

#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdint.h>
#include "CSimulationRuntime.h"

/// Rewrites the import slot of `symbol` to `replacement` in every loaded object whose path
/// contains one of `only` (NULL-terminated), or, when `only` is NULL, in every object whose path
/// contains none of `except`. Returns how many slots were rewritten.
int vmrepl_patch(const char *symbol, void *replacement, const char *const *only, const char *const *except);

/// `vmrepl_patch` in the objects `only` names, including their calls to functions they define
/// and export themselves (which go through their own PLT): Foundation calls CoreFoundation, which
/// it contains, that way.
int vmrepl_patch_own(const char *symbol, void *replacement, const char *const *only);

/// One symbol and what its import slots are to call instead.
struct vmrepl_redirect {
  const char *symbol;
  void *replacement;
};

/// `vmrepl_patch` for each redirect of `redirects` (ended by a NULL symbol) in the objects `only`
/// names; returns how many slots were rewritten in all.
int vmrepl_patch_each(const struct vmrepl_redirect *redirects, const char *const *only);

/// Where Swift code's Dispatch calls come from: the Swift overlay, Foundation, and the program.
extern const char *const vmrepl_dispatch_callers[];

/// What the virtual monotonic clocks read at virtual time 0. Not zero: Dispatch takes an
/// uptime of 0 for "now" and turns `now + delta` into "forever".
#define VMREPL_MONOTONIC_BASE (1000LL * 1000000000LL)

extern _Atomic unsigned long vmrepl_driver;
extern _Atomic int64_t vmrepl_virtual_now;
extern const vmrepl_callbacks *vmrepl_hooks;

struct simthread;
/// The simulated thread this thread is (threads.c), or NULL: the driving thread, or a thread
/// outside the simulation.
extern __thread struct simthread *vmrepl_current_simthread;
/// How deep in jobs the driving thread is (jobs run nested while a job blocks).
extern _Atomic int vmrepl_driver_in_job;

#include <pthread.h>
/// Whether this is the driving thread, which is the program's main thread.
/// A hint to the processor inside a spin-wait: `pause` on x86, `yield` on ARM, nothing elsewhere.
/// (The runtime builds for aarch64 too, as a Linux container on Apple silicon is.)
static inline void vmrepl_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ __volatile__("yield");
#endif
}

static inline int vmrepl_on_main_thread(void) {
  return (unsigned long)pthread_self() == atomic_load_explicit(&vmrepl_driver, memory_order_relaxed);
}

/// Whether the calling code runs in the simulation: on the driving thread, or on a simulated
/// thread (which runs only while the driving thread waits for it). Clocks read virtual time
/// there, and what it hands to Dispatch is simulated.
static inline int vmrepl_on_driver(void) {
  return vmrepl_current_simthread != NULL || vmrepl_on_main_thread();
}

int vmrepl_threads_enabled(void);

/// Whether a blocking call made here is to be simulated: on a simulated thread, or on the
/// driving thread inside a job (its waits between jobs are the simulation's own).
static inline int vmrepl_blocking_here(void) {
  if (vmrepl_current_simthread) return 1;
  return atomic_load_explicit(&vmrepl_driver_in_job, memory_order_relaxed) > 0 && vmrepl_on_main_thread() && vmrepl_threads_enabled();
}

int vmrepl_world_activate(void);
int vmrepl_dispatch_activate(void);
int vmrepl_runloop_activate(void);
int vmrepl_network_activate(void);
int vmrepl_sources_activate(void);
int vmrepl_threads_activate(void);
int vmrepl_urlsession_activate(void);
int vmrepl_sandbox_activate(void);

/// The backend's answers about addresses (linux/symbols.c): the symbol at or before `address`
/// (NULL when unknown), whether a function lies in the toolchain's libraries, and whether an
/// address is where a symbol starts.
const char *vmrepl_symbol_name(const void *address);
int vmrepl_in_toolchain_library(const void *function);
int vmrepl_is_symbol_address(const void *address);

/// Shared by dispatch.c and sources.c.
int vmrepl_dispatch_simulates(void *queue);
int64_t vmrepl_dispatch_delay_until(uint64_t when);
void vmrepl_dispatch_invoke_on(void *queue, void *block, int is_main);
void *vmrepl_main_queue(void);
void vmrepl_dispatch_set_real_timer(void *source, uint64_t start, uint64_t interval, uint64_t leeway);
/// A dispatch_time_t computed on virtual clocks, moved to the real clock for a real wait.
uint64_t vmrepl_dispatch_real_deadline(uint64_t when);
/// Sets the work tag of the block this thread runs; returns the one it had.
void *vmrepl_dispatch_swap_thread_tag(void *tag);
/// Whether a queue runs its blocks concurrently (a global queue, or one made `.concurrent`).
int vmrepl_dispatch_queue_is_concurrent(void *queue);

/// The real pthread mutex functions, for the runtime's own locks (the program's are simulated).
int vmrepl_real_mutex_lock(pthread_mutex_t *mutex);
int vmrepl_real_mutex_unlock(pthread_mutex_t *mutex);

/// Shared by threads.c, blocking.c and dispatch.c.
int vmrepl_blocking_activate(void);
void vmrepl_blocking_reset(void);
void vmrepl_blocking_group_left(void *group);
int vmrepl_blocking_wait_for_queue(void *queue, int barrier);
void vmrepl_queue_enter(void *queue, int barrier);
void vmrepl_queue_leave(void *queue);
int vmrepl_threads_block(int kind, void *object, int64_t deadline);
int vmrepl_simthread_waiting(int kind, void *object);
void vmrepl_simthread_wake_id(int id);
int vmrepl_simthread_current_id(void);

/// The virtual reading of `id` on the driving thread; 0 when `id` is not simulated.
int vmrepl_virtual_clock(int id, int64_t *nanoseconds);
/// Reads the real clock (never virtual).
int vmrepl_real_clock_gettime(int id, void *spec);

/// Looks up `name` into `variable`; a missing symbol makes the enclosing function return 0.
#define LOOKUP(variable, name) \
  do { *(void **)&(variable) = dlsym(RTLD_DEFAULT, name); if (!(variable)) return 0; } while (0)

#endif
