// Sleeping on a word until another thread changes it: Linux's futex, private to the process.
#include "../platform.h"

#if defined(VMREPL_BACKEND_LINUX)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

void vmrepl_platform_wait(_Atomic int *word, int expected) {
  syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

void vmrepl_platform_wake_one(_Atomic int *word) {
  syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

#endif
