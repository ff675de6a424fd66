// A line that names the step a view-model crashed in, written when the process gets a fatal
// signal (a Swift trap, an abort, a bad access), before the handler that was there before it
// (Swift's backtracer, or the default action) runs.
//
// `replay` learns the step from markers its workers write before each step; `run` and the REPL
// write no markers, so without this line a trap in a model's `init` shows only Swift's message.
// Only async-signal-safe calls happen in the handler: `write`, `sigaction`, `raise`.
//
// The trail: lines an explore worker would otherwise write at each departure of a schedule from
// first-in-first-out order, kept in memory and written only when the process ends before it
// answers (a fatal signal, `exit`, the watchdog's `_exit` through `vmrepl_crash_trail_flush`).
// Written as they happened, they cost a system call and a wake-up of the reading process each,
// eight per schedule: a fifth of an exploration's time.
#include "../include/CSimulationRuntime.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char note[1024];
static volatile sig_atomic_t note_length;
static const int fatal_signals[] = {SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE};
#define FATAL_SIGNAL_COUNT ((int)(sizeof fatal_signals / sizeof fatal_signals[0]))
static struct sigaction previous[FATAL_SIGNAL_COUNT];
static int installed;

void vmrepl_crash_note_set(const char *text) {
  // Shortened while it is written, so a signal mid-copy writes nothing rather than half a note.
  note_length = 0;
  size_t length = strlen(text);
  if (length > sizeof note) length = sizeof note;
  memcpy(note, text, length);
  note_length = (sig_atomic_t)length;
}

void vmrepl_crash_note_append(const char *text) {
  sig_atomic_t start = note_length;
  size_t length = strlen(text);
  if ((size_t)start + length > sizeof note) length = sizeof note - (size_t)start;
  memcpy(note + start, text, length);
  // Longer only once the text is there, so a signal mid-copy writes the note as it was.
  note_length = (sig_atomic_t)(start + (sig_atomic_t)length);
}

static char trail[16384];
static volatile sig_atomic_t trail_length;
static int trail_at_exit;

static void write_trail(void) {
  sig_atomic_t length = trail_length;
  trail_length = 0;
  if (length > 0) {
    ssize_t written = write(2, trail, (size_t)length);
    (void)written;
  }
}

void vmrepl_crash_trail_clear(void) { trail_length = 0; }

void vmrepl_crash_trail_append(const char *text) {
  if (!trail_at_exit) {
    trail_at_exit = 1;
    atexit(write_trail);
  }
  size_t length = strlen(text);
  // What does not fit is written now, in order: the trail's lines first.
  if ((size_t)trail_length + length > sizeof trail) write_trail();
  if (length > sizeof trail) {
    ssize_t written = write(2, text, length);
    (void)written;
    return;
  }
  memcpy(trail + trail_length, text, length);
  // Longer only once the text is there, so a signal mid-copy writes the lines before it.
  trail_length = (sig_atomic_t)(trail_length + (sig_atomic_t)length);
}

void vmrepl_crash_trail_flush(void) { write_trail(); }

static void on_fatal_signal(int signal, siginfo_t *info, void *context) {
  if (note_length > 0) {
    ssize_t written = write(2, note, (size_t)note_length);
    (void)written;
    note_length = 0;
  }
  write_trail();
  for (int index = 0; index < FATAL_SIGNAL_COUNT; index++) {
    if (fatal_signals[index] != signal) continue;
    struct sigaction *before = &previous[index];
    if ((before->sa_flags & SA_SIGINFO) && before->sa_sigaction) {
      before->sa_sigaction(signal, info, context);
      return;
    }
    if (before->sa_handler != SIG_DFL && before->sa_handler != SIG_IGN) {
      before->sa_handler(signal);
      return;
    }
    // The default action: put it back and let the signal happen again.
    sigaction(signal, before, NULL);
    raise(signal);
    return;
  }
}

void vmrepl_crash_note_install(void) {
  if (installed) return;
  installed = 1;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_fatal_signal;
  action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  for (int index = 0; index < FATAL_SIGNAL_COUNT; index++) {
    sigaction(fatal_signals[index], &action, &previous[index]);
  }
}
