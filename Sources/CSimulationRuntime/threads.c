// Threads the program starts from the driving thread, counted while they live.
//
// vmrepl cannot run another thread's code on virtual time, and a thread may live as long as the
// program (a worker loop), so `await` does not wait for threads; but a deadlock report must not
// claim that nothing can arrive while such a thread is alive: it says so instead.
#include "internal.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

typedef int (*create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
static create_fn real_create;

struct start {
  void *(*routine)(void *);
  void *argument;
};

static _Atomic int alive;

static void end_thread(void *context) {
  atomic_fetch_sub(&alive, 1);
  free(context);
}

int vmrepl_threads_alive(void) { return atomic_load(&alive); }

static void *run_thread(void *context) {
  struct start *start = context;
  void *result = NULL;
  pthread_cleanup_push(end_thread, start);
  result = start->routine(start->argument);
  pthread_cleanup_pop(1);
  return result;
}

static int simulated_create(pthread_t *thread, const pthread_attr_t *attributes, void *(*routine)(void *), void *argument) {
  if (!vmrepl_on_driver()) return real_create(thread, attributes, routine, argument);
  struct start *start = malloc(sizeof(struct start));
  if (!start) return real_create(thread, attributes, routine, argument);
  start->routine = routine;
  start->argument = argument;
  atomic_fetch_add(&alive, 1);
  int result = real_create(thread, attributes, run_thread, start);
  if (result != 0) end_thread(start);
  return result;
}

int vmrepl_threads_activate(void) {
  real_create = (create_fn)dlsym(RTLD_DEFAULT, "pthread_create");
  if (!real_create) return 0;
  static const char *const starters[] = {"libFoundation.so", "<main>", NULL};
  return vmrepl_patch("pthread_create", (void *)simulated_create, starters, NULL) > 0;
}

#else

int vmrepl_threads_activate(void) { return 0; }
int vmrepl_threads_alive(void) { return 0; }

#endif
