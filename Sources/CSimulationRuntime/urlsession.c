// Every URLSession of the process consults vmrepl's URLProtocol first.
//
// URLSession.shared asks the protocols registered with `URLProtocol.registerClass`; a session
// made from `.default` or `.ephemeral` asks only its configuration's `protocolClasses`, whose
// HTTP protocol takes every http and https request before a registered one is asked. That
// getter is an `open` property, called through URLSessionConfiguration's vtable, so its vtable
// slot is rewritten (like an import slot) to a function that lets the simulation put its
// protocol first while a session answers requests by script.
#include "internal.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

typedef void *(__attribute__((swiftcall)) *getter_fn)(__attribute__((swift_self)) void *self);
struct metadata_response {
  void *metadata;
  long state;
};
typedef struct metadata_response(__attribute__((swiftcall)) *accessor_fn)(long request);

static getter_fn real_protocol_classes;

__attribute__((swiftcall)) static void *scripted_protocol_classes(__attribute__((swift_self)) void *self) {
  void *classes = real_protocol_classes(self);
  if (vmrepl_hooks && vmrepl_hooks->protocol_classes) return vmrepl_hooks->protocol_classes(classes);
  return classes;
}

int vmrepl_urlsession_activate(void) {
  void *getter = dlsym(RTLD_DEFAULT, "$s20FoundationNetworking23URLSessionConfigurationC15protocolClassesSayyXlXpGSgvg");
  accessor_fn accessor = NULL;
  *(void **)&accessor = dlsym(RTLD_DEFAULT, "$s20FoundationNetworking23URLSessionConfigurationCMa");
  if (!getter || !accessor) return 0;  // FoundationNetworking is not loaded
  void **metadata = accessor(0).metadata;
  if (!metadata) return 0;
  long page = sysconf(_SC_PAGESIZE);
  // The vtable follows the class metadata's header; the getter's slot holds its address.
  for (int index = 0; index < 512; index++) {
    if (metadata[index] != getter) continue;
    uintptr_t start = (uintptr_t)&metadata[index] & ~(uintptr_t)(page - 1);
    if (mprotect((void *)start, (size_t)page, PROT_READ | PROT_WRITE) != 0) return 0;
    real_protocol_classes = (getter_fn)getter;
    __atomic_store_n(&metadata[index], (void *)scripted_protocol_classes, __ATOMIC_RELEASE);
    return 1;
  }
  return 0;
}

#else

int vmrepl_urlsession_activate(void) { return 0; }

#endif
