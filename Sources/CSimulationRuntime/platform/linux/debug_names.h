// The DWARF 5 name index of a loaded object (`.debug_names`), read from its file: which compile
// unit defines a function, by its mangled name (linux/debug_names.c).
#ifndef VMREPL_LINUX_DEBUG_NAMES_H
#define VMREPL_LINUX_DEBUG_NAMES_H

#include <stddef.h>
#include <stdint.h>

/// The offset in `.debug_info` of the compile unit whose name index lists a function (a
/// `DW_TAG_subprogram`) named by the first `length` bytes of `name`, in the loaded object that
/// holds `address`; -1 when its file has no such index or the index does not list the name.
/// Not thread-safe: the caller holds its lock.
int64_t vmrepl_debug_names_unit(const void *address, const char *name, size_t length);

#endif
