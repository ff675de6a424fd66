// Finds the compile unit that defines a function through the name index DWARF 5 writes
// (`.debug_names`, DWARF 5 section 6.1.1), so that naming the code at an address reads one unit
// of the debug information. Without it, finding the unit meant indexing every unit's address
// ranges first: 24 ms of an 80 ms `vmrepl run` whose transcript names code by its source line,
// in a program of 1,145 units with 5 MB of ranges.
//
// The linker concatenates the objects' indexes (one per object file, each with its own hash
// table), so a lookup hashes the name once and asks each index in turn. Only what the lookup
// needs is read: the headers once, then a bucket and its hashes per index, and a string and an
// entry where a hash matches.
#include "debug_names.h"
#include "../platform.h"
#include "loaded_objects.h"

#if defined(VMREPL_BACKEND_LINUX)
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
  tag_subprogram = 0x2e,
  index_compile_unit = 1,
  form_data1 = 0x0b, form_data2 = 0x05, form_data4 = 0x06, form_data8 = 0x07,
  form_sdata = 0x0d, form_udata = 0x0f,
  form_ref1 = 0x11, form_ref2 = 0x12, form_ref4 = 0x13, form_ref8 = 0x14, form_ref_udata = 0x15,
  form_flag_present = 0x19, form_ref_sig8 = 0x20,
};

/// One object file's index inside the section: where its tables start and how long they are.
struct name_index {
  const unsigned char *units;    // compile unit offsets, 4 bytes each
  const unsigned char *buckets;  // 4 bytes each: a name's number (from 1), 0 for none
  const unsigned char *hashes;   // 4 bytes per name
  const unsigned char *strings;  // 4 bytes per name: an offset in .debug_str
  const unsigned char *entries;  // 4 bytes per name: an offset in the entry pool
  const unsigned char *abbreviations, *abbreviations_end;
  const unsigned char *pool, *end;
  uint32_t unit_count, bucket_count, name_count;
};

/// The indexes of one loaded object's file, read on its first lookup; kept for the process's life.
struct names_file {
  uintptr_t base;
  const char *strings;  // .debug_str
  size_t strings_size;
  struct name_index *indexes;
  size_t count;
  struct names_file *next;
};

static struct names_file *files;

static uint32_t read32(const unsigned char *at) {
  uint32_t value;
  memcpy(&value, at, sizeof value);
  return value;
}

/// An unsigned LEB128 number at `*at`, which moves past it; 0 with `*at` NULL when it runs past `end`.
static uint64_t leb(const unsigned char **at, const unsigned char *end) {
  uint64_t value = 0;
  for (unsigned shift = 0; *at && *at < end && shift < 64; shift += 7) {
    unsigned char byte = *(*at)++;
    value |= (uint64_t)(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return value;
  }
  *at = NULL;
  return 0;
}

/// The headers of every index in `section`; an index of a kind this does not read (64-bit
/// DWARF, another version, tables that overrun it) is left out, so its names are not found.
static void read_indexes(struct names_file *file, const unsigned char *section, size_t size) {
  const unsigned char *at = section, *end = section + size;
  size_t capacity = 0;
  while (end - at >= 4) {
    uint32_t length = read32(at);
    if (length >= 0xfffffff0u) break;  // 64-bit DWARF (or reserved): its length is not read here
    const unsigned char *unit_end = at + 4 + (size_t)length;
    if (unit_end > end || length < 32) break;
    const unsigned char *header = at;
    at = unit_end;
    uint16_t version;
    memcpy(&version, header + 4, sizeof version);
    if (version != 5) continue;
    struct name_index index = {0};
    index.unit_count = read32(header + 8);
    uint32_t local_types = read32(header + 12), foreign_types = read32(header + 16);
    index.bucket_count = read32(header + 20);
    index.name_count = read32(header + 24);
    uint32_t abbreviations_size = read32(header + 28), augmentation_size = read32(header + 32);
    // Each table's size, checked against the unit before any pointer is made past it.
    uint64_t offsets[7], sizes[7] = {
      augmentation_size, (uint64_t)index.unit_count * 4, (uint64_t)local_types * 4 + (uint64_t)foreign_types * 8,
      (uint64_t)index.bucket_count * 4, index.bucket_count ? (uint64_t)index.name_count * 4 : 0,
      (uint64_t)index.name_count * 8, abbreviations_size};
    uint64_t offset = 36;
    for (int table = 0; table < 7; table++) {
      offsets[table] = offset;
      offset += sizes[table];
    }
    if (offset > (uint64_t)(unit_end - header) || index.bucket_count == 0) continue;
    index.units = header + offsets[1];
    index.buckets = header + offsets[3];
    index.hashes = header + offsets[4];
    index.strings = header + offsets[5];
    index.entries = index.strings + (size_t)index.name_count * 4;
    index.abbreviations = header + offsets[6];
    index.abbreviations_end = index.pool = header + offset;
    index.end = unit_end;
    if (file->count == capacity) {
      capacity = capacity ? capacity * 2 : 256;
      struct name_index *grown = realloc(file->indexes, capacity * sizeof *grown);
      if (!grown) return;
      file->indexes = grown;
    }
    file->indexes[file->count++] = index;
  }
}

/// Maps `path`, the object's file, and reads its name indexes and where its strings are.
static void open_file(struct names_file *file, const char *path) {
  int descriptor = open(path, O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return;
  struct stat status;
  const unsigned char *bytes = MAP_FAILED;
  if (fstat(descriptor, &status) == 0 && status.st_size >= (off_t)sizeof(ElfW(Ehdr)))
    bytes = mmap(NULL, (size_t)status.st_size, PROT_READ, MAP_PRIVATE, descriptor, 0);
  close(descriptor);
  if (bytes == MAP_FAILED) return;
  size_t size = (size_t)status.st_size;
  const ElfW(Ehdr) *header = (const ElfW(Ehdr) *)bytes;
  int usable = memcmp(header->e_ident, ELFMAG, SELFMAG) == 0 && header->e_ident[EI_CLASS] == ELFCLASS64 &&
               header->e_shoff > 0 && header->e_shoff + (uint64_t)header->e_shnum * sizeof(ElfW(Shdr)) <= size &&
               header->e_shstrndx < header->e_shnum;
  const unsigned char *names = NULL;
  size_t names_size = 0;
  if (usable) {
    const ElfW(Shdr) *sections = (const ElfW(Shdr) *)(bytes + header->e_shoff);
    const ElfW(Shdr) *section_names = &sections[header->e_shstrndx];
    if (section_names->sh_offset + section_names->sh_size > size) header = NULL;
    for (int index = 0; header && index < header->e_shnum; index++) {
      const ElfW(Shdr) *section = &sections[index];
      // Compressed sections, or ones the file does not hold, are not read.
      if (section->sh_type != SHT_PROGBITS || (section->sh_flags & SHF_COMPRESSED) ||
          section->sh_offset + section->sh_size > size || section->sh_name >= section_names->sh_size)
        continue;
      const char *name = (const char *)bytes + section_names->sh_offset + section->sh_name;
      if (strcmp(name, ".debug_names") == 0) {
        names = bytes + section->sh_offset;
        names_size = section->sh_size;
      } else if (strcmp(name, ".debug_str") == 0) {
        file->strings = (const char *)bytes + section->sh_offset;
        file->strings_size = section->sh_size;
      }
    }
  }
  if (names && file->strings) {
    read_indexes(file, names, names_size);
  } else {
    // Nothing to look up in: the mapping is not needed.
    munmap((void *)bytes, size);
    file->strings = NULL;
  }
}

static struct names_file *file_of(const void *address) {
  uintptr_t base = 0;
  const char *path = NULL;
  if (!vmrepl_loaded_object(address, &base, &path)) return NULL;
  for (struct names_file *known = files; known; known = known->next)
    if (known->base == base) return known;
  struct names_file *made = calloc(1, sizeof *made);
  if (!made) return NULL;
  made->base = base;
  open_file(made, path);
  made->next = files;
  files = made;
  return made;
}

/// Moves `*at` past a value of `form`; NULL when the form is not one an index uses.
static const unsigned char *skip(const unsigned char *at, uint64_t form, const unsigned char *end, uint64_t *value) {
  size_t width;
  switch (form) {
    case form_flag_present: *value = 1; return at;
    case form_data1: case form_ref1: width = 1; break;
    case form_data2: case form_ref2: width = 2; break;
    case form_data4: case form_ref4: width = 4; break;
    case form_data8: case form_ref8: case form_ref_sig8: width = 8; break;
    case form_udata: case form_ref_udata: case form_sdata: *value = leb(&at, end); return at;
    default: return NULL;
  }
  if ((size_t)(end - at) < width) return NULL;
  *value = 0;
  memcpy(value, at, width);  // little-endian, as the machine
  return at + width;
}

/// The tag of abbreviation `code` and where its attribute list starts, or NULL.
static const unsigned char *abbreviation(const struct name_index *index, uint64_t code, uint64_t *tag) {
  const unsigned char *at = index->abbreviations, *end = index->abbreviations_end;
  while (at) {
    uint64_t found = leb(&at, end);
    if (!at || found == 0) return NULL;
    *tag = leb(&at, end);
    if (found == code) return at;
    while (at) {
      uint64_t attribute = leb(&at, end), form = leb(&at, end);
      if (attribute == 0 && form == 0) break;
    }
  }
  return NULL;
}

/// The unit of the first function among the entries of a name (its entry list at `at`), or -1.
static int64_t function_unit(const struct name_index *index, const unsigned char *at) {
  while (at && at < index->end) {
    uint64_t code = leb(&at, index->end), tag = 0;
    if (!at || code == 0) return -1;
    const unsigned char *attributes = abbreviation(index, code, &tag);
    if (!attributes) return -1;
    // A unit is named only when the index covers more than one.
    uint64_t unit = 0;
    while (attributes) {
      uint64_t attribute = leb(&attributes, index->abbreviations_end), form = leb(&attributes, index->abbreviations_end), value = 0;
      if (!attributes || (attribute == 0 && form == 0)) break;
      at = skip(at, form, index->end, &value);
      if (!at) return -1;
      if (attribute == index_compile_unit) unit = value;
    }
    if (tag == tag_subprogram && unit < index->unit_count) return read32(index->units + unit * 4);
  }
  return -1;
}

/// DWARF 5's hash of a name in an index: Bernstein's, over the name with its letters folded to
/// lower case (names here are ASCII: mangled names are).
static uint32_t name_hash(const char *name, size_t length) {
  uint32_t hash = 5381;
  for (size_t at = 0; at < length; at++) {
    unsigned char byte = (unsigned char)name[at];
    hash = hash * 33 + (byte >= 'A' && byte <= 'Z' ? byte + 32 : byte);
  }
  return hash;
}

int64_t vmrepl_debug_names_unit(const void *address, const char *name, size_t length) {
  if (!name || length == 0) return -1;
  for (size_t at = 0; at < length; at++) {
    // Another script's letters fold by Unicode's rules, which this does not apply.
    if ((unsigned char)name[at] >= 0x80 || name[at] == 0) return -1;
  }
  struct names_file *file = file_of(address);
  if (!file || !file->strings) return -1;
  uint32_t hash = name_hash(name, length);
  for (size_t which = 0; which < file->count; which++) {
    const struct name_index *index = &file->indexes[which];
    uint32_t bucket = hash % index->bucket_count;
    // A bucket's names are consecutive: from the one it names while their hashes fall in it.
    for (uint32_t number = read32(index->buckets + (size_t)bucket * 4); number > 0 && number <= index->name_count; number++) {
      uint32_t found = read32(index->hashes + (size_t)(number - 1) * 4);
      if (found % index->bucket_count != bucket) break;
      if (found != hash) continue;
      uint32_t string = read32(index->strings + (size_t)(number - 1) * 4);
      if (string >= file->strings_size || file->strings_size - string <= length ||
          memcmp(file->strings + string, name, length) != 0 || file->strings[string + length] != 0)
        continue;
      uint32_t entry = read32(index->entries + (size_t)(number - 1) * 4);
      if (entry >= (size_t)(index->end - index->pool)) continue;
      int64_t unit = function_unit(index, index->pool + entry);
      if (unit >= 0) return unit;
    }
  }
  return -1;
}

#endif  // VMREPL_BACKEND_LINUX
