// Timers the program arms outside Swift concurrency (dispatch_sources.c, runloop.c): Dispatch
// timer sources and Foundation run loop timers fire on virtual time.
#ifndef VMREPL_SOURCES_H
#define VMREPL_SOURCES_H

#include "../dispatch/dispatch.h"

int vmrepl_sources_activate(void);
int vmrepl_runloop_activate(void);

#endif
