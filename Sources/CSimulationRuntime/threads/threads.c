// Simulated threads: every thread of the view-model is a real thread that runs only while it
// holds the simulation's baton.
//
// Dthreads and Kendo made unmodified pthread programs deterministic by interposing the threading
// library; vmrepl does the same through the import slots it already rewrites. A thread the
// program starts (`Thread`, `pthread_create`) and a Dispatch block for a queue other than main
// (run by a pooled worker) are simulated threads. At most one of them, or the driving thread,
// runs at a time: the holder of the baton hands it to a thread and waits until the thread hands
// it back, which it does when it ends or when it blocks in a call the simulation knows
// (a semaphore, a lock, a condition, a sleep, a `sync` onto a busy queue; blocking/ and dispatch/queues.c). A blocked
// thread is parked; what it waits for (a signal, an unlock, a virtual deadline) makes it ready,
// and the simulation resumes it as a job of its own, in the order its scheduler chooses.
//
// Every structure here is touched only by the baton's holder, except the list of wake-ups that
// threads outside the simulation post (`vmrepl_threads_post_foreign`), which has a lock.
#include "threads.h"
#include "../platform/linux/libraries.h"

#if VMREPL_HAS_BACKEND
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// MARK: Gates

/// A one-way door a thread waits at until another opens it: spins briefly (the other side
/// usually answers within microseconds), then sleeps (platform/: a futex on Linux).
struct gate {
  _Atomic int state;  // 0 closed, 1 open, 2 closed with a sleeper
};

static void gate_open(struct gate *gate) {
  if (atomic_exchange_explicit(&gate->state, 1, memory_order_release) == 2) {
    vmrepl_platform_wake_one(&gate->state);
  }
}

/// Passes the gate once it is open, spinning `spins` times before sleeping: whoever handed the
/// baton on gets it back within microseconds, while a parked thread may wait long, and spinning
/// on a machine of two cores takes the core the others need.
static void gate_pass_unless(struct gate *gate, int spins, _Atomic int *stop) {
  for (int spin = 0; spin < spins; spin++) {
    int open = 1;
    if (atomic_compare_exchange_weak_explicit(&gate->state, &open, 0, memory_order_acquire, memory_order_relaxed)) return;
    if (stop && atomic_load_explicit(stop, memory_order_relaxed)) break;
    vmrepl_spin_pause();
  }
  while (1) {
    int expected = 1;
    if (atomic_compare_exchange_strong_explicit(&gate->state, &expected, 0, memory_order_acquire, memory_order_relaxed)) return;
    // Closed (0): say a sleeper waits, unless it opened meanwhile.
    if (expected == 0 && !atomic_compare_exchange_strong_explicit(&gate->state, &expected, 2, memory_order_relaxed, memory_order_relaxed)) continue;
    vmrepl_platform_wait(&gate->state, 2);
  }
}

static void gate_pass(struct gate *gate, int spins) { gate_pass_unless(gate, spins, NULL); }

#ifndef SPINS_RESUMER
#define SPINS_RESUMER 4000
#endif
#ifndef SPINS_PARKED
#define SPINS_PARKED 0
#endif
#ifndef SPINS_IDLE
#define SPINS_IDLE 200
#endif

// MARK: Threads

enum { T_READY = 1, T_RUNNING, T_PARKED, T_IDLE, T_FINISHED, T_ABANDONED };

struct simthread {
  int id;
  /// Numbered among the program's own threads (`Thread 1`); 0 for pooled block workers.
  int number;
  int state;
  struct gate gate;
  /// Whoever handed it the baton last: it gets the baton back. NULL for the driving thread.
  struct simthread *resumer;
  pthread_t pthread;
  /// What it waits on while parked (VMREPL_WAIT_*), the object, and the park's generation.
  int wait_kind;
  void *wait_object;
  int64_t wait_deadline;
  uint64_t generation;
  int timed_out;
  /// A pooled worker's work and the work tag it carries.
  int is_worker;
  struct vmrepl_worker_work work;
  void *tag;
  /// A started thread's routine.
  void *(*routine)(void *);
  void *argument;
  void *start_tag;
  /// Threads blocked in pthread_join on this one.
  int joined;
};

#define MAX_THREADS 4096
static struct simthread *threads[MAX_THREADS + 1];
static int thread_count;
static int program_threads;  // `Thread N` numbering, reset with the world
static struct gate driver_gate;
static _Atomic int threads_active;


typedef int (*create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
static create_fn real_create;
static int (*real_join)(pthread_t, void **);

int vmrepl_threads_enabled(void) { return atomic_load_explicit(&threads_active, memory_order_relaxed); }

/// The lane of each job the driving thread runs, innermost last (jobs nest while one blocks).
static int job_lanes[256];

// Only the driving thread changes the depth: a plain load and store, no read-modify-write.
void vmrepl_job_enter(int on_main) {
  int depth = atomic_load_explicit(&vmrepl_driver_in_job, memory_order_relaxed);
  if (depth < 256) job_lanes[depth] = on_main;
  atomic_store_explicit(&vmrepl_driver_in_job, depth + 1, memory_order_relaxed);
}

void vmrepl_job_leave(void) {
  atomic_store_explicit(&vmrepl_driver_in_job, atomic_load_explicit(&vmrepl_driver_in_job, memory_order_relaxed) - 1, memory_order_relaxed);
}

int vmrepl_driver_job_on_main(void) {
  int depth = atomic_load_explicit(&vmrepl_driver_in_job, memory_order_relaxed);
  return depth > 0 && depth <= 256 ? job_lanes[depth - 1] : 1;
}

int vmrepl_in_simulation(void) { return vmrepl_on_driver(); }

int vmrepl_simthread_current_id(void) { return vmrepl_current_simthread ? vmrepl_current_simthread->id : 0; }

static struct simthread *lookup(int id) { return id > 0 && id <= thread_count ? threads[id] : NULL; }

/// Hands the baton to `thread` and waits for it to come back.
static int resume(struct simthread *thread) {
  struct simthread *me = vmrepl_current_simthread;
  thread->resumer = me;
  thread->state = T_RUNNING;
  gate_open(&thread->gate);
  gate_pass(me ? &me->gate : &driver_gate, SPINS_RESUMER);
  return thread->state;
}

/// Set while the driving thread waits for real threads (URLSession's, which hand their answers
/// to the simulation): an idle worker then sleeps at once instead of spinning for the next
/// block. On two cores an idle worker's spinning takes the core those threads need: exploring
/// search/urlsession-ten-requests ran 1.3x faster with no idle spinning at all, but a burst of
/// global-queue blocks half as fast; 200 spins (was 2000, some 100 us) and none during such
/// waits keep the bursts' speed and gave the exploration 1.17x (vmrepl-bench, 4 rounds each).
static _Atomic int outside_wait;

void vmrepl_threads_outside_wait(int waiting) { atomic_store_explicit(&outside_wait, waiting, memory_order_relaxed); }

/// Gives the baton back to whoever handed it over; a parked thread then waits for its turn.
static void yield(struct simthread *me) {
  struct simthread *resumer = me->resumer;
  int state = me->state;
  gate_open(resumer ? &resumer->gate : &driver_gate);
  if (state == T_PARKED) gate_pass(&me->gate, SPINS_PARKED);
  // An idle worker usually gets the next block of a burst at once.
  if (state == T_IDLE) gate_pass_unless(&me->gate, SPINS_IDLE, &outside_wait);
}

int vmrepl_simthread_resume(int id) {
  struct simthread *thread = lookup(id);
  if (!thread || thread->state != T_READY) return 0;
  return resume(thread);
}

/// The driving thread while a job it runs blocks: not resumed by the scheduler, but its nested
/// wait (`vmrepl_threads_block`) looks at its state.
static struct simthread driver_record;

void vmrepl_simthread_make_ready(struct simthread *thread) {
  if (thread->state != T_PARKED) return;
  thread->state = T_READY;
  if (thread != &driver_record) vmrepl_hooks->thread_ready(thread->id);
}

static struct simthread *make_thread(int is_worker) {
  if (thread_count >= MAX_THREADS) {
    // A long-lived process (a replay worker) starts many threads: the record of one that ended
    // is taken again. Its real thread no longer touches it once it has handed the baton back.
    for (int id = 1; id <= thread_count; id++) {
      struct simthread *old = threads[id];
      if (!old || old->is_worker || old->state != T_FINISHED) continue;
      memset(old, 0, sizeof *old);
      old->id = id;
      old->is_worker = is_worker;
      return old;
    }
    return NULL;
  }
  struct simthread *thread = calloc(1, sizeof(struct simthread));
  if (!thread) return NULL;
  thread->id = ++thread_count;
  thread->is_worker = is_worker;
  threads[thread->id] = thread;
  return thread;
}

// MARK: Parking

void vmrepl_simthread_park(struct simthread *me, int kind, void *object, int64_t deadline) {
  me->state = T_PARKED;
  me->wait_kind = kind;
  me->wait_object = object;
  me->wait_deadline = deadline;
  me->generation++;
  me->timed_out = 0;
  if (deadline >= 0) {
    int64_t now = atomic_load_explicit(&vmrepl_virtual_now, memory_order_relaxed);
    vmrepl_hooks->thread_timer(me->id, me->generation, deadline > now ? deadline - now : 0);
  }
  yield(me);
  me->wait_kind = 0;
  me->wait_object = NULL;
}

int vmrepl_threads_block(int kind, void *object, int64_t deadline) {
  struct simthread *me = vmrepl_current_simthread;
  if (me) {
    vmrepl_simthread_park(me, kind, object, deadline);
    return me->timed_out ? 2 : 1;
  }
  if (!vmrepl_blocking_here()) return 0;
  // The driving thread cannot park: it runs other work (never the main lane's, which it is)
  // until what it waits for happens, as the main thread of a device sits blocked meanwhile.
  struct simthread saved = driver_record;
  driver_record.state = T_PARKED;
  driver_record.wait_kind = kind;
  driver_record.wait_object = object;
  driver_record.wait_deadline = deadline;
  int result;
  int64_t since = atomic_load_explicit(&vmrepl_virtual_now, memory_order_relaxed);
  int waited = 0;
  while (1) {
    if (driver_record.state == T_READY) { result = 1; break; }
    waited = 1;
    int progress = vmrepl_hooks->driver_wait(kind, deadline);
    if (progress == 2) { result = 2; break; }
    if (progress == 0) {
      // Nothing can run and no timer is left: the driving thread waits forever.
      vmrepl_hooks->driver_deadlock(kind);
      result = 0;
      break;
    }
  }
  driver_record = saved;
  if (waited && result != 0) vmrepl_hooks->driver_unblocked(kind, since);
  return result;
}

int vmrepl_simthread_timer_live(int id, uint64_t generation) {
  struct simthread *thread = lookup(id);
  return thread && thread->state == T_PARKED && thread->generation == generation;
}

int vmrepl_simthread_timer_fire(int id, uint64_t generation) {
  struct simthread *thread = lookup(id);
  if (!thread || thread->state != T_PARKED || thread->generation != generation) return 0;
  thread->timed_out = 1;
  // The caller makes it a ready job itself (it holds the simulation's lock).
  thread->state = T_READY;
  return 1;
}

/// Makes ready the threads parked on `object` for `kind`, oldest first; at most `limit` of them
/// (0: all). Returns how many.
int vmrepl_simthread_wake(int kind, void *object, int limit) {
  int woken = 0;
  if (driver_record.state == T_PARKED && driver_record.wait_kind == kind && driver_record.wait_object == object) {
    vmrepl_simthread_make_ready(&driver_record);
    if (limit && ++woken >= limit) return woken;
  }
  for (int id = 1; id <= thread_count; id++) {
    struct simthread *thread = threads[id];
    if (thread->state != T_PARKED || thread->wait_kind != kind || thread->wait_object != object) continue;
    vmrepl_simthread_make_ready(thread);
    if (limit && ++woken >= limit) break;
  }
  return woken;
}

void vmrepl_simthread_wake_id(int id) {
  struct simthread *thread = id == 0 ? &driver_record : lookup(id);
  if (thread) vmrepl_simthread_make_ready(thread);
}

int vmrepl_simthread_waiting(int kind, void *object) {
  for (int id = 1; id <= thread_count; id++) {
    struct simthread *thread = threads[id];
    if (thread->state == T_PARKED && thread->wait_kind == kind && thread->wait_object == object) return 1;
  }
  return 0;
}

// MARK: Wake-ups from outside

#define FOREIGN_SLOTS 256
static atomic_flag foreign_lock = ATOMIC_FLAG_INIT;
static struct { int kind; void *object; } foreign[FOREIGN_SLOTS];
static int foreign_count;
static _Atomic int foreign_pending;

void vmrepl_threads_post_foreign(int kind, void *object) {
  // A spin lock of its own: pthread's functions are simulated here.
  while (atomic_flag_test_and_set_explicit(&foreign_lock, memory_order_acquire)) vmrepl_spin_pause();
  if (foreign_count < FOREIGN_SLOTS) {
    foreign[foreign_count].kind = kind;
    foreign[foreign_count].object = object;
    foreign_count++;
  }
  atomic_store(&foreign_pending, 1);
  atomic_flag_clear_explicit(&foreign_lock, memory_order_release);
  vmrepl_hooks->wake();
}

int vmrepl_threads_admit_foreign(void) {
  if (!atomic_load_explicit(&foreign_pending, memory_order_relaxed)) return 0;
  while (atomic_flag_test_and_set_explicit(&foreign_lock, memory_order_acquire)) vmrepl_spin_pause();
  int count = foreign_count;
  void *objects[FOREIGN_SLOTS];
  int kinds[FOREIGN_SLOTS];
  for (int index = 0; index < count; index++) {
    kinds[index] = foreign[index].kind;
    objects[index] = foreign[index].object;
  }
  foreign_count = 0;
  atomic_store(&foreign_pending, 0);
  atomic_flag_clear_explicit(&foreign_lock, memory_order_release);
  int woken = 0;
  for (int index = 0; index < count; index++) woken += vmrepl_simthread_wake(kinds[index], objects[index], 0);
  return woken;
}

// MARK: Pooled workers for Dispatch blocks

static struct simthread *idle_workers[MAX_THREADS];
static int idle_count;
/// What a worker does with its work (dispatch/ sets it: the only kind of work a worker takes).
static void (*worker_body)(const struct vmrepl_worker_work *work);

static void *worker_main(void *context) {
  struct simthread *me = context;
  vmrepl_current_simthread = me;
  gate_pass(&me->gate, SPINS_PARKED);
  while (1) {
    void *outer = vmrepl_swap_thread_tag(me->tag);
    worker_body(&me->work);
    vmrepl_swap_thread_tag(outer);
    if (me->tag && vmrepl_hooks->tag_release) vmrepl_hooks->tag_release(me->tag);
    me->tag = NULL;
    me->work.block = NULL;
    me->state = T_IDLE;
    idle_workers[idle_count++] = me;
    yield(me);
  }
  return NULL;
}

void vmrepl_threads_set_worker_body(void (*body)(const struct vmrepl_worker_work *work)) { worker_body = body; }

int vmrepl_threads_run_worker(const struct vmrepl_worker_work *work, void *tag) {
  if (!worker_body) return -1;
  struct simthread *worker = idle_count > 0 ? idle_workers[--idle_count] : NULL;
  if (!worker) {
    worker = make_thread(1);
    if (!worker) return -1;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 8 << 20);
    int failed = real_create(&worker->pthread, &attributes, worker_main, worker);
    pthread_attr_destroy(&attributes);
    if (failed) {
      worker->state = T_FINISHED;
      worker->is_worker = 0;  // its record may be taken again
      return -1;
    }
    pthread_detach(worker->pthread);
  }
  worker->work = *work;
  worker->tag = tag;
  int state = resume(worker);
  return state == T_IDLE ? 0 : worker->id;
}

// MARK: Threads the program starts

static void end_thread(void *context) {
  struct simthread *me = context;
  if (me->start_tag && vmrepl_hooks->tag_release) vmrepl_hooks->tag_release(me->start_tag);
  me->start_tag = NULL;
  vmrepl_simthread_wake(VMREPL_WAIT_JOIN, me, 0);
  me->state = T_FINISHED;
  struct simthread *resumer = me->resumer;
  // What this thread still does after handing back (its thread-local destructors) is real.
  vmrepl_current_simthread = NULL;
  gate_open(resumer ? &resumer->gate : &driver_gate);
}

static void *thread_main(void *context) {
  struct simthread *me = context;
  vmrepl_current_simthread = me;
  gate_pass(&me->gate, SPINS_PARKED);
  void *outer = vmrepl_swap_thread_tag(me->start_tag);
  void *result = NULL;
  pthread_cleanup_push(end_thread, me);
  result = me->routine(me->argument);
  pthread_cleanup_pop(0);
  vmrepl_swap_thread_tag(outer);
  end_thread(me);
  return result;
}

static int simulated_create(pthread_t *handle, const pthread_attr_t *attributes, void *(*routine)(void *), void *argument) {
  int simulating = vmrepl_current_simthread ? 1 : (vmrepl_on_driver() && atomic_load_explicit(&vmrepl_driver_in_job, memory_order_relaxed) > 0);
  if (!simulating || !atomic_load(&threads_active)) return real_create(handle, attributes, routine, argument);
  struct simthread *thread = make_thread(0);
  if (!thread) return EAGAIN;
  thread->number = ++program_threads;
  thread->routine = routine;
  thread->argument = argument;
  thread->start_tag = vmrepl_hooks->tag_retain ? vmrepl_hooks->tag_retain() : NULL;
  int failed = real_create(&thread->pthread, attributes, thread_main, thread);
  if (failed) {
    if (thread->start_tag && vmrepl_hooks->tag_release) vmrepl_hooks->tag_release(thread->start_tag);
    thread->state = T_FINISHED;
    program_threads--;
    return failed;
  }
  if (handle) *handle = thread->pthread;
  thread->state = T_PARKED;
  vmrepl_simthread_make_ready(thread);
  return 0;
}

static struct simthread *by_pthread(pthread_t handle) {
  for (int id = 1; id <= thread_count; id++) {
    if (threads[id] && !threads[id]->is_worker && pthread_equal(threads[id]->pthread, handle)) return threads[id];
  }
  return NULL;
}

static int simulated_join(pthread_t handle, void **result) {
  struct simthread *target = vmrepl_in_simulation() ? by_pthread(handle) : NULL;
  if (target) {
    while (target->state != T_FINISHED) {
      if (!vmrepl_threads_block(VMREPL_WAIT_JOIN, target, -1)) break;
    }
  }
  return real_join(handle, result);
}

// MARK: Reports

/// How many threads the program started are alive and not abandoned.
int vmrepl_threads_alive(void) {
  int alive = 0;
  for (int id = 1; id <= thread_count; id++) {
    struct simthread *thread = threads[id];
    if (thread && !thread->is_worker && thread->state != T_FINISHED && thread->state != T_ABANDONED) alive++;
  }
  return alive;
}

/// Threads (and blocks) parked now, as reports list them: fills `ids` and returns how many.
int vmrepl_simthreads_parked(int *ids, int capacity) {
  int count = 0;
  for (int id = 1; id <= thread_count && count < capacity; id++) {
    struct simthread *thread = threads[id];
    if (thread && thread->state == T_PARKED) ids[count++] = id;
  }
  return count;
}

int vmrepl_simthread_state(int id) {
  struct simthread *thread = lookup(id);
  return thread ? thread->state : 0;
}

int vmrepl_simthread_wait_kind(int id) {
  struct simthread *thread = lookup(id);
  return thread ? thread->wait_kind : 0;
}

void *vmrepl_simthread_wait_object(int id) {
  struct simthread *thread = lookup(id);
  return thread ? thread->wait_object : NULL;
}

int64_t vmrepl_simthread_wait_deadline(int id) {
  struct simthread *thread = lookup(id);
  return thread ? thread->wait_deadline : -1;
}

int vmrepl_simthread_number(int id) {
  struct simthread *thread = lookup(id);
  return thread ? thread->number : 0;
}

/// The name the program gave thread `id` (`thread.name = "worker"`), or "" when it has none of
/// its own (Linux names a thread after the process unless told otherwise).
const char *vmrepl_simthread_name(int id) {
  static char name[64];
  static char process[64];
  struct simthread *thread = lookup(id);
  name[0] = 0;
  if (!thread || thread->is_worker || thread->state == T_FINISHED || thread->state == T_ABANDONED) return name;
  if (pthread_getname_np(thread->pthread, name, sizeof name) != 0) name[0] = 0;
  if (!process[0] && pthread_getname_np(pthread_self(), process, sizeof process) != 0) process[0] = 0;
  if (strcmp(name, process) == 0) name[0] = 0;
  return name;
}

void *vmrepl_simthread_block_queue(int id) {
  struct simthread *thread = lookup(id);
  return thread && thread->is_worker ? thread->work.queue : NULL;
}

void *vmrepl_simthread_tag(int id) {
  struct simthread *thread = lookup(id);
  if (!thread) return NULL;
  return thread->is_worker ? thread->tag : thread->start_tag;
}

/// Which simulated thread holds `object` (a lock), as blocking/ records it: its id or 0.
int vmrepl_simthread_id(struct simthread *thread) { return thread ? thread->id : 0; }

void vmrepl_threads_renumber(void) { program_threads = 0; }

/// Parked threads never run again: a fresh session leaves them behind, as a device would leave
/// a thread blocked forever. Their numbering starts over. (`vmrepl_threads_reset`, in
/// runtime.c, also forgets the locks and queues they held.)
void vmrepl_simthreads_reset(void) {
  for (int id = 1; id <= thread_count; id++) {
    struct simthread *thread = threads[id];
    if (thread && (thread->state == T_PARKED || thread->state == T_READY)) thread->state = T_ABANDONED;
  }
  program_threads = 0;
}

int vmrepl_threads_activate(void) {
  real_create = (create_fn)dlsym(RTLD_DEFAULT, "pthread_create");
  *(void **)&real_join = dlsym(RTLD_DEFAULT, "pthread_join");
  if (!real_create || !real_join) return 0;
  if (getenv("VMREPL_REAL_THREADS")) return 0;
  static const char *const starters[] = {VMREPL_LIB_FOUNDATION, "<main>", NULL};
  static const struct vmrepl_redirect redirects[] = {
    {"pthread_create", (void *)simulated_create},
    {"pthread_join", (void *)simulated_join},
    {NULL, NULL},
  };
  int slots[2];
  vmrepl_patch_batch(redirects, starters, NULL, 0, slots);
  atomic_store(&threads_active, 1);
  return slots[0] > 0;
}

#endif  // VMREPL_HAS_BACKEND
