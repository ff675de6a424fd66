// The work tag a thread carries: the step whose work it is doing. A block running outside the
// simulation (a URLSession hop, a main-queue block, a request) and a simulated thread both set
// it, so that what they hand on is still the work of the step that began it.
#include "core.h"

static __thread void *thread_tag;

void *vmrepl_thread_tag(void) { return thread_tag; }

void *vmrepl_swap_thread_tag(void *tag) {
  void *outer = thread_tag;
  thread_tag = tag;
  return outer;
}
