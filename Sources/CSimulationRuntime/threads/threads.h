// Simulated threads (threads.c): every thread of the view-model runs only while it holds the
// simulation's baton. Blocking calls (blocking/) and Dispatch's workers (dispatch/) park and
// wake them through these functions.
#ifndef VMREPL_THREADS_H
#define VMREPL_THREADS_H

#include "../platform/platform.h"

int vmrepl_threads_activate(void);
/// Leaves parked threads behind and numbers threads anew (runtime.c's `vmrepl_threads_reset`
/// also forgets what they held).
void vmrepl_simthreads_reset(void);

/// Whether a blocking call made here is to be simulated: on a simulated thread, or on the
/// driving thread inside a job (its waits between jobs are the simulation's own).
static inline int vmrepl_blocking_here(void) {
  if (vmrepl_current_simthread) return 1;
  return atomic_load_explicit(&vmrepl_driver_in_job, memory_order_relaxed) > 0 && vmrepl_on_main_thread() && vmrepl_threads_enabled();
}

/// Parks the caller on `object` until woken or `deadline` (virtual, -1 for none) passes: 1 when
/// woken, 2 when timed out, 0 when the caller cannot park here (it must make the real call).
int vmrepl_threads_block(int kind, void *object, int64_t deadline);
/// Makes up to `limit` (0: all) threads parked on `object` ready; returns how many.
int vmrepl_simthread_wake(int kind, void *object, int limit);
/// `vmrepl_simthread_wake` from a thread outside the simulation: posted, admitted by the driver.
void vmrepl_threads_post_foreign(int kind, void *object);
/// Whether a thread is parked on `object` now.
int vmrepl_simthread_waiting(int kind, void *object);
void vmrepl_simthread_wake_id(int id);
/// The calling simulated thread's id, 0 for none.
int vmrepl_simthread_current_id(void);
/// The id of a thread record (0 for NULL, the driving thread).
int vmrepl_simthread_id(struct simthread *thread);

/// What a pooled worker is given to run: a Dispatch block for its queue.
struct vmrepl_worker_work {
  void *queue, *block, *group;
  int flags;
};
/// What a worker does with its work: dispatch/ sets it when it activates.
void vmrepl_threads_set_worker_body(void (*body)(const struct vmrepl_worker_work *work));
/// Hands `work` to a pooled simulated thread with `tag` as its work tag (released when done).
/// Returns 0 when the work finished, or the id of the thread parked in it, -1 when no thread
/// could be had.
int vmrepl_threads_run_worker(const struct vmrepl_worker_work *work, void *tag);

#endif
