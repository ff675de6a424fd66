// The state every part of the runtime reads: which thread drives, the virtual time, the Swift
// side's hooks, and where the calling thread stands. Defined once here, on every platform.
#include "core.h"

_Atomic unsigned long vmrepl_driver;
_Atomic int64_t vmrepl_virtual_now;
const vmrepl_callbacks *vmrepl_hooks;

__thread struct simthread *vmrepl_current_simthread;
/// The driving thread's job depth: blocking calls are simulated only inside a job, so the
/// simulation's own waits between jobs stay real.
_Atomic int vmrepl_driver_in_job;
