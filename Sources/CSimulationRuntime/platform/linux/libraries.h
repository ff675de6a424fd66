// The shared objects of a Swift toolchain on Linux, by the names the runtime looks for in loaded
// objects' paths: which library's calls to redirect, and whose code is the toolchain's. The one
// place these names are written.
#ifndef VMREPL_LINUX_LIBRARIES_H
#define VMREPL_LINUX_LIBRARIES_H

#define VMREPL_LIB_SWIFT_CORE "libswiftCore.so"
#define VMREPL_LIB_SWIFT_CONCURRENCY "libswift_Concurrency.so"
#define VMREPL_LIB_SWIFT_DISPATCH "libswiftDispatch.so"
#define VMREPL_LIB_DISPATCH "libdispatch.so"
#define VMREPL_LIB_FOUNDATION "libFoundation.so"
#define VMREPL_LIB_FOUNDATION_ESSENTIALS "libFoundationEssentials.so"
#define VMREPL_LIB_FOUNDATION_INTERNATIONALIZATION "libFoundationInternationalization.so"
#define VMREPL_LIB_FOUNDATION_NETWORKING "libFoundationNetworking.so"
#define VMREPL_LIB_C "libc.so"
/// Not the toolchain's: SQLite as GRDB links it, whose syncs of a sandbox's database are skipped.
#define VMREPL_LIB_SQLITE "libsqlite3.so"
#define VMREPL_LIB_LOADER "ld-linux"
#define VMREPL_LIB_VDSO "linux-vdso"

/// Prefixes that match a family of libraries: all of Foundation's, all of Swift's, Dispatch's.
#define VMREPL_LIBS_FOUNDATION "libFoundation"
#define VMREPL_LIBS_SWIFT "libswift"
#define VMREPL_LIBS_DISPATCH "libdispatch"

/// Where the toolchain keeps its shared libraries.
#define VMREPL_TOOLCHAIN_FOLDER "/lib/swift/linux/"

#endif
