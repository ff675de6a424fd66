// Rewrites import slots (GOT entries) of loaded shared objects.
//
// A call from a shared library to a function of another goes through a slot in the caller's
// global offset table. Rewriting the slot redirects that one library's calls and nothing else:
// Dispatch's own scheduling threads, the kernel and our own code keep the real functions.
#include "../platform.h"
#include "libraries.h"

#if defined(VMREPL_BACKEND_LINUX)
const char *const vmrepl_dispatch_callers[] = {VMREPL_LIB_SWIFT_DISPATCH, VMREPL_LIB_FOUNDATION, VMREPL_LIB_FOUNDATION_NETWORKING, "<main>", NULL};

#include <elf.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/// Redirects rewritten in one pass over each object's relocations: a pass costs the same for
/// one symbol as for twenty, and the program's own table alone holds about 50,000 relocations.
struct batch {
  const struct vmrepl_redirect *redirects;
  size_t count;
  /// Per redirect: how many slots it took.
  int *patched;
  /// Also a library's calls to its own exported functions (they go through its PLT too).
  int own;
  /// Which first bytes the batch's symbols have: most relocations are told apart by it alone.
  uint64_t first[4];
};

/// Each loaded object's import tables, read once: a rewrite then scans only the objects it names.
struct object {
  char name[256];
  uintptr_t base;
  const ElfW(Sym) *symbols;
  const char *strings;
  const ElfW(Rela) *plt, *data;
  size_t plt_size, data_size;
  /// How many relocations open the data table that are relative ones (`DT_RELACOUNT`): they
  /// name no symbol, and are most of a table (40,000 of the program's 50,000), so a pass skips them.
  size_t data_relative;
  /// Whether it is or links the Swift runtime (`VMREPL_OBJECTS_SWIFT`).
  int swift;
};

#define OBJECTS 256
static struct object objects[OBJECTS];
static int object_count = -1;

static uintptr_t absolute(struct dl_phdr_info *info, uintptr_t pointer) {
  // glibc relocates these dynamic entries in place; other loaders may leave them relative.
  return pointer < info->dlpi_addr ? pointer + info->dlpi_addr : pointer;
}

static int matches(const struct object *object, const char *const *list) {
  for (; list && *list; list++) {
    if (strcmp(*list, VMREPL_OBJECTS_SWIFT) == 0 ? object->swift : strstr(object->name, *list) != NULL) return 1;
  }
  return 0;
}

static void patch_slots(const struct object *object, const ElfW(Rela) *relocations, size_t size,
                        struct batch *batch) {
  const ElfW(Sym) *symbols = object->symbols;
  const char *strings = object->strings;
  long page = sysconf(_SC_PAGESIZE);
  for (size_t index = 0; index < size / sizeof(ElfW(Rela)); index++) {
    const ElfW(Rela) *relocation = &relocations[index];
    size_t symbol = ELF64_R_SYM(relocation->r_info);
    if (symbol == 0) continue;
    const char *name = strings + symbols[symbol].st_name;
    unsigned char first = (unsigned char)name[0];
    if (!(batch->first[first >> 6] & (1ull << (first & 63)))) continue;
    // Only imports: a library's own definition of the symbol is not a slot to rewrite.
    if (symbols[symbol].st_shndx != SHN_UNDEF && !batch->own) continue;
    for (size_t which = 0; which < batch->count; which++) {
      if (strcmp(name, batch->redirects[which].symbol) != 0) continue;
      void **slot = (void **)(object->base + relocation->r_offset);
      uintptr_t start = (uintptr_t)slot & ~(uintptr_t)(page - 1);
      // The slot may sit in RELRO (read-only after relocation); make it writable for the store.
      // It is left writable: restoring read-only could also protect a neighbouring slot that a
      // later rewrite of another symbol on the same page needs.
      if (mprotect((void *)start, (size_t)page, PROT_READ | PROT_WRITE) != 0) break;
      __atomic_store_n(slot, batch->redirects[which].replacement, __ATOMIC_RELEASE);
      batch->patched[which]++;
      break;
    }
  }
}

static int record(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  (void)data;
  if (object_count >= OBJECTS) return 0;
  // The main program has no name here; "<main>" lets a list name it.
  const char *name = info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : "<main>";
  // Never rewrite the dynamic loader or the C library: they are what the rewrites call.
  if (strstr(name, VMREPL_LIB_LOADER) || strstr(name, VMREPL_LIB_C) || strstr(name, VMREPL_LIB_VDSO)) return 0;
  const ElfW(Dyn) *dynamic = NULL, *entries;
  for (int index = 0; index < info->dlpi_phnum; index++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[index];
    if (header->p_type == PT_DYNAMIC) dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + header->p_vaddr);
  }
  if (!dynamic) return 0;
  entries = dynamic;
  struct object object = {0};
  strncpy(object.name, name, sizeof object.name - 1);
  object.base = info->dlpi_addr;
  for (; dynamic->d_tag != DT_NULL; dynamic++) {
    switch (dynamic->d_tag) {
      case DT_SYMTAB: object.symbols = (const ElfW(Sym) *)absolute(info, dynamic->d_un.d_ptr); break;
      case DT_STRTAB: object.strings = (const char *)absolute(info, dynamic->d_un.d_ptr); break;
      case DT_JMPREL: object.plt = (const ElfW(Rela) *)absolute(info, dynamic->d_un.d_ptr); break;
      case DT_PLTRELSZ: object.plt_size = dynamic->d_un.d_val; break;
      case DT_RELA: object.data = (const ElfW(Rela) *)absolute(info, dynamic->d_un.d_ptr); break;
      case DT_RELASZ: object.data_size = dynamic->d_un.d_val; break;
      case DT_RELACOUNT: object.data_relative = dynamic->d_un.d_val; break;
      default: break;
    }
  }
  if (!object.symbols || !object.strings) return 0;
  // Swift code links the runtime itself (`DT_NEEDED`), whatever else it links.
  object.swift = strstr(name, VMREPL_LIB_SWIFT_CORE) != NULL;
  for (const ElfW(Dyn) *entry = entries; entry->d_tag != DT_NULL && !object.swift; entry++) {
    if (entry->d_tag == DT_NEEDED && strstr(object.strings + entry->d_un.d_val, VMREPL_LIB_SWIFT_CORE)) object.swift = 1;
  }
  objects[object_count++] = object;
  return 0;
}

/// Rewrites every redirect of `redirects` (`count` of them) in the objects `only` names, or
/// with `only` NULL in those `except` does not name; `patched[i]` gets redirect i's slots.
static int patch_batch(const struct vmrepl_redirect *redirects, size_t count, const char *const *only,
                       const char *const *except, int own, int *patched) {
  // The objects loaded when the simulation is installed; a library loaded later is not rewritten.
  if (object_count < 0) {
    object_count = 0;
    dl_iterate_phdr(record, NULL);
  }
  struct batch batch = {redirects, count, patched, own, {0, 0, 0, 0}};
  for (size_t which = 0; which < count; which++) {
    unsigned char first = (unsigned char)redirects[which].symbol[0];
    batch.first[first >> 6] |= 1ull << (first & 63);
    patched[which] = 0;
  }
  for (int index = 0; index < object_count; index++) {
    const struct object *object = &objects[index];
    if ((only && !matches(object, only)) || (except && matches(object, except))) continue;
    if (object->plt) patch_slots(object, object->plt, object->plt_size, &batch);
    if (object->data) {
      // A count the table cannot hold is not trusted: then the whole table is read.
      size_t relative = object->data_relative * sizeof(ElfW(Rela)) <= object->data_size ? object->data_relative : 0;
      patch_slots(object, object->data + relative, object->data_size - relative * sizeof(ElfW(Rela)), &batch);
    }
  }
  int total = 0;
  for (size_t which = 0; which < count; which++) total += patched[which];
  return total;
}

int vmrepl_patch(const char *symbol, void *replacement, const char *const *only, const char *const *except) {
  struct vmrepl_redirect redirect = {symbol, replacement};
  int patched;
  return patch_batch(&redirect, 1, only, except, 0, &patched);
}

int vmrepl_patch_own(const char *symbol, void *replacement, const char *const *only) {
  struct vmrepl_redirect redirect = {symbol, replacement};
  int patched;
  return patch_batch(&redirect, 1, only, NULL, 1, &patched);
}

/// How many redirects a NULL symbol ends `redirects` after.
static size_t redirect_count(const struct vmrepl_redirect *redirects) {
  size_t count = 0;
  while (redirects[count].symbol) count++;
  return count;
}

int vmrepl_patch_each(const struct vmrepl_redirect *redirects, const char *const *only) {
  size_t count = redirect_count(redirects);
  int patched[count ? count : 1];
  return patch_batch(redirects, count, only, NULL, 0, patched);
}

int vmrepl_patch_batch(const struct vmrepl_redirect *redirects, const char *const *only, const char *const *except,
                       int own, int *patched) {
  return patch_batch(redirects, redirect_count(redirects), only, except, own, patched);
}

#endif  // VMREPL_BACKEND_LINUX
