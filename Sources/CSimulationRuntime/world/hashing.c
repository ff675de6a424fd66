// Hash order the same on every run.
//
// Swift seeds Set and Dictionary hashing once per process, from `SWIFT_DETERMINISTIC_HASHING`
// read while libswiftCore loads, and otherwise at random, so a view-model's `Array(Set(...))`
// comes out in a new order every run. This constructor runs after libswiftCore has loaded and
// before any Swift code of the program, when no Swift collection can exist yet, and sets the
// runtime's hashing parameters as that variable would: seed zero, deterministic. Every program
// linking the simulation gets it: vmrepl, a user's REPL, replay children.
#include "../platform/platform.h"

#if VMREPL_HAS_BACKEND
#include <dlfcn.h>
#include <stdbool.h>

/// The layout of the Swift runtime's `_SwiftHashingParameters` (SwiftShims/GlobalObjects.h).
struct hashing_parameters {
  uint64_t seed0;
  uint64_t seed1;
  bool deterministic;
};

__attribute__((constructor)) static void vmrepl_pin_hashing(void) {
  struct hashing_parameters *parameters = dlsym(RTLD_DEFAULT, "_swift_stdlib_Hashing_parameters");
  if (!parameters) return;
  parameters->seed0 = 0;
  parameters->seed1 = 0;
  parameters->deterministic = true;
}

int vmrepl_hashing_is_deterministic(void) {
  struct hashing_parameters *parameters = dlsym(RTLD_DEFAULT, "_swift_stdlib_Hashing_parameters");
  return parameters && parameters->deterministic;
}

#endif  // VMREPL_HAS_BACKEND
