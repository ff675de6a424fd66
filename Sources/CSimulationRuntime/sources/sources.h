// Timers the program arms outside Swift concurrency (dispatch_sources.c, runloop.c): Dispatch
// timer sources and Foundation run loop timers fire on virtual time.
#ifndef VMREPL_SOURCES_H
#define VMREPL_SOURCES_H

#include "../dispatch/dispatch.h"

int vmrepl_sources_activate(void);
int vmrepl_runloop_activate(void);

/// Answers Foundation's `read` of a run loop's timer stand-in made readable in memory: 1 with
/// `*result` set when it did, 0 when the read is the kernel's (runloop.c).
int vmrepl_runloop_read(int fd, void *buffer, size_t size, long *result);

/// Whether Foundation's `read` goes through `vmrepl_runloop_read` (world.c follows it).
extern _Atomic int vmrepl_foundation_reads_followed;

#endif
