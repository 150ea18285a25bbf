// GNU readline for Swift. readline's configuration lives in mutable C
// globals, which Swift 6 refuses to touch directly; the static inline
// helpers below are the only way DocShell reads or sets them.
#ifndef DOCREPL_CREADLINE_SHIM_H
#define DOCREPL_CREADLINE_SHIM_H

#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

/// The version string of the linked readline library, such as "8.2".
static inline const char *docrepl_readline_library_version(void) {
  return rl_library_version;
}

/// Sets the name readline uses for conditional parsing of ~/.inputrc.
static inline void docrepl_readline_set_name(const char *name) {
  rl_readline_name = name;
}

#endif
