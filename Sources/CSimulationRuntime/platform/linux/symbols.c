// Names code by address, for `ready` and `step`: which function a job resumes in.
//
// dladdr knows only exported symbols; an app's functions, closures and async partial functions
// are mostly local ones, which only the file's full symbol table (.symtab) lists. The table of an
// object is read once, on first use, from its file, and kept sorted for binary search.
#include "../platform.h"
#include "libraries.h"

#if defined(VMREPL_BACKEND_LINUX)
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

/// Whether `function` lies in one of the toolchain's libraries (the runtime, Foundation, Dispatch).
int vmrepl_in_toolchain_library(const void *function) {
  Dl_info info;
  if (!dladdr(function, &info) || !info.dli_fname) return 0;
  return strstr(info.dli_fname, VMREPL_TOOLCHAIN_FOLDER) || strstr(info.dli_fname, VMREPL_LIB_SWIFT_CONCURRENCY) || strstr(info.dli_fname, VMREPL_LIB_SWIFT_CORE);
}

/// Whether `address` is where an exported symbol starts (code or a constant, never a heap object).
int vmrepl_is_symbol_address(const void *address) {
  Dl_info info;
  return dladdr(address, &info) && info.dli_sname;
}

#endif  // VMREPL_BACKEND_LINUX
