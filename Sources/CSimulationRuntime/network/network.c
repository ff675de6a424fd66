// Real network transfers as work outside the simulation.
//
// URLSession on Linux runs each transfer as a libcurl easy handle in a multi handle: the handle
// is in the multi handle exactly while the transfer is under way. Counting those lets `await`
// wait for a response on its way instead of calling it a deadlock. The end is counted once the
// queue that removed the handle has finished its current block, by which time URLSession has
// handed the completion to its delegate queue (itself counted as another thread's block).
#include "network.h"
#include "../platform/linux/libraries.h"

#if VMREPL_HAS_BACKEND
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef int (*multi_fn)(void *, void *);

static multi_fn real_add, real_remove;
static int (*easy_getinfo)(void *, int, ...);
static void *(*current_queue)(void);
static void (*real_async_f)(void *, void *, void (*)(void *));

#define TRANSFERS 256
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct { void *handle; uint64_t id; } transfers[TRANSFERS];

static void end_transfer(void *context) {
  vmrepl_hooks->external_end((uint64_t)(uintptr_t)context);
}

static int simulated_add(void *multi, void *easy) {
  char label[512] = "a URLSession transfer";
  char *url = NULL;
  // CURLINFO_EFFECTIVE_URL = CURLINFO_STRING (0x100000) + 1
  if (easy_getinfo && easy_getinfo(easy, 0x100000 + 1, &url) == 0 && url) {
    snprintf(label, sizeof label, "a URLSession transfer of %s", url);
  }
  uint64_t id = vmrepl_hooks->external_begin(label);
  vmrepl_real_mutex_lock(&lock);
  for (int index = 0; index < TRANSFERS; index++) {
    if (!transfers[index].handle) {
      transfers[index].handle = easy;
      transfers[index].id = id;
      id = 0;
      break;
    }
  }
  vmrepl_real_mutex_unlock(&lock);
  if (id) vmrepl_hooks->external_end(id);  // table full: not counted rather than never ended
  return real_add(multi, easy);
}

static int simulated_remove(void *multi, void *easy) {
  int result = real_remove(multi, easy);
  uint64_t id = 0;
  vmrepl_real_mutex_lock(&lock);
  for (int index = 0; index < TRANSFERS; index++) {
    if (transfers[index].handle == easy) {
      id = transfers[index].id;
      transfers[index].handle = NULL;
      break;
    }
  }
  vmrepl_real_mutex_unlock(&lock);
  if (id) {
    void *queue = current_queue ? current_queue() : NULL;
    if (queue && real_async_f) {
      real_async_f(queue, (void *)(uintptr_t)id, end_transfer);
    } else {
      vmrepl_hooks->external_end(id);
    }
  }
  return result;
}

int vmrepl_network_activate(void) {
  real_add = (multi_fn)dlsym(RTLD_DEFAULT, "curl_multi_add_handle");
  real_remove = (multi_fn)dlsym(RTLD_DEFAULT, "curl_multi_remove_handle");
  *(void **)&easy_getinfo = dlsym(RTLD_DEFAULT, "curl_easy_getinfo");
  *(void **)&current_queue = dlsym(RTLD_DEFAULT, "dispatch_get_current_queue");
  *(void **)&real_async_f = dlsym(RTLD_DEFAULT, "dispatch_async_f");
  if (!real_add || !real_remove) return 0;  // FoundationNetworking is not loaded
  static const char *const networking[] = {VMREPL_LIB_FOUNDATION_NETWORKING, NULL};
  static const struct vmrepl_redirect handles[] = {
    {"curl_multi_add_handle", (void *)simulated_add},
    {"curl_multi_remove_handle", (void *)simulated_remove},
    {NULL, NULL},
  };
  int patched = vmrepl_patch_each(handles, networking);
  return patched > 0 ? VMREPL_NETWORK : 0;
}

#endif  // VMREPL_HAS_BACKEND
