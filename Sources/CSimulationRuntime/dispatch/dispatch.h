// Dispatch in the simulation (dispatch.c, queues.c): blocks for the program's queues become the
// simulation's jobs; the queues they occupy; blocks on pooled simulated threads.
#ifndef VMREPL_DISPATCH_H
#define VMREPL_DISPATCH_H

#include "../blocking/blocking.h"

int vmrepl_dispatch_activate(void);
/// Lets pooled simulated threads run Dispatch blocks (queues.c).
void vmrepl_dispatch_workers_activate(void);

/// Whether blocks for `queue` are simulated here.
int vmrepl_dispatch_simulates(void *queue);
void vmrepl_dispatch_invoke_on(void *queue, void *block, int is_main);
void *vmrepl_main_queue(void);
void vmrepl_dispatch_set_real_timer(void *source, uint64_t start, uint64_t interval, uint64_t leeway);
/// Whether a queue runs its blocks concurrently (a global queue, or one made `.concurrent`).
int vmrepl_dispatch_queue_is_concurrent(void *queue);

/// A simulated block or `sync` starts or stops occupying `queue` (queues.c).
void vmrepl_queue_enter(void *queue, int barrier);
void vmrepl_queue_leave(void *queue);
/// Before a `sync` onto a queue other than main from inside the simulation: waits (parked)
/// while the queue is occupied. Returns 0 when the caller must fall back to the real call.
int vmrepl_queue_wait_until_free(void *queue, int barrier);
/// Forgets which queues parked threads occupied (a new session).
void vmrepl_queues_reset(void);

#endif
