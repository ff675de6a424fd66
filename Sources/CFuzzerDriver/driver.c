// The target's header declares libFuzzer's driver; SwiftPM needs a source file to build a C target.
#include "CFuzzerDriver.h"
