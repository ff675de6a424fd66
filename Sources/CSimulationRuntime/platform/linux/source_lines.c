// Where a function is declared, read from the DWARF debug information of the loaded images with
// elfutils' libdw, for `ready`, `step`, deadlock reports and main-thread warnings.
//
// libdw is opened at run time (`libdw.so.1`, Debian's libdw1, which scripts/setup installs) so
// that building vmrepl or a package that uses it needs no header and no library of it: without
// it, or without debug information, code is named as before, by its function alone.
//
// The line is the function's declaration line (`DW_AT_decl_line`, through its specification),
// not the line table's row at the address: a release build splits and inlines an async
// function's partial functions differently, so the row where one starts differs between debug
// and release builds, while the declaration is the same in both.
#define _GNU_SOURCE
#include "../platform.h"
#include "debug_names.h"

#if defined(VMREPL_BACKEND_LINUX)
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// libdw's types, as libdw.h lays them out (its ABI is versioned and stable): a DIE handle is
// four words; the callbacks are four pointers.
typedef struct {
  void *addr;
  void *cu;
  void *abbrev;
  long padding;
} vmrepl_dwarf_die;
typedef struct {
  unsigned int code;
  unsigned int form;
  unsigned char *value;
  void *cu;
} vmrepl_dwarf_attribute;
typedef uint64_t vmrepl_dwarf_addr;
typedef struct {
  void *find_elf;
  void *find_debuginfo;
  void *section_address;
  char **debuginfo_path;
} vmrepl_dwfl_callbacks;

enum { tag_subprogram = 0x2e, attribute_linkage_name = 0x6e };

/// A compile unit's address range, for finding the unit that holds an address: libdw before
/// 0.191 finds units only through `.debug_aranges`, which Swift's builds do not write.
struct unit_range {
  vmrepl_dwarf_addr start, end;
  uint64_t offset;
};

/// The units of one image, sorted by start address, made on its first lookup.
struct image_units {
  void *module;
  void *dwarf;
  vmrepl_dwarf_addr bias;  // what the image was moved by when loaded
  struct unit_range *ranges;
  size_t count;
  int indexed;  // whether `ranges` has been made
  struct image_units *next;
};

static struct {
  void *(*begin)(const vmrepl_dwfl_callbacks *);
  int (*proc_report)(void *, pid_t);
  int (*report_end)(void *, void *, void *);
  void *(*addrmodule)(void *, vmrepl_dwarf_addr);
  void *(*module_getdwarf)(void *, vmrepl_dwarf_addr *);
  int (*nextcu)(void *, uint64_t, uint64_t *, size_t *, uint64_t *, uint8_t *, uint8_t *);
  vmrepl_dwarf_die *(*offdie)(void *, uint64_t, vmrepl_dwarf_die *);
  ptrdiff_t (*ranges)(vmrepl_dwarf_die *, ptrdiff_t, vmrepl_dwarf_addr *, vmrepl_dwarf_addr *, vmrepl_dwarf_addr *);
  int (*child)(vmrepl_dwarf_die *, vmrepl_dwarf_die *);
  int (*siblingof)(vmrepl_dwarf_die *, vmrepl_dwarf_die *);
  int (*haspc)(vmrepl_dwarf_die *, vmrepl_dwarf_addr);
  int (*lowpc)(vmrepl_dwarf_die *, vmrepl_dwarf_addr *);
  vmrepl_dwarf_attribute *(*attr_integrate)(vmrepl_dwarf_die *, unsigned int, vmrepl_dwarf_attribute *);
  const char *(*formstring)(vmrepl_dwarf_attribute *);
  int (*tag)(vmrepl_dwarf_die *);
  int (*decl_line)(vmrepl_dwarf_die *, int *);
  const char *(*decl_file)(vmrepl_dwarf_die *);
  // Optional: only `vmrepl_source_row` reads the line table.
  void *(*getsrc_die)(vmrepl_dwarf_die *, vmrepl_dwarf_addr);
  int (*lineno)(void *, int *);
} dw;

static struct image_units *images;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *session;  // the Dwfl of this process, made at the first lookup
static int tried;
static vmrepl_dwfl_callbacks callbacks;
static char *no_debuginfo_path;

/// Opens libdw and reports this process's images to it, once; 0 when either is not possible.
static int open_session(void) {
  if (tried) return session != 0;
  tried = 1;
  void *library = dlopen("libdw.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) return 0;
  *(void **)&dw.begin = dlsym(library, "dwfl_begin");
  *(void **)&dw.proc_report = dlsym(library, "dwfl_linux_proc_report");
  *(void **)&dw.report_end = dlsym(library, "dwfl_report_end");
  *(void **)&dw.addrmodule = dlsym(library, "dwfl_addrmodule");
  *(void **)&dw.module_getdwarf = dlsym(library, "dwfl_module_getdwarf");
  *(void **)&dw.nextcu = dlsym(library, "dwarf_nextcu");
  *(void **)&dw.offdie = dlsym(library, "dwarf_offdie");
  *(void **)&dw.ranges = dlsym(library, "dwarf_ranges");
  *(void **)&dw.child = dlsym(library, "dwarf_child");
  *(void **)&dw.siblingof = dlsym(library, "dwarf_siblingof");
  *(void **)&dw.haspc = dlsym(library, "dwarf_haspc");
  *(void **)&dw.lowpc = dlsym(library, "dwarf_lowpc");
  *(void **)&dw.attr_integrate = dlsym(library, "dwarf_attr_integrate");
  *(void **)&dw.formstring = dlsym(library, "dwarf_formstring");
  *(void **)&dw.tag = dlsym(library, "dwarf_tag");
  *(void **)&dw.decl_line = dlsym(library, "dwarf_decl_line");
  *(void **)&dw.decl_file = dlsym(library, "dwarf_decl_file");
  *(void **)&dw.getsrc_die = dlsym(library, "dwarf_getsrc_die");
  *(void **)&dw.lineno = dlsym(library, "dwarf_lineno");
  callbacks.find_elf = dlsym(library, "dwfl_linux_proc_find_elf");
  callbacks.find_debuginfo = dlsym(library, "dwfl_standard_find_debuginfo");
  // Only the debug information inside the images: a separate debuginfo file found elsewhere
  // (a debuginfod cache, /usr/lib/debug) would make the output depend on the machine.
  callbacks.debuginfo_path = &no_debuginfo_path;
  if (!dw.begin || !dw.proc_report || !dw.report_end || !dw.addrmodule || !dw.module_getdwarf || !dw.nextcu || !dw.offdie || !dw.ranges || !dw.child || !dw.siblingof || !dw.haspc || !dw.lowpc || !dw.attr_integrate || !dw.formstring ||
      !dw.tag || !dw.decl_line || !dw.decl_file || !callbacks.find_elf || !callbacks.find_debuginfo)
    return 0;
  void *made = dw.begin(&callbacks);
  if (!made) return 0;
  if (dw.proc_report(made, getpid()) != 0 || dw.report_end(made, 0, 0) != 0) return 0;
  session = made;
  return 1;
}

static int by_start(const void *a, const void *b) {
  const struct unit_range *left = a, *right = b;
  return left->start < right->start ? -1 : left->start > right->start;
}

/// The image of `module`: its debug information, made on first use.
static struct image_units *image_of(void *module) {
  for (struct image_units *known = images; known; known = known->next)
    if (known->module == module) return known;
  struct image_units *made = calloc(1, sizeof *made);
  if (!made) return 0;
  made->module = module;
  made->dwarf = dw.module_getdwarf(module, &made->bias);
  made->next = images;
  images = made;
  return made;
}

/// The image's units indexed by address, made on the first lookup that needs them: reading every
/// unit's ranges is most of what naming code costs when no name index says which unit it is.
static struct image_units *ranges_of(struct image_units *made) {
  if (made->indexed) return made;
  made->indexed = 1;
  size_t capacity = 0;
  uint64_t offset = 0, next = 0;
  size_t header = 0;
  while (made->dwarf && dw.nextcu(made->dwarf, offset, &next, &header, 0, 0, 0) == 0) {
    vmrepl_dwarf_die unit;
    if (dw.offdie(made->dwarf, offset + header, &unit)) {
      vmrepl_dwarf_addr base = 0, start = 0, end = 0;
      ptrdiff_t cursor = 0;
      while ((cursor = dw.ranges(&unit, cursor, &base, &start, &end)) > 0) {
        if (made->count == capacity) {
          capacity = capacity ? capacity * 2 : 256;
          struct unit_range *grown = realloc(made->ranges, capacity * sizeof *grown);
          if (!grown) break;
          made->ranges = grown;
        }
        made->ranges[made->count++] = (struct unit_range){start, end, offset + header};
      }
    }
    offset = next;
  }
  qsort(made->ranges, made->count, sizeof *made->ranges, by_start);
  return made;
}

/// The unit of `units` whose range holds `pc` (an address in the image's own terms).
static int unit_at(struct image_units *units, vmrepl_dwarf_addr pc, vmrepl_dwarf_die *unit) {
  size_t low = 0, high = units->count;
  while (low < high) {
    size_t middle = low + (high - low) / 2;
    if (units->ranges[middle].start <= pc) low = middle + 1;
    else high = middle;
  }
  // Ranges may nest or overlap (a unit's ranges are not one block): look back a little.
  for (size_t index = low; index > 0 && low - index < 64; index--) {
    struct unit_range *range = &units->ranges[index - 1];
    if (pc >= range->start && pc < range->end) return dw.offdie(units->dwarf, range->offset, unit) != 0;
  }
  return 0;
}

/// The subprogram (a function with code) among `parent`'s descendants whose code holds `pc`:
/// the concrete function, not code inlined into it (an inlined subroutine, a child of it).
/// Walked by hand: `dwarf_getscopes` gives up on the whole unit at the first entry it cannot read.
static int subprogram_at(vmrepl_dwarf_die *parent, vmrepl_dwarf_addr pc, vmrepl_dwarf_die *found, int depth) {
  vmrepl_dwarf_die die;
  if (depth > 32 || dw.child(parent, &die) != 0) return 0;
  do {
    // A closure's function is a child of the function it is written in, with code of its own.
    if (dw.tag(&die) == tag_subprogram && dw.haspc(&die, pc) == 1) {
      *found = die;
      return 1;
    }
    if (subprogram_at(&die, pc, found, depth + 1)) return 1;
  } while (dw.siblingof(&die, &die) == 0);
  return 0;
}

/// The subprogram with code among `parent`'s descendants whose mangled name is `name`.
static int subprogram_named(vmrepl_dwarf_die *parent, const char *name, size_t length, vmrepl_dwarf_die *found, int depth) {
  vmrepl_dwarf_die die;
  if (depth > 32 || dw.child(parent, &die) != 0) return 0;
  do {
    if (dw.tag(&die) == tag_subprogram) {
      vmrepl_dwarf_attribute attribute;
      vmrepl_dwarf_addr low = 0;
      const char *linkage = dw.attr_integrate(&die, attribute_linkage_name, &attribute) ? dw.formstring(&attribute) : 0;
      if (linkage && strlen(linkage) == length && strncmp(linkage, name, length) == 0 && dw.lowpc(&die, &low) == 0) {
        *found = die;
        return 1;
      }
    }
    if (subprogram_named(&die, name, length, found, depth + 1)) return 1;
  } while (dw.siblingof(&die, &die) == 0);
  return 0;
}

/// How much of a partial application forwarder's mangled name (`...cfu_TA`, `...TATQ0_`, the
/// compiler's thunk, declared nowhere) names the closure it forwards to, or 0.
static size_t forwarded_length(const char *name) {
  const char *marker = name ? strstr(name, "TA") : 0;
  while (marker) {
    const char *rest = marker + 2;
    if (*rest == 0 || strcmp(rest, "Tu") == 0 ||
        ((rest[0] == 'T' && (rest[1] == 'Q' || rest[1] == 'Y')) && strchr(rest, '_') == name + strlen(name) - 1))
      return (size_t)(marker - name);
    marker = strstr(marker + 1, "TA");
  }
  return 0;
}

/// An async function pointer (`...Tu`, data the runtime reads) names the function it points
/// at: a 32-bit offset relative to itself, then the context size.
static const void *code_of(const void *address) {
  const char *name = vmrepl_symbol_name(address);
  size_t length = name ? strlen(name) : 0;
  if (length > 2 && strcmp(name + length - 2, "Tu") == 0) {
    int32_t offset;
    memcpy(&offset, address, sizeof offset);
    return (const char *)address + offset;
  }
  return address;
}

/// The unit the object's name index says defines the function `mangled` (at `address`).
static int named_unit(struct image_units *image, const void *address, const char *mangled, vmrepl_dwarf_die *unit) {
  int64_t offset = mangled ? vmrepl_debug_names_unit(address, mangled, strlen(mangled)) : -1;
  uint64_t next = 0;
  size_t header = 0;
  return offset >= 0 && dw.nextcu(image->dwarf, (uint64_t)offset, &next, &header, 0, 0, 0) == 0 &&
         dw.offdie(image->dwarf, (uint64_t)offset + header, unit) != 0;
}

/// The unit and the function whose code holds `address` (named `mangled`), and the address in
/// the image's own terms; 0 when no debug information covers it. Called with `lock` held.
static int locate(const void *address, const char *mangled, vmrepl_dwarf_die *unit, vmrepl_dwarf_die *function, vmrepl_dwarf_addr *at) {
  vmrepl_dwarf_addr pc = (vmrepl_dwarf_addr)(uintptr_t)address;
  void *module = dw.addrmodule(session, pc);
  struct image_units *image = module ? image_of(module) : 0;
  if (!image || !image->dwarf) return 0;
  *at = pc - image->bias;
  // The unit the name index names, if it holds the code; else the one whose ranges do.
  return (named_unit(image, address, mangled, unit) && subprogram_at(unit, *at, function, 0)) ||
         (unit_at(ranges_of(image), *at, unit) && subprogram_at(unit, *at, function, 0));
}

int vmrepl_source_declaration(const void *address, char *file, size_t file_size, int *line) {
  if (!address || !file || file_size == 0 || !line) return 0;
  address = code_of(address);
  const char *mangled = vmrepl_symbol_name(address);
  int found = 0;
  pthread_mutex_lock(&lock);
  if (open_session()) {
    vmrepl_dwarf_die unit, function;
    vmrepl_dwarf_addr at = 0;
    int known = locate(address, mangled, &unit, &function, &at);
    // A forwarder is named by the closure it forwards to (`ready` names it so too), which the
    // compiler writes in the same unit.
    size_t forwarded = known ? forwarded_length(mangled) : 0;
    if (forwarded) known = subprogram_named(&unit, mangled, forwarded, &function, 0);
    if (known) {
      int declared = 0;
      const char *path = dw.decl_file(&function);
      size_t size = path ? strlen(path) : 0;
      if (dw.decl_line(&function, &declared) == 0 && declared > 0 && size > 0 && path[0] == '/' && size < file_size) {
        memcpy(file, path, size + 1);
        *line = declared;
        found = 1;
      }
    }
  }
  pthread_mutex_unlock(&lock);
  return found;
}

int vmrepl_source_row(const void *address, int *line) {
  if (!address || !line) return 0;
  address = code_of(address);
  const char *mangled = vmrepl_symbol_name(address);
  int found = 0;
  pthread_mutex_lock(&lock);
  if (open_session() && dw.getsrc_die && dw.lineno) {
    vmrepl_dwarf_die unit, function;
    vmrepl_dwarf_addr at = 0;
    void *row = locate(address, mangled, &unit, &function, &at) ? dw.getsrc_die(&unit, at) : 0;
    int number = 0;
    if (row && dw.lineno(row, &number) == 0 && number > 0) {
      *line = number;
      found = 1;
    }
  }
  pthread_mutex_unlock(&lock);
  return found;
}

#endif
