// Names code by address, for `ready` and `step`: which function a job resumes in.
//
// dladdr knows only exported symbols; an app's functions, closures and async partial functions
// are mostly local ones, which only the file's full symbol table (.symtab) lists. The table of an
// object is read once, on first use, from its file, and kept sorted for binary search.
#include "internal.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

struct symbol {
  uintptr_t start;
  uintptr_t size;
  const char *name;
};

struct table {
  uintptr_t base;
  struct symbol *symbols;
  size_t count;
};

#define TABLES 64
static struct table tables[TABLES];
static int table_count;

static int by_start(const void *left, const void *right) {
  const struct symbol *a = left, *b = right;
  return a->start < b->start ? -1 : a->start > b->start;
}

/// Reads the function symbols of the object at `path`, loaded at `base`. The file stays mapped:
/// the names point into it.
static struct table *load(const char *path, uintptr_t base) {
  for (int index = 0; index < table_count; index++) {
    if (tables[index].base == base) return &tables[index];
  }
  if (table_count >= TABLES) return NULL;
  struct table *table = &tables[table_count++];
  table->base = base;
  int descriptor = open(path, O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return table;
  struct stat status;
  if (fstat(descriptor, &status) != 0 || status.st_size < (off_t)sizeof(ElfW(Ehdr))) {
    close(descriptor);
    return table;
  }
  const unsigned char *file = mmap(NULL, (size_t)status.st_size, PROT_READ, MAP_PRIVATE, descriptor, 0);
  close(descriptor);
  if (file == MAP_FAILED) return table;
  const ElfW(Ehdr) *header = (const ElfW(Ehdr) *)file;
  if (memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_shoff == 0) return table;
  const ElfW(Shdr) *sections = (const ElfW(Shdr) *)(file + header->e_shoff);
  for (int index = 0; index < header->e_shnum; index++) {
    if (sections[index].sh_type != SHT_SYMTAB) continue;
    const ElfW(Sym) *symbols = (const ElfW(Sym) *)(file + sections[index].sh_offset);
    size_t count = sections[index].sh_size / sizeof(ElfW(Sym));
    const char *strings = (const char *)(file + sections[sections[index].sh_link].sh_offset);
    table->symbols = calloc(count, sizeof(struct symbol));
    if (!table->symbols) return table;
    for (size_t at = 0; at < count; at++) {
      // Functions, and Swift's async function pointers (records naming an async function).
      int type = ELF64_ST_TYPE(symbols[at].st_info);
      if ((type != STT_FUNC && type != STT_OBJECT) || symbols[at].st_value == 0) continue;
      table->symbols[table->count].start = symbols[at].st_value;
      table->symbols[table->count].size = symbols[at].st_size;
      table->symbols[table->count].name = strings + symbols[at].st_name;
      table->count++;
    }
    qsort(table->symbols, table->count, sizeof(struct symbol), by_start);
    break;
  }
  return table;
}

const char *vmrepl_symbol_name(const void *address) {
  if (!address) return NULL;
  Dl_info info;
  if (!dladdr(address, &info)) return NULL;
  const char *path = info.dli_fname;
  // The main program is named as it was started; its file is /proc/self/exe.
  Dl_info own;
  if (dladdr((const void *)vmrepl_symbol_name, &own) && own.dli_fbase == info.dli_fbase) path = "/proc/self/exe";
  struct table *table = path ? load(path, (uintptr_t)info.dli_fbase) : NULL;
  if (table && table->count > 0) {
    uintptr_t offset = (uintptr_t)address - table->base;
    size_t low = 0, high = table->count;
    while (low < high) {
      size_t middle = (low + high) / 2;
      if (table->symbols[middle].start <= offset) low = middle + 1; else high = middle;
    }
    if (low > 0) {
      const struct symbol *found = &table->symbols[low - 1];
      if (offset < found->start + (found->size ? found->size : 1 << 20)) return found->name;
    }
  }
  return info.dli_sname;
}

#else

const char *vmrepl_symbol_name(const void *address) { (void)address; return 0; }

#endif

/// The function a job resumes in: an async task's resume function, or the function that runs
/// another kind of job (Swift's `Job` layout: a heap object header, two scheduler words, flags
/// and id, a voucher and a reserved word, then the function).
const void *vmrepl_job_function(const void *job) {
  if (!job) return 0;
  return *(const void *const *)((const char *)job + 7 * sizeof(void *));
}

/// Whether `function` is the toolchain's code (the runtime, the standard library, Foundation).
static int in_runtime(const void *function) {
#if defined(__linux__)
  Dl_info info;
  if (!dladdr(function, &info) || !info.dli_fname) return 0;
  // The toolchain's libraries (the runtime, Foundation, Dispatch): none of it is the program's.
  if (strstr(info.dli_fname, "/lib/swift/linux/") || strstr(info.dli_fname, "libswift_Concurrency") || strstr(info.dli_fname, "libswiftCore.so")) return 1;
  // The standard library's and the concurrency library's code inlined into the program
  // (`Clock.sleep(for:)`, `Task` initializers): their mangled names name the `Swift` module.
  const char *name = vmrepl_symbol_name(function);
  return name && (strncmp(name, "$ss", 3) == 0 || strncmp(name, "$sSc", 4) == 0 || strncmp(name, "_Z", 2) == 0);
#else
  (void)function;
  return 0;
#endif
}

/// The type metadata of the actor whose turn a job is, or NULL: a default actor's turn that runs
/// out of line keeps a pointer to its actor right after the job's fields; the caller checks that
/// what it finds there is a type's metadata by its symbol.
const void *vmrepl_actor_job_metadata(const void *job) {
  if (!job) return 0;
  const void *actor = *(const void *const *)((const char *)job + 8 * sizeof(void *));
  if (!actor) return 0;
#if defined(__linux__)
  // Only an address inside a loaded object's writable data or the heap can be an actor; read
  // its first word (the metadata) only if dladdr does not place the "actor" in code.
  Dl_info info;
  if (dladdr(actor, &info) && info.dli_sname) return 0;
#endif
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
  const char *first = function ? vmrepl_symbol_name(function) : 0;
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

int vmrepl_is_runtime_code(const void *function) { return function && in_runtime(function); }

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
