#ifndef VMREPL_CFUZZERDRIVER_H
#define VMREPL_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for a program with a main of its own: parses libFuzzer's flags from
/// `argv` and calls `callback` with each input. Only `vmrepl-fuzz` built by `scripts/fuzz`
/// (`-sanitize=fuzzer`) links it; other builds never refer to it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
