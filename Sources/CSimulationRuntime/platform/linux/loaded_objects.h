// Which loaded object holds an address (linux/symbols.c): for the readers of an object's own
// file, its symbol table and its name index.
#ifndef VMREPL_LINUX_LOADED_OBJECTS_H
#define VMREPL_LINUX_LOADED_OBJECTS_H

#include <stdint.h>

/// The loaded object that holds `address`: 1 with where it was loaded (`*base`) and its file
/// (`*path`; the program's is /proc/self/exe), 0 when no object holds it.
int vmrepl_loaded_object(const void *address, uintptr_t *base, const char **path);

#endif
