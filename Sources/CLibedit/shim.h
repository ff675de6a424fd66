// Non-variadic wrappers over libedit's el_set, el_get and history, which Swift cannot call.
#ifndef VMREPL_LIBEDIT_SHIM_H
#define VMREPL_LIBEDIT_SHIM_H

#include <histedit.h>
#include <stdio.h>

typedef char *(*vmrepl_prompt_function)(EditLine *);
typedef unsigned char (*vmrepl_editor_function)(EditLine *, int);

static inline int vmrepl_el_set_prompt(EditLine *el, vmrepl_prompt_function prompt) {
  return el_set(el, EL_PROMPT, prompt);
}
static inline int vmrepl_el_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}
static inline int vmrepl_el_set_history(EditLine *el, History *history_) {
  return el_set(el, EL_HIST, history, history_);
}
static inline int vmrepl_el_set_signal(EditLine *el, int handle) {
  return el_set(el, EL_SIGNAL, handle);
}
static inline int vmrepl_el_add_function(EditLine *el, const char *name, const char *help,
                                         vmrepl_editor_function function) {
  return el_set(el, EL_ADDFN, name, help, function);
}
static inline int vmrepl_el_bind(EditLine *el, const char *key, const char *function) {
  return el_set(el, EL_BIND, key, function, NULL);
}
static inline int vmrepl_history_set_size(History *history_, HistEvent *event, int size) {
  return history(history_, event, H_SETSIZE, size);
}
static inline int vmrepl_history_set_unique(History *history_, HistEvent *event, int unique) {
  return history(history_, event, H_SETUNIQUE, unique);
}
static inline int vmrepl_history_enter(History *history_, HistEvent *event, const char *line) {
  return history(history_, event, H_ENTER, line);
}
static inline int vmrepl_history_load(History *history_, HistEvent *event, const char *file) {
  return history(history_, event, H_LOAD, file);
}
static inline int vmrepl_history_save(History *history_, HistEvent *event, const char *file) {
  return history(history_, event, H_SAVE, file);
}

#endif
