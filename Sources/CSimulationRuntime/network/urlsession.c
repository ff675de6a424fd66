// Every URLSession of the process consults vmrepl's URLProtocol first, and the simulation hears
// of every task the driving thread resumes.
//
// URLSession.shared asks the protocols registered with `URLProtocol.registerClass`; a session
// made from `.default` or `.ephemeral` asks only its configuration's `protocolClasses`, whose
// HTTP protocol takes every http and https request before a registered one is asked. That
// getter is an `open` property, called through URLSessionConfiguration's vtable, so its vtable
// slot is rewritten (like an import slot) to a function that lets the simulation put its
// protocol first while a session answers requests by script.
#include "network.h"

#if VMREPL_HAS_BACKEND
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

// `swift_context` is clang's name for the register Swift passes `self` in (swiftself).

typedef void *(*getter_fn)(__attribute__((swift_context)) void *self) __attribute__((swiftcall));
struct metadata_response {
  void *metadata;
  long state;
};
typedef struct metadata_response (*accessor_fn)(long request) __attribute__((swiftcall));

typedef void (*method_fn)(__attribute__((swift_context)) void *self) __attribute__((swiftcall));

static getter_fn real_protocol_classes;
static method_fn real_resume;

__attribute__((swiftcall)) static void *scripted_protocol_classes(__attribute__((swift_context)) void *self) {
  void *classes = real_protocol_classes(self);
  if (vmrepl_hooks && vmrepl_hooks->protocol_classes) return vmrepl_hooks->protocol_classes(classes);
  return classes;
}

// A task's resume() starts its request on URLSession's threads, by way of hops the simulation
// cannot all see (a cache look-up first): told here, the simulation can wait for the request.
__attribute__((swiftcall)) static void scripted_resume(__attribute__((swift_context)) void *task) {
  if (vmrepl_on_driver() && vmrepl_hooks && vmrepl_hooks->task_resumed) vmrepl_hooks->task_resumed(task);
  real_resume(task);
}

/// Rewrites, in the vtable of the class whose metadata accessor is `accessor_name`, the slot
/// holding `implementation` to `replacement`. Returns whether it found the slot.
static int patch_vtable(const char *accessor_name, void *implementation, void *replacement) {
  accessor_fn accessor = NULL;
  *(void **)&accessor = dlsym(RTLD_DEFAULT, accessor_name);
  if (!accessor) return 0;
  void **metadata = accessor(0).metadata;
  if (!metadata) return 0;
  long page = sysconf(_SC_PAGESIZE);
  // The vtable follows the class metadata's header; the method's slot holds its address.
  for (int index = 0; index < 512; index++) {
    if (metadata[index] != implementation) continue;
    uintptr_t start = (uintptr_t)&metadata[index] & ~(uintptr_t)(page - 1);
    if (mprotect((void *)start, (size_t)page, PROT_READ | PROT_WRITE) != 0) return 0;
    __atomic_store_n(&metadata[index], replacement, __ATOMIC_RELEASE);
    return 1;
  }
  return 0;
}

int vmrepl_urlsession_activate(void) {
  void *getter = dlsym(RTLD_DEFAULT, "$s20FoundationNetworking23URLSessionConfigurationC15protocolClassesSayyXlXpGSgvg");
  if (!getter) return 0;  // FoundationNetworking is not loaded
  real_protocol_classes = (getter_fn)getter;
  int patched = patch_vtable("$s20FoundationNetworking23URLSessionConfigurationCMa", getter, (void *)scripted_protocol_classes);
  void *resume = dlsym(RTLD_DEFAULT, "$s20FoundationNetworking14URLSessionTaskC6resumeyyF");
  if (resume) {
    real_resume = (method_fn)resume;
    // Each subclass's vtable has its own copy of the slot.
    static const char *const classes[] = {
      "$s20FoundationNetworking14URLSessionTaskCMa", "$s20FoundationNetworking18URLSessionDataTaskCMa",
      "$s20FoundationNetworking20URLSessionUploadTaskCMa", "$s20FoundationNetworking22URLSessionDownloadTaskCMa",
      "$s20FoundationNetworking20URLSessionStreamTaskCMa", "$s20FoundationNetworking23URLSessionWebSocketTaskCMa", NULL,
    };
    for (int index = 0; classes[index]; index++) patch_vtable(classes[index], resume, (void *)scripted_resume);
  }
  return patched;
}

#endif  // VMREPL_HAS_BACKEND
