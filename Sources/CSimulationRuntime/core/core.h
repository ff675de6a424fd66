// What every part of the runtime shares: the driving thread, virtual time, the hooks into the
// Swift simulation, where the calling thread stands, and the work tag it carries. The bottom
// layer: it calls no feature. Not part of the module's interface.
#ifndef VMREPL_CORE_H
#define VMREPL_CORE_H

#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include "../include/CSimulationRuntime.h"

/// What the virtual monotonic clocks read at virtual time 0. Not zero: Dispatch takes an
/// uptime of 0 for "now" and turns `now + delta` into "forever".
#define VMREPL_MONOTONIC_BASE (1000LL * 1000000000LL)

/// The driving thread (the program's main thread), the virtual time and the Swift side's hooks
/// (state.c).
extern _Atomic unsigned long vmrepl_driver;
extern _Atomic int64_t vmrepl_virtual_now;
extern const vmrepl_callbacks *vmrepl_hooks;

struct simthread;
/// The simulated thread this thread is (threads/), or NULL: the driving thread, or a thread
/// outside the simulation.
extern __thread struct simthread *vmrepl_current_simthread;
/// How deep in jobs the driving thread is (jobs run nested while a job blocks).
extern _Atomic int vmrepl_driver_in_job;

/// A hint to the processor inside a spin-wait: `pause` on x86, `yield` on ARM, nothing elsewhere.
/// (The runtime builds for aarch64 too, as a Linux container on Apple silicon is.)
static inline void vmrepl_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ __volatile__("yield");
#endif
}

/// Whether this is the driving thread, which is the program's main thread.
static inline int vmrepl_on_main_thread(void) {
  return (unsigned long)pthread_self() == atomic_load_explicit(&vmrepl_driver, memory_order_relaxed);
}

/// Whether the calling code runs in the simulation: on the driving thread, or on a simulated
/// thread (which runs only while the driving thread waits for it). Clocks read virtual time
/// there, and what it hands to Dispatch is simulated.
static inline int vmrepl_on_driver(void) {
  return vmrepl_current_simthread != NULL || vmrepl_on_main_thread();
}

/// Sets the work tag of what this thread runs (work_tag.c); returns the one it had.
void *vmrepl_swap_thread_tag(void *tag);

/// Looks up `name` into `variable`; a missing symbol makes the enclosing function return 0.
#define LOOKUP(variable, name) \
  do { *(void **)&(variable) = dlsym(RTLD_DEFAULT, name); if (!(variable)) return 0; } while (0)

#endif
