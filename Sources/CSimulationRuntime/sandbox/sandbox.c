// A storage sandbox for the process: a home folder and a temporary folder of its own.
//
// Foundation on Linux finds the user's folders through HOME, XDG_CONFIG_HOME (UserDefaults'
// property lists), XDG_CACHE_HOME (Caches), XDG_DATA_HOME (Application Support) and TMPDIR, and
// caches some of them at first use. This constructor points them, before any Swift code runs,
// at a folder of this process's own, which the session empties at every `use` and which is
// removed when the process exits: a view-model's UserDefaults and files start empty at every
// `use`, on every run, and never touch the machine's own. The original values stay readable
// as VMREPL_REAL_HOME and VMREPL_REAL_TMPDIR (a replay worker, started by a sandboxed parent,
// makes its own sandbox beside its parent's).
#include "sandbox.h"
#include "../platform/linux/libraries.h"

#if VMREPL_HAS_BACKEND
#define __USE_XOPEN_EXTENDED 1
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <pwd.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

static char root[512];
/// The folders a fresh sandbox has.
static const char *const skeleton[] = {"home", "home/Documents", "home/.config", "home/.cache", "home/.local", "home/.local/share", "tmp", NULL};

#define SKELETON_FOLDERS 7
/// The skeleton's folders' modification times when the sandbox was last made or found empty: a
/// folder whose entries change gets a new one, so equal times mean nothing was written.
static struct timespec made_at[SKELETON_FOLDERS];

/// Watches the skeleton's folders for new, changed and removed entries: with nothing written,
/// starting over costs one `read` that finds no event instead of a `stat` per folder (explore
/// starts a session per schedule). -1 when inotify is not available: the times tell then, and
/// -1 for a sandbox in memory until its sizes have told RESETS_BEFORE_WATCHES resets.
static int watcher = -1;

/// Whether a skeleton folder's size counts its entries, as tmpfs's does (a fixed amount each):
/// then the folders hold only the skeleton exactly when each has the size it was made with, and
/// seven `stat`s tell whether a reset has anything to remove. On tmpfs that replaces the watches,
/// which cost a process about 8 ms of waiting as it ends (the kernel lets go of the watches of
/// tmpfs folders only after a grace period), more than `echo models | vmrepl` takes otherwise;
/// a process that starts over many times gets them after all (RESETS_BEFORE_WATCHES).
static int sizes_exact;
/// The skeleton's folders' sizes when the sandbox was last made or emptied.
static off_t made_sizes[SKELETON_FOLDERS];

/// How many resets a sandbox in memory is told by its sizes before watches take over. A process
/// that starts over this often runs many sessions (an explore or replay worker, a session per
/// schedule or scenario): a reset then costs one `read` instead of seven `stat`s (a tenth of a
/// schedule of `cart/lost-update`), and the watches' cost at exit is paid once for all of them.
/// A process that runs a scenario or two (`use` and the session's end each reset) never pays it.
#define RESETS_BEFORE_WATCHES 16
static int resets_by_size;

/// Watches the folders as they are now (a reset makes them anew, which ends the old watches).
static void watch_skeleton(void) {
  if (watcher < 0) watcher = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (watcher < 0) return;
  for (int index = 0; skeleton[index]; index++) {
    char path[700];
    snprintf(path, sizeof path, "%s/%s", root, skeleton[index]);
    if (inotify_add_watch(watcher, path, IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE) < 0) {
      close(watcher);
      watcher = -1;
      return;
    }
  }
}

/// Whether the watches saw anything since they were last asked (1), nothing (0), or cannot tell (-1).
static int watched_change(void) {
  if (watcher < 0) return -1;
  char events[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
  int changed = 0;
  for (;;) {
    ssize_t count = read(watcher, events, sizeof events);
    if (count > 0) {
      changed = 1;
      continue;
    }
    if (count < 0 && errno == EINTR) continue;
    if (count < 0 && errno == EAGAIN) return changed;
    return -1;
  }
}

/// Each skeleton folder's modification time or size (whichever is asked for); 0 if one is missing.
static int note_folders(struct timespec *times, off_t *sizes) {
  for (int index = 0; skeleton[index]; index++) {
    char path[700];
    snprintf(path, sizeof path, "%s/%s", root, skeleton[index]);
    struct stat status;
    if (stat(path, &status) != 0) return 0;
    if (times) times[index] = status.st_mtim;
    if (sizes) sizes[index] = status.st_size;
  }
  return 1;
}

static int note_times(struct timespec *times) { return note_folders(times, NULL); }
static int note_sizes(off_t *sizes) { return note_folders(NULL, sizes); }

/// Whether the `tmp` folder's size moves with an entry and back without it: a file is made there
/// and removed again to see.
static int probe_sizes(void) {
  char folder[700], probe[760];
  snprintf(folder, sizeof folder, "%s/tmp", root);
  snprintf(probe, sizeof probe, "%s/.vmrepl-probe", folder);
  struct stat before, with, after;
  if (stat(folder, &before) != 0) return 0;
  int fd = open(probe, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0) return 0;
  close(fd);
  int made = stat(folder, &with) == 0;
  int removed = unlink(probe) == 0;
  return made && removed && stat(folder, &after) == 0 && with.st_size > before.st_size && after.st_size == before.st_size;
}


static int remove_entry(const char *path, const struct stat *status, int flag, struct FTW *walk) {
  (void)status;
  (void)flag;
  (void)walk;
  return remove(path);
}

/// Removes what a session left, keeping the skeleton's folders: a session that wrote a little
/// (URLSession makes its cache's folders in every session) costs removing that little, not
/// making the whole skeleton again.
static int remove_unless_skeleton(const char *path, const struct stat *status, int flag, struct FTW *walk) {
  size_t length = strlen(root);
  if (flag == FTW_DP && strncmp(path, root, length) == 0 && path[length] == '/') {
    for (const char *const *folder = skeleton; *folder; folder++)
      if (strcmp(path + length + 1, *folder) == 0) return 0;
  }
  return remove_entry(path, status, flag, walk);
}

static void remove_sandbox(void) {
  if (root[0] && getpid() == (pid_t)atoll(strrchr(root, '-') + 1)) nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void make(const char *relative) {
  char path[700];
  snprintf(path, sizeof path, "%s/%s", root, relative);
  mkdir(path, 0700);
}

/// Sandboxes of processes that are gone (ended by a signal, before their `atexit`).
static void remove_stale(const char *base) {
  DIR *folder = opendir(base);
  if (!folder) return;
  struct dirent *entry;
  const char *prefix = "vmrepl-sandbox-";
  while ((entry = readdir(folder))) {
    if (strncmp(entry->d_name, prefix, strlen(prefix)) != 0) continue;
    long pid = atol(entry->d_name + strlen(prefix));
    if (pid <= 0 || kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
    char path[700];
    snprintf(path, sizeof path, "%s/%s", base, entry->d_name);
    nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  }
  closedir(folder);
}

/// The folder in memory the sandbox goes in when the machine has one with room to spare, NULL
/// otherwise. Explore starts a session per schedule, and a session empties the sandbox: on a
/// disk that is a journal entry per folder made or removed (URLSession makes its cache's folders
/// in every session) and, where the disk discards freed blocks, a wait for the device; in memory
/// it is a few system calls. What a scenario sees is the same (its paths print as `/sandbox`).
/// The room asked for keeps a scenario's large files from meeting a full folder they would not
/// meet on a disk: a small /dev/shm (a container's 64 MiB) is passed over.
static const char *memory_base(void) {
  static const char *const candidate = "/dev/shm";
  const char *on_disk = getenv("VMREPL_SANDBOX_ON_DISK");
  if (on_disk && on_disk[0] && strcmp(on_disk, "0") != 0) return NULL;
  struct statvfs space;
  if (access(candidate, W_OK | X_OK) != 0 || statvfs(candidate, &space) != 0) return NULL;
  unsigned long long room = (unsigned long long)space.f_bavail * space.f_frsize;
  return room >= (1ULL << 30) ? candidate : NULL;
}

__attribute__((constructor)) static void vmrepl_make_sandbox(void) {
  if (getenv("VMREPL_NO_SANDBOX")) return;
  const char *real_home = getenv("VMREPL_REAL_HOME");
  const char *real_tmp = getenv("VMREPL_REAL_TMPDIR");
  if (!real_home) {
    real_home = getenv("HOME");
    setenv("VMREPL_REAL_HOME", real_home ? real_home : "", 1);
  }
  if (!real_tmp) {
    real_tmp = getenv("TMPDIR");
    setenv("VMREPL_REAL_TMPDIR", real_tmp ? real_tmp : "", 1);
  }
  const char *disk = getenv("VMREPL_REAL_TMPDIR");
  if (!disk || !disk[0]) disk = "/tmp";
  // In memory when there is room; on disk when not, or when the folder cannot be made there
  // (another user's stale sandbox of the same process number).
  const char *bases[] = {memory_base(), disk};
  root[0] = 0;
  int in_memory = 0;
  for (int index = 0; index < 2 && !root[0]; index++) {
    in_memory = index == 0;
    if (!bases[index]) continue;
    char clean[400];
    snprintf(clean, sizeof clean, "%s", bases[index]);
    size_t length = strlen(clean);
    while (length > 1 && clean[length - 1] == '/') clean[--length] = 0;
    remove_stale(clean);
    snprintf(root, sizeof root, "%s/vmrepl-sandbox-%ld", clean, (long)getpid());
    if (mkdir(root, 0700) != 0) root[0] = 0;
  }
  if (!root[0]) return;
  for (const char *const *folder = skeleton; *folder; folder++) make(*folder);
  note_times(made_at);
  sizes_exact = in_memory && probe_sizes() && note_sizes(made_sizes);
  if (!sizes_exact) watch_skeleton();
  char path[700];
  snprintf(path, sizeof path, "%s/home", root);
  setenv("HOME", path, 1);
  setenv("CFFIXED_USER_HOME", path, 1);
  snprintf(path, sizeof path, "%s/home/.config", root);
  setenv("XDG_CONFIG_HOME", path, 1);
  snprintf(path, sizeof path, "%s/home/.cache", root);
  setenv("XDG_CACHE_HOME", path, 1);
  snprintf(path, sizeof path, "%s/home/.local/share", root);
  setenv("XDG_DATA_HOME", path, 1);
  snprintf(path, sizeof path, "%s/tmp/", root);
  setenv("TMPDIR", path, 1);
  atexit(remove_sandbox);
}

const char *vmrepl_sandbox_root(void) { return root; }

// CoreFoundation takes the home folder from the password database before HOME (and keeps its
// own copy of the environment from before this constructor ran): the sandbox's home is what
// Foundation's look-ups of the user's entry say.
static char sandbox_home[600];
static struct passwd *(*real_getpwuid)(uid_t);
static int (*real_getpwuid_r)(uid_t, struct passwd *, char *, size_t, struct passwd **);

static struct passwd *sandboxed_getpwuid(uid_t uid) {
  struct passwd *entry = real_getpwuid(uid);
  if (entry && sandbox_home[0] && uid == getuid()) entry->pw_dir = sandbox_home;
  return entry;
}

static int sandboxed_getpwuid_r(uid_t uid, struct passwd *entry, char *buffer, size_t size, struct passwd **result) {
  int status = real_getpwuid_r(uid, entry, buffer, size, result);
  if (status == 0 && result && *result && sandbox_home[0] && uid == getuid()) (*result)->pw_dir = sandbox_home;
  return status;
}

// CoreFoundation's own XDG look-ups (where UserDefaults keeps its property lists) read its copy
// of the environment, taken before this file's constructor ran: they answer with the sandbox.
static const void *(*create_string)(const void *, const char *, unsigned int);

static const void *sandbox_string(const char *relative) {
  char path[700];
  snprintf(path, sizeof path, "%s/%s", root, relative);
  return create_string(NULL, path, 0x08000100 /* kCFStringEncodingUTF8 */);
}

static const void *sandboxed_config_home(void) { return sandbox_string("home/.config"); }
static const void *sandboxed_data_home(void) { return sandbox_string("home/.local/share"); }
static const void *sandboxed_cache_home(void) { return sandbox_string("home/.cache"); }

// SQLite makes every transaction durable with fdatasync (fsync for its journal's folder): the
// disk's flush, most of the time an app's database write takes here. A database in the sandbox
// (the scratch folder's too) is thrown away with the process and no scenario can cut the power:
// durability means nothing for it, and what the app reads back is the same either way. So a
// sync of a file in the sandbox is skipped; any other file (a database a scenario names outside
// it) is synced as asked.
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);

/// Whether descriptor `fd` is a file or folder inside the sandbox.
static int in_sandbox(int fd) {
  char link[64], path[700];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t length = readlink(link, path, sizeof path - 1);
  if (length <= 0) return 0;
  path[length] = 0;
  size_t prefix = strlen(root);
  return strncmp(path, root, prefix) == 0 && (path[prefix] == '/' || path[prefix] == 0);
}

static int sandboxed_fsync(int fd) { return in_sandbox(fd) ? 0 : real_fsync(fd); }
static int sandboxed_fdatasync(int fd) { return in_sandbox(fd) ? 0 : real_fdatasync(fd); }

int vmrepl_sandbox_activate(void) {
  if (!root[0]) return 0;
  *(void **)&real_fsync = dlsym(RTLD_DEFAULT, "fsync");
  *(void **)&real_fdatasync = dlsym(RTLD_DEFAULT, "fdatasync");
  if (real_fsync && real_fdatasync) {
    static const char *const sqlite[] = {VMREPL_LIB_SQLITE, NULL};
    static const struct vmrepl_redirect syncs[] = {
      {"fsync", (void *)sandboxed_fsync},
      {"fdatasync", (void *)sandboxed_fdatasync},
      {NULL, NULL},
    };
    vmrepl_patch_each(syncs, sqlite);
  }
  snprintf(sandbox_home, sizeof sandbox_home, "%s/home", root);
  *(void **)&create_string = dlsym(RTLD_DEFAULT, "CFStringCreateWithCString");
  if (create_string) {
    static const char *const core[] = {VMREPL_LIB_FOUNDATION, NULL};
    static const struct vmrepl_redirect homes[] = {
      {"_CFXDGCreateConfigHomePath", (void *)sandboxed_config_home},
      {"_CFXDGCreateDataHomePath", (void *)sandboxed_data_home},
      {"_CFXDGCreateCacheDirectoryPath", (void *)sandboxed_cache_home},
      {NULL, NULL},
    };
    int slots[3];
    vmrepl_patch_batch(homes, core, NULL, 1, slots);
  }
  *(void **)&real_getpwuid = dlsym(RTLD_DEFAULT, "getpwuid");
  *(void **)&real_getpwuid_r = dlsym(RTLD_DEFAULT, "getpwuid_r");
  if (!real_getpwuid || !real_getpwuid_r) return 0;
  static const char *const foundation[] = {VMREPL_LIB_FOUNDATION, VMREPL_LIB_FOUNDATION_ESSENTIALS, VMREPL_LIB_FOUNDATION_NETWORKING, NULL};
  static const struct vmrepl_redirect users[] = {
    {"getpwuid", (void *)sandboxed_getpwuid},
    {"getpwuid_r", (void *)sandboxed_getpwuid_r},
    {NULL, NULL},
  };
  return vmrepl_patch_each(users, foundation);
}

/// Removes what sessions wrote, keeping the skeleton's folders, and notes the folders as they
/// are then (watched again, when watches tell).
static void empty_sandbox(void) {
  char path[700];
  snprintf(path, sizeof path, "%s/home", root);
  nftw(path, remove_unless_skeleton, 16, FTW_DEPTH | FTW_PHYS);
  snprintf(path, sizeof path, "%s/tmp", root);
  nftw(path, remove_unless_skeleton, 16, FTW_DEPTH | FTW_PHYS);
  // A session may have removed a skeleton folder itself.
  for (const char *const *folder = skeleton; *folder; folder++) make(*folder);
  if (sizes_exact) {
    note_sizes(made_sizes);
    return;
  }
  note_times(made_at);
  // The removals' own events go; a folder made again is watched again.
  if (watched_change() >= 0) watch_skeleton();
}

/// Whether a session may have written to the sandbox since it was last emptied.
static int maybe_written(void) {
  if (sizes_exact) {
    off_t sizes[SKELETON_FOLDERS];
    return !note_sizes(sizes) || memcmp(sizes, made_sizes, sizeof sizes) != 0;
  }
  int changed = watched_change();
  if (changed >= 0) return changed;
  struct timespec now[SKELETON_FOLDERS];
  return !note_times(now) || memcmp(now, made_at, sizeof now) != 0;
}

int vmrepl_sandbox_reset(void) {
  if (!root[0]) return 0;
  vmrepl_flush_preferences();
  // Most sessions write nothing (explore and undo start a session per run): then a look at the
  // folders' sizes (in memory), at the watches, or else at the folders' times, is all it costs.
  int written = maybe_written();
  if (written) empty_sandbox();
  if (sizes_exact && ++resets_by_size == RESETS_BEFORE_WATCHES) {
    // From here on the watches tell, starting from the folders as they are now (just emptied).
    watch_skeleton();
    if (watcher >= 0) {
      sizes_exact = 0;
      note_times(made_at);
    }
  }
  return written;
}

void vmrepl_flush_preferences(void) {
  // CoreFoundation keeps every preferences domain (UserDefaults.standard, each suite) in memory;
  // flushing writes what changed to its property list and forgets the domain, so the files are
  // then all there is.
  // Looked up once: Foundation stays loaded once it is.
  static void (*flush)(void);
  if (!flush) *(void **)&flush = dlsym(RTLD_DEFAULT, "CFPreferencesFlushCaches");
  if (flush) flush();
}

#endif  // VMREPL_HAS_BACKEND
