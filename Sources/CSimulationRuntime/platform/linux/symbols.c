// Names code by address, for `ready` and `step`: which function a job resumes in.
//
// dladdr knows only exported symbols; an app's functions, closures and async partial functions
// are mostly local ones, which only the file's full symbol table (.symtab) lists. The table of an
// object is read once, on first use, from its file, and kept sorted for binary search.
#include "../platform.h"
#include "libraries.h"
#include "loaded_objects.h"

#if defined(VMREPL_BACKEND_LINUX)
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/// A function's place in its object, 12 bytes: the program's table has 150,000 of them, and
/// reading, sorting and holding half as many bytes was a third of what naming the first job cost.
struct symbol {
  /// The start, as an offset from the object's base.
  uint32_t start;
  uint32_t size;
  /// The name, as an offset in the string table.
  uint32_t name;
};

struct table {
  uintptr_t base;
  struct symbol *symbols;
  size_t count;
  const char *strings;
};

#define TABLES 64
static struct table tables[TABLES];
static int table_count;

/// Sorts `count` symbols by start, least significant 16 bits first (stable, so equal starts keep
/// the table's order, as the merge sort qsort used kept them). A program's table has 150,000
/// symbols; qsort spent a tenth of a short `vmrepl run` on it, this two passes.
static int sort_by_start(struct symbol *symbols, size_t count) {
  uint32_t highest = 0;
  for (size_t index = 0; index < count; index++)
    if (symbols[index].start > highest) highest = symbols[index].start;
  struct symbol *spare = malloc(count * sizeof *spare);
  uint32_t *counts = malloc(65536 * sizeof *counts);
  if (!spare || !counts) {
    free(spare);
    free(counts);
    return 0;
  }
  struct symbol *from = symbols, *to = spare;
  for (unsigned shift = 0; shift < 32 && (shift == 0 || (highest >> shift) != 0); shift += 16) {
    memset(counts, 0, 65536 * sizeof *counts);
    for (size_t index = 0; index < count; index++) counts[(from[index].start >> shift) & 0xFFFF]++;
    uint32_t total = 0;
    for (size_t digit = 0; digit < 65536; digit++) {
      uint32_t here = counts[digit];
      counts[digit] = total;
      total += here;
    }
    for (size_t index = 0; index < count; index++) to[counts[(from[index].start >> shift) & 0xFFFF]++] = from[index];
    struct symbol *swap = from;
    from = to;
    to = swap;
  }
  if (from != symbols) memcpy(symbols, from, count * sizeof *symbols);
  free(spare);
  free(counts);
  return 1;
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
  if (file == MAP_FAILED) {
    close(descriptor);
    return table;
  }
  const ElfW(Ehdr) *header = (const ElfW(Ehdr) *)file;
  if (memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_shoff == 0) {
    close(descriptor);
    return table;
  }
  const ElfW(Shdr) *sections = (const ElfW(Shdr) *)(file + header->e_shoff);
  for (int index = 0; index < header->e_shnum; index++) {
    if (sections[index].sh_type != SHT_SYMTAB) continue;
    size_t count = sections[index].sh_size / sizeof(ElfW(Sym));
    const ElfW(Sym) *symbols = (const ElfW(Sym) *)(file + sections[index].sh_offset);
    // The whole symbol table is read once: mapped in one call rather than a fault per page.
    long page = sysconf(_SC_PAGESIZE);
    off_t first = (off_t)sections[index].sh_offset & ~(off_t)(page - 1);
    size_t length = (size_t)((off_t)sections[index].sh_offset - first) + sections[index].sh_size;
    const unsigned char *populated = mmap(NULL, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, first);
    if (populated != MAP_FAILED) symbols = (const ElfW(Sym) *)(populated + ((off_t)sections[index].sh_offset - first));
    table->strings = (const char *)(file + sections[sections[index].sh_link].sh_offset);
    table->symbols = malloc((count ? count : 1) * sizeof(struct symbol));
    if (table->symbols) {
      for (size_t at = 0; at < count; at++) {
        // Functions, and Swift's async function pointers (records naming an async function).
        int type = ELF64_ST_TYPE(symbols[at].st_info);
        if ((type != STT_FUNC && type != STT_OBJECT) || symbols[at].st_value == 0) continue;
        if (symbols[at].st_value > UINT32_MAX || symbols[at].st_size > UINT32_MAX) continue;
        table->symbols[table->count++] = (struct symbol){
          (uint32_t)symbols[at].st_value, (uint32_t)symbols[at].st_size, symbols[at].st_name};
      }
      // Without memory to sort, no names: an unsorted table would give wrong ones.
      if (!sort_by_start(table->symbols, table->count)) table->count = 0;
    }
    if (populated != MAP_FAILED) munmap((void *)populated, length);
    break;
  }
  close(descriptor);
  return table;
}

/// What was found for one address. The driving loop names the same few functions at every job
/// (a main-thread check names each job that runs off the main thread), and dladdr walks every
/// loaded object's symbols each time: it took a tenth of an exploration's time. Loaded objects
/// stay (the toolchain's libraries and the program are never unloaded), so an address keeps its
/// answer.
struct known_address {
  const void *address;
  const char *name;
  signed char named;      // 0: not asked yet, 1: `name` is the answer
  signed char toolchain;  // -1: not asked yet, else the answer
  signed char located;    // 0: not asked yet, 1: `library` is the answer
  const char *library;
};

#define KNOWN_ADDRESSES 4096
static struct known_address known[KNOWN_ADDRESSES];
// Tables and the cache are shared by every thread that names code (the driving loop, a crash note).
static pthread_mutex_t known_lock = PTHREAD_MUTEX_INITIALIZER;

/// The cache slot of `address` (one per slot: a newer address takes an older one's place).
static struct known_address *slot_of(const void *address) {
  uintptr_t mixed = (uintptr_t)address;
  mixed ^= mixed >> 17;
  mixed *= (uintptr_t)0x9E3779B97F4A7C15ull;
  struct known_address *slot = &known[(mixed >> 40) & (KNOWN_ADDRESSES - 1)];
  if (slot->address != address) *slot = (struct known_address){address, NULL, 0, -1, 0, NULL};
  return slot;
}

/// The loaded object that holds an address: where it was loaded and its file.
struct holder {
  const void *address;
  uintptr_t base;
  const char *path;
  int found;
};

static int find_holder(struct dl_phdr_info *info, size_t size, void *context) {
  (void)size;
  struct holder *holder = context;
  uintptr_t address = (uintptr_t)holder->address;
  for (int index = 0; index < info->dlpi_phnum; index++) {
    const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
    if (segment->p_type != PT_LOAD) continue;
    uintptr_t start = info->dlpi_addr + segment->p_vaddr;
    if (address >= start && address < start + segment->p_memsz) {
      holder->base = info->dlpi_addr;
      // The main program comes first, with no name: its file is /proc/self/exe.
      holder->path = info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : "/proc/self/exe";
      holder->found = 1;
      return 1;
    }
  }
  return 0;
}

/// Which loaded object holds `address`. dl_iterate_phdr looks at each object's few segments;
/// dladdr would also walk its exported symbols, which in a large program is most of the time a
/// first lookup takes.
static struct holder holder_of(const void *address) {
  struct holder holder = {address, 0, NULL, 0};
  dl_iterate_phdr(find_holder, &holder);
  return holder;
}

int vmrepl_loaded_object(const void *address, uintptr_t *base, const char **path) {
  struct holder holder = holder_of(address);
  if (!holder.found) return 0;
  *base = holder.base;
  *path = holder.path;
  return 1;
}

static const char *look_up_name(const void *address) {
  struct holder holder = holder_of(address);
  if (!holder.found) return NULL;
  struct table *table = load(holder.path, holder.base);
  if (table && table->count > 0) {
    uintptr_t offset = (uintptr_t)address - table->base;
    size_t low = 0, high = table->count;
    while (low < high) {
      size_t middle = (low + high) / 2;
      if (table->symbols[middle].start <= offset) low = middle + 1; else high = middle;
    }
    if (low > 0) {
      const struct symbol *found = &table->symbols[low - 1];
      if (offset < (uintptr_t)found->start + (found->size ? found->size : 1 << 20)) return table->strings + found->name;
    }
  }
  // An object without a full symbol table (stripped): its exported symbols, as dladdr finds them.
  Dl_info info;
  return dladdr(address, &info) ? info.dli_sname : NULL;
}

const char *vmrepl_symbol_name(const void *address) {
  if (!address) return NULL;
  pthread_mutex_lock(&known_lock);
  struct known_address *slot = slot_of(address);
  if (!slot->named) {
    slot->name = look_up_name(address);
    slot->named = 1;
  }
  const char *name = slot->name;
  pthread_mutex_unlock(&known_lock);
  return name;
}

/// The file of the object that holds the slot's address, found once (the lock held).
static const char *library_in(struct known_address *slot) {
  if (!slot->located) {
    struct holder holder = holder_of(slot->address);
    slot->library = holder.found ? holder.path : NULL;
    slot->located = 1;
  }
  return slot->library;
}

const char *vmrepl_library_of(const void *address) {
  if (!address) return NULL;
  pthread_mutex_lock(&known_lock);
  const char *library = library_in(slot_of(address));
  pthread_mutex_unlock(&known_lock);
  return library;
}

/// Whether `function` lies in one of the toolchain's libraries (the runtime, Foundation, Dispatch).
int vmrepl_in_toolchain_library(const void *function) {
  if (!function) return 0;
  pthread_mutex_lock(&known_lock);
  struct known_address *slot = slot_of(function);
  if (slot->toolchain < 0) {
    const char *path = library_in(slot);
    slot->toolchain = path && (strstr(path, VMREPL_TOOLCHAIN_FOLDER) || strstr(path, VMREPL_LIB_SWIFT_CONCURRENCY) || strstr(path, VMREPL_LIB_SWIFT_CORE));
  }
  int toolchain = slot->toolchain;
  pthread_mutex_unlock(&known_lock);
  return toolchain;
}

/// Whether `address` is where an exported symbol starts (code or a constant, never a heap object).
int vmrepl_is_symbol_address(const void *address) {
  Dl_info info;
  return dladdr(address, &info) && info.dli_sname;
}

#endif  // VMREPL_BACKEND_LINUX
