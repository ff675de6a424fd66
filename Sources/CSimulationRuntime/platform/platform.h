// The thin layer under every feature: what differs from one operating system to another.
// Each backend (linux/) provides these; where none exists (fallback/), nothing is redirected and
// every feature reports that it simulates nothing.
#ifndef VMREPL_PLATFORM_H
#define VMREPL_PLATFORM_H

#include "../core/core.h"

/// Which backend this build has. A feature's file compiles to nothing without one (fallback/
/// then stands in for it); code that only one backend's libraries need (CFRunLoop's timerfd on
/// Linux, getrandom through syscall) checks its backend by name.
#if defined(__linux__)
#define VMREPL_BACKEND_LINUX 1
#endif
#if defined(VMREPL_BACKEND_LINUX)
#define VMREPL_HAS_BACKEND 1
#else
#define VMREPL_HAS_BACKEND 0
#endif

// MARK: Symbol redirection (linux/redirect.c)

/// Rewrites the import slot of `symbol` to `replacement` in every loaded object whose path
/// contains one of `only` (NULL-terminated; NULL: every object) and none of `except` (NULL:
/// none). Returns how many slots were rewritten.
int vmrepl_patch(const char *symbol, void *replacement, const char *const *only, const char *const *except);

/// `vmrepl_patch` in the objects `only` names, including their calls to functions they define
/// and export themselves (which go through their own PLT): Foundation calls CoreFoundation, which
/// it contains, that way.
int vmrepl_patch_own(const char *symbol, void *replacement, const char *const *only);

/// In a list of objects: every object that is or links the Swift runtime (the program, Swift's
/// and Foundation's libraries, an app's Swift libraries), the only ones whose code calls Swift's
/// functions. A rewrite of a Swift function names these rather than every object: the others (the
/// C libraries, some forty of fifty-five) have large tables to read for nothing.
#define VMREPL_OBJECTS_SWIFT "<swift>"

/// One symbol and what its import slots are to call instead.
struct vmrepl_redirect {
  const char *symbol;
  void *replacement;
};

/// `vmrepl_patch` for each redirect of `redirects` (ended by a NULL symbol) in the objects `only`
/// names, in one pass over each object's relocations; returns how many slots were rewritten in all.
int vmrepl_patch_each(const struct vmrepl_redirect *redirects, const char *const *only);

/// Every redirect of `redirects` (ended by a NULL symbol) in one pass over each object's
/// relocations, in the objects `only` names (NULL: every object) that `except` does not name;
/// with `own`, also the objects' calls to functions they export themselves (`vmrepl_patch_own`).
/// `patched[i]` gets how many slots redirect i took (`patched` holds one per redirect); returns
/// how many were rewritten in all.
int vmrepl_patch_batch(const struct vmrepl_redirect *redirects, const char *const *only, const char *const *except,
                       int own, int *patched);

/// Where Swift code's Dispatch calls come from: the Swift overlay, Foundation, and the program.
extern const char *const vmrepl_dispatch_callers[];

// MARK: Names of code (linux/symbols.c; `vmrepl_symbol_name` is in the public header)

/// Whether a function lies in the toolchain's libraries.
int vmrepl_in_toolchain_library(const void *function);
/// Whether an address is where a symbol starts.
int vmrepl_is_symbol_address(const void *address);
/// The file of the loaded object that holds an address (the main program's is
/// `/proc/self/exe`), or NULL; remembered per address.
const char *vmrepl_library_of(const void *address);

// MARK: Waiting for a word to change (linux/wait.c: a futex)

/// Sleeps while `*word` holds `expected` (it may return early: callers check again).
void vmrepl_platform_wait(_Atomic int *word, int expected);
/// Wakes one thread sleeping in `vmrepl_platform_wait` on `word`.
void vmrepl_platform_wake_one(_Atomic int *word);

#endif
