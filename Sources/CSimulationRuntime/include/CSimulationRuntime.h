#ifndef C_SIMULATION_RUNTIME_H
#define C_SIMULATION_RUNTIME_H

#include <stdint.h>
#include <stddef.h>

/// Where the virtual wall clock starts (2026-01-01T09:41:00Z), in nanoseconds since 1970.
#define VMREPL_DEFAULT_WALL_CLOCK 1767260460000000000LL

/// What the interposed runtime functions hand to the simulation (implemented in Swift).
typedef struct vmrepl_callbacks {
  /// A Dispatch block for the simulation. `block` is already copied (owned by the callee);
  /// `flags` has VMREPL_BLOCK_MAIN / VMREPL_BLOCK_BARRIER; `delay` is the virtual delay in
  /// nanoseconds or -1 for "as soon as possible"; `group` was entered and is retained, or NULL.
  void (*submit)(void *queue, void *block, int flags, int64_t delay, void *group);
  /// Runs, now, the simulated blocks still waiting for `queue` (before a dispatch_sync on it).
  void (*flush)(void *queue);
  /// The run loop timer behind `fd` was armed for virtual `delay` from now, or disarmed (-1).
  void (*runloop_timer)(int fd, int64_t delay);
  /// Work the simulation does not run has begun (another thread's Dispatch block, a real
  /// network transfer); returns an id for `external_end`. Called from any thread.
  uint64_t (*external_begin)(const char *label);
  void (*external_end)(uint64_t id);
  /// Something arrived for the driving thread from another thread (the real main queue).
  void (*wake)(void);
  /// The view-model used a scheduling source the simulation does not control.
  void (*unsupported)(const char *what);
  /// Dispatch timer source `id` fires after virtual `delay`; only `generation` counts.
  void (*source_timer)(int id, uint64_t generation, int64_t delay, int is_main);
  /// Foundation added CFRunLoopTimer `timer` to a run loop on the driving thread.
  void (*runloop_timer_added)(void *timer);
  /// `timer` was invalidated on the driving thread.
  void (*runloop_timer_invalidated)(void *timer);
  /// `timer` fires: the simulation calls `vmrepl_runloop_timer_call(callout, timer, info)`.
  void (*runloop_timer_fire)(void *timer, void *callout, void *info);
  /// The calling code's work tag, retained (or NULL): a block handed to a queue outside the
  /// simulation carries it, and `vmrepl_thread_tag` returns it while the block runs.
  void *(*tag_retain)(void);
  void (*tag_release)(void *tag);
  /// A URLSessionConfiguration's `protocolClasses` (an owned `[AnyClass]?`) is read: returns
  /// it, or (consuming it) another owned array with the simulation's protocol first.
  void *(*protocol_classes)(void *classes);
  /// The driving thread resumed URLSessionTask `task`.
  void (*task_resumed)(void *task);
  /// Simulated thread `id` can go on: the simulation resumes it as a job of its own.
  void (*thread_ready)(int id);
  /// Parked thread `id` waits at most until virtual `delay` from now (for its park `generation`).
  void (*thread_timer)(int id, uint64_t generation, int64_t delay);
  /// A job on the driving thread blocks (VMREPL_WAIT_* `kind`): run one other piece of work
  /// (never the main lane's while the blocked job is the main lane's), or fire the next timer due
  /// by `deadline` (-1: any). Returns 1 when something ran, 2 when, nothing else being left, time
  /// moved to `deadline`, 0 when nothing can ever run.
  int (*driver_wait)(int kind, int64_t deadline);
  /// The driving thread blocks forever (VMREPL_WAIT_* `kind`): report it; does not return.
  void (*driver_deadlock)(int kind);
  /// A job on the driving thread was blocked (VMREPL_WAIT_* `kind`) from virtual time `since`
  /// until now, and other work ran meanwhile.
  void (*driver_unblocked)(int kind, int64_t since);
} vmrepl_callbacks;

enum { VMREPL_BLOCK_MAIN = 1, VMREPL_BLOCK_BARRIER = 2, VMREPL_BLOCK_WAKES = 4, VMREPL_BLOCK_WAITER_SHIFT = 8 };

/// What a simulated thread is parked on.
enum {
  VMREPL_WAIT_SEMAPHORE = 1,
  VMREPL_WAIT_GROUP,
  VMREPL_WAIT_MUTEX,
  VMREPL_WAIT_CONDITION,
  VMREPL_WAIT_SLEEP,
  VMREPL_WAIT_MAIN_SYNC,
  VMREPL_WAIT_QUEUE,
  VMREPL_WAIT_JOIN,
};

/// What a simulated thread is doing (`vmrepl_simthread_state`).
enum {
  VMREPL_THREAD_READY = 1,
  VMREPL_THREAD_RUNNING,
  VMREPL_THREAD_PARKED,
  VMREPL_THREAD_IDLE,
  VMREPL_THREAD_FINISHED,
  VMREPL_THREAD_ABANDONED,
};

/// What `vmrepl_runtime_activate` redirected, as bits.
enum {
  VMREPL_CONCURRENCY_CLOCK = 1,
  VMREPL_DISPATCH = 2,
  VMREPL_FOUNDATION_CLOCK = 4,
  VMREPL_RANDOM = 8,
  VMREPL_RUNLOOP = 16,
  VMREPL_NETWORK = 32,
  VMREPL_URLSESSION = 64,
};

/// Points the runtime libraries' clock, random, Dispatch and run-loop timer calls made on
/// `driver_thread` at the simulation, by rewriting their import slots. Returns what was patched.
int vmrepl_runtime_activate(unsigned long driver_thread, const vmrepl_callbacks *callbacks);

/// Sets the virtual time, in nanoseconds since the simulation started, that patched clocks return.
void vmrepl_clock_set_now(int64_t nanoseconds);
/// Whether the Swift concurrency runtime's clocks read virtual time.
int vmrepl_clock_is_active(void);
/// Real CLOCK_MONOTONIC in nanoseconds, never virtual.
int64_t vmrepl_clock_wall_nanoseconds(void);

/// Makes the virtual wall clock read `unix_nanoseconds` at virtual time `at`.
void vmrepl_world_set_wall_clock(int64_t unix_nanoseconds, int64_t at);
/// The virtual wall clock now, in nanoseconds since 1970.
int64_t vmrepl_world_wall_clock(void);
/// Puts the wall clock and the random source back as a fresh process starts them.
void vmrepl_world_reset(void);
/// Restarts the seeded random source behind getrandom and swift_stdlib_random on the driver.
void vmrepl_world_seed(uint64_t seed);

/// Runs a simulated Dispatch block on its queue (inline for the main queue, through
/// dispatch_sync otherwise, so queue-specific data and exclusion hold), then releases it.
void vmrepl_dispatch_run(void *queue, void *block, int flags, void *group);
/// Releases a block that will not run (and leaves its group).
void vmrepl_dispatch_discard(void *block, void *group);
/// Keeps a queue alive while a simulated block waits for it, as Dispatch itself does.
void vmrepl_dispatch_retain_queue(void *queue);
void vmrepl_dispatch_release_queue(void *queue);
/// Whether `block` is a DispatchWorkItem's block that was cancelled.
int vmrepl_dispatch_is_cancelled(void *block);
/// A name for `queue` in reports: "main", or the queue's label.
const char *vmrepl_dispatch_queue_label(void *queue);
/// Runs blocks that reached the real main queue by paths the simulation does not intercept.
/// Returns 1 if there were any.
int vmrepl_dispatch_drain_main_queue(void);

/// Whether Dispatch timer source `id` still fires for `generation` (armed, resumed, not cancelled).
int vmrepl_source_timer_is_live(int id, uint64_t generation);
/// Runs the event handler of timer source `id` on its queue and arms its next repetition.
void vmrepl_source_timer_fire(int id, uint64_t generation);
/// The label of the queue timer source `id` delivers on.
const char *vmrepl_source_timer_queue_label(int id);

/// The work tag of the block outside the simulation that this thread is running, or NULL.
void *vmrepl_thread_tag(void);

/// The folder this process's storage sandbox lives in (HOME is its `home`, TMPDIR its `tmp`),
/// or "" when there is none (VMREPL_NO_SANDBOX set, or it could not be made).
const char *vmrepl_sandbox_root(void);
/// Writes every UserDefaults domain CoreFoundation holds to its file and forgets it.
void vmrepl_flush_preferences(void);
/// Empties the sandbox (UserDefaults first written to their files, then every file removed and
/// the folders made anew); returns 0, having only looked, when nothing was written.
int vmrepl_sandbox_reset(void);

/// Whether Set and Dictionary hashing is seeded the same on every run in this process.
int vmrepl_hashing_is_deterministic(void);

/// How many threads the program started in the simulation are alive (not left behind parked).
int vmrepl_threads_alive(void);
/// Hands the baton to ready thread `id` until it parks, ends or finishes its block; returns its
/// state then (VMREPL_THREAD_*), 0 if it was not ready.
int vmrepl_simthread_resume(int id);
/// Runs a Dispatch block for a queue other than main on a pooled simulated thread, with `tag`
/// (retained, released by the worker) as its work tag. Returns 0 when the block finished, or the
/// id of the thread parked in it, -1 when no thread could be had.
int vmrepl_simthread_run_block(void *queue, void *block, int flags, void *group, void *tag);
/// The driving thread enters (with its lane) and leaves a job.
void vmrepl_job_enter(int on_main);
void vmrepl_job_leave(void);
/// Whether the innermost job the driving thread runs is the main lane's (1 between jobs).
int vmrepl_driver_job_on_main(void);
/// Whether the calling thread runs in the simulation (the driving thread or a simulated thread).
int vmrepl_in_simulation(void);
/// Whether the simulated threads are on (VMREPL_REAL_THREADS unset).
int vmrepl_threads_enabled(void);
/// Whether the timer of thread `id`'s park `generation` still matters.
int vmrepl_simthread_timer_live(int id, uint64_t generation);
/// The timer fired: returns 1 when the thread is now ready (the caller enqueues it), 0 if stale.
int vmrepl_simthread_timer_fire(int id, uint64_t generation);
/// Wake-ups posted by threads outside the simulation: makes their waiters ready; returns how many.
int vmrepl_threads_admit_foreign(void);
/// The driving thread starts (1) or stops (0) waiting for real threads: idle simulated workers
/// sleep instead of spinning meanwhile.
void vmrepl_threads_outside_wait(int waiting);
/// Numbers the program's next thread `Thread 1` again (a new session).
void vmrepl_threads_renumber(void);
/// Leaves parked threads behind for good and forgets locks and queues they held.
void vmrepl_threads_reset(void);
/// Fills `ids` with the parked threads, oldest first; returns how many.
int vmrepl_simthreads_parked(int *ids, int capacity);
int vmrepl_simthread_state(int id);
int vmrepl_simthread_wait_kind(int id);
void *vmrepl_simthread_wait_object(int id);
/// The virtual deadline of the thread's wait, -1 for none.
int64_t vmrepl_simthread_wait_deadline(int id);
/// The thread's number among the program's own threads (`Thread 1`), 0 for a block's worker.
int vmrepl_simthread_number(int id);
/// The name the program gave the thread, "" for none (valid until the next call).
const char *vmrepl_simthread_name(int id);
/// The queue of the block a worker runs, NULL for the program's threads.
void *vmrepl_simthread_block_queue(int id);
/// The work tag the thread carries (not retained), or NULL.
void *vmrepl_simthread_tag(int id);
/// Which thread holds lock `mutex`: its id, 0 for the driving thread, -1 when none in the simulation.
int vmrepl_blocking_lock_holder(void *mutex);
/// How many queues parked threads occupy, and whether `queue` admits no block (or barrier) now.
int vmrepl_queue_busy_count(void);
int vmrepl_queue_is_busy(void *queue, int barrier);
/// Whether a queue runs its blocks concurrently (a global queue, or one made `.concurrent`).
int vmrepl_dispatch_queue_is_concurrent(void *queue);

/// Whether the driving thread has a Foundation run loop.
int vmrepl_runloop_exists(void);
/// Whether the driving thread's run loop still has a timer in its default mode.
int vmrepl_runloop_has_timer(void);
/// One non-blocking pass of the driving thread's run loop (performs, due timers, sources), made
/// only when the run loop may have something to do besides timers; returns whether it made one.
int vmrepl_runloop_idle_pass(void);
/// Fires the run loop timers behind `fd` that are due at the current virtual time; `lead`
/// nanoseconds (under a microsecond) is how far past it CoreFoundation's date for the earliest
/// lies, which its clock then reads ahead while it looks for due timers.
void vmrepl_runloop_fire(int fd, int64_t lead);
/// How finely CoreFoundation's fire dates (`Double`s of seconds since 2001) tell instants apart
/// at the virtual wall clock's date, in nanoseconds (rounded up): 120 in 2026.
int64_t vmrepl_runloop_date_grain(void);
/// Calls a run loop timer's own callout.
void vmrepl_runloop_timer_call(void *callout, void *timer, void *info);
/// Whether a CFRunLoopTimer can still fire.
int vmrepl_runloop_timer_is_valid(void *timer);
/// Nanoseconds from now (virtual, on the driving thread) to the timer's next fire date; -1 if unknown.
int64_t vmrepl_runloop_timer_delay(void *timer);
/// Invalidates a run loop timer as the end of the process would: its callout never runs again.
void vmrepl_runloop_timer_invalidate(void *timer);
/// Keeps a timer alive while the simulation follows it; release also forgets its callout.
void vmrepl_runloop_timer_retain(void *timer);
void vmrepl_runloop_timer_release(void *timer);

/// The mangled name of the function at `address` (from the object's full symbol table), or NULL.
const char *vmrepl_symbol_name(const void *address);
/// Where the function at `address` is declared, from the debug information (libdw, opened at run
/// time): its absolute path into `file` and its line; 0 without libdw or debug information.
int vmrepl_source_declaration(const void *address, char *file, size_t file_size, int *line);
/// The line the line table gives the code at `address` (an `await`'s resume point: the line of
/// its call), read as `vmrepl_source_declaration` reads; 0 without libdw or debug information.
/// Only a debug build's rows name calls: a release build moves code between lines.
int vmrepl_source_row(const void *address, int *line);
/// The function a Swift job resumes in (a task's resume function, or another job's run function).
const void *vmrepl_job_function(const void *job);
/// The type metadata of the actor whose turn `job` is (a guess the caller checks by symbol), or NULL.
const void *vmrepl_actor_job_metadata(const void *job);
/// The functions an async task will run, innermost first (its resume function, then its callers'),
/// or its entry point when it has not started; returns how many were written to `functions`.
int vmrepl_task_chain(const void *task, const void **functions, int capacity);
/// The same chain with each frame's async context: `contexts[i]` is the frame that resumes at
/// `functions[i]` (`contexts[0]` the task's resume context). Names nothing, so it is cheap; the
/// caller tells a future adapter's task (whose context is no frame) by its first function.
int vmrepl_task_frames(const void *task, const void **functions, const void **contexts, int capacity);
/// The size of a value of the enum type `metadata`, or -1 when it is not an enum's (an
/// optional included) or its witnesses are not an enum's.
long vmrepl_enum_size(const void *metadata);
/// Copies the enum value at `value` (of type `metadata`) into `copy`, which has room for
/// `vmrepl_enum_size(metadata)` bytes, suitably aligned, and returns its case's number (payload
/// cases first, in declaration order), leaving the payload alone in `copy`, owned by the
/// caller: -1 when `metadata` is not an enum's (nothing is copied).
long vmrepl_enum_copy_case(const void *value, const void *metadata, void *copy);
/// The async context the task resumes in when its job runs next.
const void *vmrepl_task_resume_context(const void *task);
/// Whether `function` is the Swift runtime's own code (or the standard library's, inlined).
int vmrepl_is_runtime_code(const void *function);
/// The Swift closure function a Dispatch block made from a closure carries, and the block's invoke.
const void *vmrepl_block_function(const void *block);
const void *vmrepl_block_invoke(const void *block);
/// Whether `task` is a structured child task (async let, a task group's child).
int vmrepl_task_is_child(const void *task);
/// Whether `task` is an `async let` child, whose memory its parent's allocator owns.
int vmrepl_task_is_async_let(const void *task);
/// The calling thread's frames, innermost first (addresses inside each call); returns how many.
int vmrepl_stack(const void **frames, int capacity);

/// A guarded section of a Mutex begins or ends (sanitizer.c): shown to ThreadSanitizer in a TSan
/// build, nothing otherwise.
void vmrepl_sanitizer_lock_acquired(void);
void vmrepl_sanitizer_lock_releasing(void);

/// Installs handlers of fatal signals (traps, aborts, bad accesses) that write the note set
/// last to standard error, then hand the signal to the handler that was there before.
void vmrepl_crash_note_install(void);
/// The line those handlers write (it should end in a newline); an empty text writes nothing.
void vmrepl_crash_note_set(const char *text);
/// Adds a line to that note, for this step only (the next `set` replaces it); what does not fit
/// is cut.
void vmrepl_crash_note_append(const char *text);
/// Adds lines (ending in a newline) to the trail: kept in memory, written to standard error only
/// when the process ends (those handlers, `exit`, `vmrepl_crash_trail_flush`).
void vmrepl_crash_trail_append(const char *text);
/// Forgets the trail's lines.
void vmrepl_crash_trail_clear(void);
/// Writes the trail's lines now (before an `_exit`).
void vmrepl_crash_trail_flush(void);

#endif
