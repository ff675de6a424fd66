// Storage in a folder of the process's own (sandbox.c): HOME, TMPDIR and UserDefaults.
#ifndef VMREPL_SANDBOX_H
#define VMREPL_SANDBOX_H

#include "../platform/platform.h"

int vmrepl_sandbox_activate(void);

#endif
