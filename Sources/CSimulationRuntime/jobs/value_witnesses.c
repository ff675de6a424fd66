// An enum value's case and payload, through its type's value witnesses.
//
// Reading a `@Published` property's value means reading the enum OpenCombine stores it in; a
// mirror resolves the payload's type from its mangled name at every reading, most of what
// reading a view-model of published properties costs. The value witness table (the word before
// the type's metadata) copies the value, tells its case and takes the payload out in place, as
// the runtime's own code does. Its layout is the Swift ABI's (ValueWitnessTable, then
// EnumValueWitnessTable), and value witnesses use the Swift calling convention.
#include "../include/CSimulationRuntime.h"

#include <stdint.h>

typedef void *(__attribute__((swiftcall)) *initialize_with_copy_fn)(void *dest, const void *source, const void *self);
typedef unsigned (__attribute__((swiftcall)) *get_enum_tag_fn)(const void *value, const void *self);
typedef void (__attribute__((swiftcall)) *project_enum_data_fn)(void *value, const void *self);

/// The value witness table's words: eight functions, size, stride, flags and extra
/// inhabitants, then the enum witnesses.
enum {
  WITNESS_INITIALIZE_WITH_COPY = 2,
  WITNESS_SIZE = 8,
  WITNESS_FLAGS = 10,
  WITNESS_GET_ENUM_TAG = 11,
  WITNESS_PROJECT_ENUM_DATA = 12,
};

/// The metadata kind of an enum (not an optional, whose witnesses are the same but whose cases
/// a mirror names otherwise).
#define METADATA_KIND_ENUM 0x201
/// The flag that says a value witness table has the enum witnesses.
#define FLAG_HAS_ENUM_WITNESSES 0x00200000u

long vmrepl_enum_size(const void *metadata) {
  if (!metadata || *(const uintptr_t *)metadata != METADATA_KIND_ENUM) return -1;
  void *const *witnesses = ((void *const *const *)metadata)[-1];
  uint32_t flags = (uint32_t)(uintptr_t)witnesses[WITNESS_FLAGS];
  if (!(flags & FLAG_HAS_ENUM_WITNESSES)) return -1;
  return (long)(uintptr_t)witnesses[WITNESS_SIZE];
}

long vmrepl_enum_copy_case(const void *value, const void *metadata, void *copy) {
  if (vmrepl_enum_size(metadata) < 0) return -1;
  void *const *witnesses = ((void *const *const *)metadata)[-1];
  ((initialize_with_copy_fn)witnesses[WITNESS_INITIALIZE_WITH_COPY])(copy, value, metadata);
  unsigned tag = ((get_enum_tag_fn)witnesses[WITNESS_GET_ENUM_TAG])(copy, metadata);
  ((project_enum_data_fn)witnesses[WITNESS_PROJECT_ENUM_DATA])(copy, metadata);
  return (long)tag;
}
