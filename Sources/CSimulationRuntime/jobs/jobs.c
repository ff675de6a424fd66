// Which function a job resumes in and which actor's turn it is, read from the Swift runtime's
// job and task layouts, for `ready` and `step`. The platform's backend names addresses
// (`vmrepl_symbol_name`, platform/linux/symbols.c).
#include <unwind.h>
#include "../platform/platform.h"

#include <stdint.h>
#include <string.h>

/// The function a job resumes in: an async task's resume function, or the function that runs
/// another kind of job (Swift's `Job` layout: a heap object header, two scheduler words, flags
/// and id, a voucher and a reserved word, then the function).
const void *vmrepl_job_function(const void *job) {
  if (!job) return 0;
  return *(const void *const *)((const char *)job + 7 * sizeof(void *));
}

/// Whether `function` is the toolchain's code (the runtime, the standard library, Foundation).
static int in_runtime(const void *function) {
  // The toolchain's libraries (the runtime, Foundation, Dispatch): none of it is the program's.
  if (vmrepl_in_toolchain_library(function)) return 1;
  // The standard library's and the concurrency library's code inlined into the program
  // (`Clock.sleep(for:)`, `Task` initializers): their mangled names name the `Swift` module.
  const char *name = vmrepl_symbol_name(function);
  return name && (strncmp(name, "$ss", 3) == 0 || strncmp(name, "$sSc", 4) == 0 || strncmp(name, "_Z", 2) == 0);
}

/// The type metadata of the actor whose turn a job is, or NULL: a default actor's turn that runs
/// out of line keeps a pointer to its actor right after the job's fields; the caller checks that
/// what it finds there is a type's metadata by its symbol.
const void *vmrepl_actor_job_metadata(const void *job) {
  if (!job) return 0;
  const void *actor = *(const void *const *)((const char *)job + 8 * sizeof(void *));
  if (!actor) return 0;
  // Only an address inside a loaded object's writable data or the heap can be an actor; read
  // its first word (the metadata) only if it is not where a symbol (code) starts.
  if (vmrepl_is_symbol_address(actor)) return 0;
  return *(const void *const *)actor;
}

/// Whether a Swift mangled name is a thunk (a partial application's forwarder, a reabstraction).
static int is_thunk(const char *name) {
  size_t length = name ? strlen(name) : 0;
  if (length < 3 || strncmp(name, "$s", 2) != 0) return 0;
  return (name[length - 2] == 'T' && (name[length - 1] == 'A' || name[length - 1] == 'R')) || strstr(name, "TRTA") || strstr(name, "TR") == name + length - 2;
}

/// A task's entry point: past the thunks a closure is wrapped in, to the closure itself. A
/// partial application's context holds, after its heap object header, the function it forwards
/// to and that function's context.
static const void *entry_function(const void *entry, const void *closure) {
  for (int depth = 0; depth < 4 && entry && closure && is_thunk(vmrepl_symbol_name(entry)); depth++) {
    const void *const *fields = (const void *const *)closure;
    const char *inner = vmrepl_symbol_name(fields[2]);
    size_t length = inner ? strlen(inner) : 0;
    // Only code (or an async function pointer) is taken: a context laid out otherwise holds
    // other things there (type metadata, whose names end in N or M...).
    if (length < 3 || strncmp(inner, "$s", 2) != 0 || inner[length - 1] == 'N' || strstr(inner, "Mn") == inner + length - 2) break;
    entry = fields[2];
    closure = fields[3];
  }
  return entry;
}

/// The functions an async task will run, innermost first: its resume function, then the resume
/// function of each caller up its chain of async contexts (a task keeps its resume context right
/// after the job's function; an async context starts with its parent and the parent's resume
/// function). A task that has not started resumes in the runtime's adapter, which calls the
/// task's own function: its entry point sits in the prefix just before the task's first context
/// (after the indirect result, for a task with a result; before the closure's context and the
/// error). Returns how many it wrote.
int vmrepl_task_chain(const void *task, const void **functions, int capacity) {
  if (!task || capacity <= 0) return 0;
  const void *function = vmrepl_job_function(task);
  const void *const *context = *(const void *const *const *)((const char *)task + 8 * sizeof(void *));
  // The adapter is the concurrency library's: the program's own code is not looked up here.
  const char *first = function && vmrepl_in_toolchain_library(function) ? vmrepl_symbol_name(function) : 0;
  if (first && context && strstr(first, "future_adapter")) {
    functions[0] = entry_function(context[-3], context[-2]);
    return functions[0] ? 1 : 0;
  }
  int count = 0;
  while (function && count < capacity) {
    functions[count++] = function;
    if (!context) break;
    function = context[1];
    context = (const void *const *)context[0];
  }
  return count;
}

int vmrepl_task_frames(const void *task, const void **functions, const void **contexts, int capacity) {
  if (!task || capacity <= 0) return 0;
  const void *function = vmrepl_job_function(task);
  const void *const *context = *(const void *const *const *)((const char *)task + 8 * sizeof(void *));
  int count = 0;
  while (function && context && count < capacity) {
    functions[count] = function;
    contexts[count++] = context;
    function = context[1];
    context = (const void *const *)context[0];
  }
  return count;
}

const void *vmrepl_task_resume_context(const void *task) {
  return task ? *(const void *const *)((const char *)task + 8 * sizeof(void *)) : 0;
}

int vmrepl_is_runtime_code(const void *function) { return function && in_runtime(function); }

/// Whether `task` is a structured child task (`async let`, a task group's): the runtime's job
/// flags (a 32-bit word after the heap object header and two scheduler words) have
/// `Task_IsChildTask`, bit 24, set.
int vmrepl_task_is_child(const void *task) {
  if (!task) return 0;
  uint32_t flags = *(const uint32_t *)((const char *)task + 4 * sizeof(void *));
  return (flags >> 24) & 1;
}

/// Whether `task` is an `async let` child (`Task_IsAsyncLetTask`, bit 28 of the same word): its
/// memory comes from its parent's task allocator and goes when the `async let` is done with,
/// whatever its reference count, so a retain does not keep it alive.
int vmrepl_task_is_async_let(const void *task) {
  if (!task) return 0;
  uint32_t flags = *(const uint32_t *)((const char *)task + 4 * sizeof(void *));
  return (flags >> 28) & 1;
}

/// The Swift closure a Dispatch block made from one carries: the block's captured function.
const void *vmrepl_block_function(const void *block) {
  if (!block) return 0;
  return *(const void *const *)((const char *)block + 4 * sizeof(void *));
}

/// The block's own invoke function.
const void *vmrepl_block_invoke(const void *block) {
  if (!block) return 0;
  return *(const void *const *)((const char *)block + 2 * sizeof(void *));
}

struct stack_walk {
  const void **frames;
  int capacity;
  int count;
};

static _Unwind_Reason_Code stack_frame(struct _Unwind_Context *context, void *argument) {
  struct stack_walk *walk = argument;
  if (walk->count >= walk->capacity) return _URC_END_OF_STACK;
  uintptr_t address = _Unwind_GetIP(context);
  if (!address) return _URC_END_OF_STACK;
  // A return address: one byte back is inside the call, on the caller's line.
  walk->frames[walk->count++] = (const void *)(address - 1);
  return _URC_NO_REASON;
}

/// The calling thread's frames, innermost first, each an address inside the call it made.
int vmrepl_stack(const void **frames, int capacity) {
  struct stack_walk walk = {frames, capacity, 0};
  _Unwind_Backtrace(stack_frame, &walk);
  return walk.count;
}
