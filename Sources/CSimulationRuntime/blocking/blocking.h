// Blocking calls on simulated threads (blocking.c): semaphores, groups, locks, conditions and
// sleeps park the caller instead of blocking for real.
#ifndef VMREPL_BLOCKING_H
#define VMREPL_BLOCKING_H

#include "../threads/threads.h"

int vmrepl_blocking_activate(void);
/// Forgets the locks parked threads held (a new session).
void vmrepl_blocking_reset(void);
/// A Dispatch group was left: its waiters may go on.
void vmrepl_blocking_group_left(void *group);

/// The real pthread mutex functions, for the runtime's own locks (the program's are simulated).
int vmrepl_real_mutex_lock(pthread_mutex_t *mutex);
int vmrepl_real_mutex_unlock(pthread_mutex_t *mutex);

#endif
