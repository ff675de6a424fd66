// Which queues simulated blocks and `sync` calls occupy now. A serial queue (or a barrier) held by
// a parked thread admits nothing else until it is let go: a `sync` onto it parks, and the
// simulation does not start its next block.
#include "dispatch.h"

#if VMREPL_HAS_BACKEND
/// The driving thread as an occupant.
#define DRIVER_OCCUPANT ((struct simthread *)1)

static struct simthread *occupant_self(void) { return vmrepl_current_simthread ? vmrepl_current_simthread : DRIVER_OCCUPANT; }

#define BUSY 256
static struct {
  void *queue;
  struct simthread *holder;
  int barrier;
} busy[BUSY];
static int busy_count;

int vmrepl_queue_busy_count(void) { return busy_count; }

int vmrepl_queue_is_busy(void *queue, int barrier) {
  int concurrent = vmrepl_dispatch_queue_is_concurrent(queue);
  for (int index = 0; index < busy_count; index++) {
    if (busy[index].queue != queue) continue;
    if (!concurrent || barrier || busy[index].barrier) return 1;
  }
  return 0;
}

void vmrepl_queue_enter(void *queue, int barrier) {
  if (busy_count >= BUSY) return;
  busy[busy_count].queue = queue;
  busy[busy_count].holder = occupant_self();
  busy[busy_count].barrier = barrier;
  busy_count++;
}

void vmrepl_queue_leave(void *queue) {
  struct simthread *me = occupant_self();
  for (int index = busy_count - 1; index >= 0; index--) {
    if (busy[index].queue == queue && busy[index].holder == me) {
      busy[index] = busy[--busy_count];
      break;
    }
  }
  vmrepl_simthread_wake(VMREPL_WAIT_QUEUE, queue, 0);
}

int vmrepl_queue_wait_until_free(void *queue, int barrier) {
  while (vmrepl_queue_is_busy(queue, barrier)) {
    if (vmrepl_threads_block(VMREPL_WAIT_QUEUE, queue, -1) == 0) return 0;
  }
  return 1;
}

void vmrepl_queues_reset(void) { busy_count = 0; }

// MARK: Blocks on pooled simulated threads

/// What a pooled worker does with a block: occupies its queue while the block runs on it.
static void run_on_worker(const struct vmrepl_worker_work *work) {
  vmrepl_queue_enter(work->queue, work->flags & VMREPL_BLOCK_BARRIER);
  vmrepl_dispatch_run(work->queue, work->block, work->flags, work->group);
  vmrepl_queue_leave(work->queue);
  vmrepl_dispatch_release_queue(work->queue);
}

void vmrepl_dispatch_workers_activate(void) { vmrepl_threads_set_worker_body(run_on_worker); }

int vmrepl_simthread_run_block(void *queue, void *block, int flags, void *group, void *tag) {
  // Kept alive while the block runs, however long it stays parked.
  vmrepl_dispatch_retain_queue(queue);
  struct vmrepl_worker_work work = {queue, block, group, flags};
  int result = vmrepl_threads_run_worker(&work, tag);
  if (result < 0) vmrepl_dispatch_release_queue(queue);
  return result;
}

#endif  // VMREPL_HAS_BACKEND
