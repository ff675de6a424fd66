// Redirects the Swift concurrency runtime's clock reads to virtual time.
//
// `Task.sleep(for: d)` computes `ContinuousClock.now + d` and hands the executor only the sum.
// With the runtime's `now` answered from virtual time on the simulation's thread, the executor
// recovers `d` exactly, whatever the load on the machine. Only libswift_Concurrency's own import
// of clock_gettime is redirected (its GOT slot), so Dispatch, Foundation and everything else keep
// real time.
#define _GNU_SOURCE
#include "CSimulationClock.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

static clock_gettime_fn real_clock_gettime;
static _Atomic int64_t virtual_now;
static _Atomic unsigned long driver;
static _Atomic int active;

static int simulated_clock_gettime(clockid_t id, struct timespec *spec) {
  if (spec && (id == CLOCK_MONOTONIC || id == CLOCK_BOOTTIME) &&
      atomic_load_explicit(&active, memory_order_relaxed) &&
      (unsigned long)pthread_self() == atomic_load_explicit(&driver, memory_order_relaxed)) {
    int64_t now = atomic_load_explicit(&virtual_now, memory_order_relaxed);
    spec->tv_sec = now / 1000000000;
    spec->tv_nsec = now % 1000000000;
    return 0;
  }
  return real_clock_gettime(id, spec);
}

static uintptr_t absolute(struct dl_phdr_info *info, uintptr_t pointer) {
  // glibc relocates these dynamic entries in place; other loaders may leave them relative.
  return pointer < info->dlpi_addr ? pointer + info->dlpi_addr : pointer;
}

static int patch_slots(struct dl_phdr_info *info, const ElfW(Rela) *relocations, size_t size,
                       const ElfW(Sym) *symbols, const char *strings, uintptr_t relro_start,
                       uintptr_t relro_end) {
  int patched = 0;
  long page = sysconf(_SC_PAGESIZE);
  for (size_t index = 0; index < size / sizeof(ElfW(Rela)); index++) {
    const ElfW(Rela) *relocation = &relocations[index];
    size_t symbol = ELF64_R_SYM(relocation->r_info);
    if (symbol == 0 || strcmp(strings + symbols[symbol].st_name, "clock_gettime") != 0) continue;
    void **slot = (void **)(info->dlpi_addr + relocation->r_offset);
    uintptr_t start = (uintptr_t)slot & ~(uintptr_t)(page - 1);
    if (mprotect((void *)start, (size_t)page, PROT_READ | PROT_WRITE) != 0) continue;
    *slot = (void *)simulated_clock_gettime;
    if ((uintptr_t)slot >= relro_start && (uintptr_t)slot < relro_end) {
      mprotect((void *)start, (size_t)page, PROT_READ);
    }
    patched = 1;
  }
  return patched;
}

static int patch_library(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  int *patched = data;
  if (!info->dlpi_name || !strstr(info->dlpi_name, "libswift_Concurrency.so")) return 0;
  const ElfW(Dyn) *dynamic = NULL;
  uintptr_t relro_start = 0, relro_end = 0;
  for (int index = 0; index < info->dlpi_phnum; index++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[index];
    if (header->p_type == PT_DYNAMIC) dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + header->p_vaddr);
    if (header->p_type == PT_GNU_RELRO) {
      relro_start = info->dlpi_addr + header->p_vaddr;
      relro_end = relro_start + header->p_memsz;
    }
  }
  if (!dynamic) return 0;
  const ElfW(Sym) *symbols = NULL;
  const char *strings = NULL;
  const ElfW(Rela) *plt = NULL, *data_relocations = NULL;
  size_t plt_size = 0, data_size = 0;
  for (; dynamic->d_tag != DT_NULL; dynamic++) {
    switch (dynamic->d_tag) {
      case DT_SYMTAB: symbols = (const ElfW(Sym) *)absolute(info, dynamic->d_un.d_ptr); break;
      case DT_STRTAB: strings = (const char *)absolute(info, dynamic->d_un.d_ptr); break;
      case DT_JMPREL: plt = (const ElfW(Rela) *)absolute(info, dynamic->d_un.d_ptr); break;
      case DT_PLTRELSZ: plt_size = dynamic->d_un.d_val; break;
      case DT_RELA: data_relocations = (const ElfW(Rela) *)absolute(info, dynamic->d_un.d_ptr); break;
      case DT_RELASZ: data_size = dynamic->d_un.d_val; break;
      default: break;
    }
  }
  if (!symbols || !strings) return 0;
  if (plt) *patched |= patch_slots(info, plt, plt_size, symbols, strings, relro_start, relro_end);
  if (data_relocations)
    *patched |= patch_slots(info, data_relocations, data_size, symbols, strings, relro_start, relro_end);
  return 1;
}

int vmrepl_clock_activate(unsigned long driver_thread) {
  if (atomic_load(&active)) return 1;
  real_clock_gettime = (clock_gettime_fn)dlsym(RTLD_DEFAULT, "clock_gettime");
  if (!real_clock_gettime) return 0;
  atomic_store(&driver, driver_thread);
  int patched = 0;
  dl_iterate_phdr(patch_library, &patched);
  if (patched) atomic_store(&active, 1);
  return patched;
}

void vmrepl_clock_set_now(int64_t nanoseconds) {
  atomic_store_explicit(&virtual_now, nanoseconds, memory_order_relaxed);
}

int vmrepl_clock_is_active(void) { return atomic_load(&active); }

int64_t vmrepl_clock_wall_nanoseconds(void) {
  struct timespec spec;
  clock_gettime(CLOCK_MONOTONIC, &spec);
  return (int64_t)spec.tv_sec * 1000000000 + spec.tv_nsec;
}

#else

int vmrepl_clock_activate(unsigned long driver_thread) {
  (void)driver_thread;
  return 0;
}
void vmrepl_clock_set_now(int64_t nanoseconds) { (void)nanoseconds; }
int vmrepl_clock_is_active(void) { return 0; }
int64_t vmrepl_clock_wall_nanoseconds(void) {
  struct timespec spec;
  clock_gettime(CLOCK_MONOTONIC, &spec);
  return (int64_t)spec.tv_sec * 1000000000 + spec.tv_nsec;
}

#endif
