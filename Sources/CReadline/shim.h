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

// MARK: - The input loop: signals and readline's callback interface
// (Sources/DocShell/Interrupts.swift and ReadlineSource.swift).
//
// The signal state below is `static`: every Swift file that calls these
// helpers gets its own copy of it, so only Interrupts.swift calls the
// docrepl_interrupt_* and docrepl_signal_* helpers.

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/// Set by SIGINT; cleared by the loop once it has acted on it.
static volatile sig_atomic_t docrepl_interrupt_flag = 0;
/// The self-pipe: the handler writes the signal's number to [1], and the
/// loop polls [0] beside standard input.
static int docrepl_signal_pipe[2] = {-1, -1};

/// The only code that runs in signal context: an atomic store and a
/// write(2), both async-signal-safe.
static void docrepl_signal_handler(int signal_number) {
  int saved_errno = errno;
  if (signal_number == SIGINT) docrepl_interrupt_flag = 1;
  if (docrepl_signal_pipe[1] >= 0) {
    unsigned char byte = (unsigned char)signal_number;
    (void)!write(docrepl_signal_pipe[1], &byte, 1);
  }
  errno = saved_errno;
}

/// Creates the self-pipe and handles SIGINT and SIGWINCH, without
/// SA_RESTART so that a blocking read returns EINTR. Returns the pipe's
/// read end, or -1 with errno set.
static inline int docrepl_signal_install(void) {
  if (docrepl_signal_pipe[0] < 0) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
      fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
      fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    docrepl_signal_pipe[0] = fds[0];
    docrepl_signal_pipe[1] = fds[1];
  }
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = docrepl_signal_handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  if (sigaction(SIGINT, &action, NULL) != 0) return -1;
  if (sigaction(SIGWINCH, &action, NULL) != 0) return -1;
  // A parent may have started us with them blocked (Foundation's Process
  // does): a blocked SIGINT would never reach the handler.
  sigset_t handled;
  sigemptyset(&handled);
  sigaddset(&handled, SIGINT);
  sigaddset(&handled, SIGWINCH);
  if (sigprocmask(SIG_UNBLOCK, &handled, NULL) != 0) return -1;
  return docrepl_signal_pipe[0];
}

/// Reads one signal number from the self-pipe; 0 when it is empty.
static inline int docrepl_signal_next(void) {
  unsigned char byte;
  if (docrepl_signal_pipe[0] < 0) return 0;
  return read(docrepl_signal_pipe[0], &byte, 1) == 1 ? byte : 0;
}

/// Whether SIGINT arrived since the flag was last cleared.
static inline int docrepl_interrupt_pending(void) { return docrepl_interrupt_flag != 0; }

/// Clears the SIGINT flag.
static inline void docrepl_interrupt_clear(void) { docrepl_interrupt_flag = 0; }

/// Turns readline's own signal handlers off: the loop handles SIGINT and
/// SIGWINCH itself, around readline's callback interface.
static inline void docrepl_readline_disable_signal_handlers(void) {
  rl_catch_signals = 0;
  rl_catch_sigwinch = 0;
}

/// Empties readline's line buffer, for a prompt that starts afresh after
/// Ctrl-C.
static inline void docrepl_readline_clear_line(void) {
  rl_replace_line("", 0);
  rl_point = 0;
  rl_mark = 0;
}

#endif

// ---- Tab completion and pre-filled lines (DocShell's ReadlineCompletion
// ---- and ReadlineExportPrompt). Kept together so that the loop's own
// ---- helpers above stay separate.
#ifndef DOCREPL_CREADLINE_COMPLETION
#define DOCREPL_CREADLINE_COMPLETION

/// Makes `function` readline's completer, with the word-break and quote
/// characters of the language.
static inline void docrepl_completion_install(
    rl_completion_func_t *function, const char *word_breaks, const char *quotes) {
  rl_attempted_completion_function = function;
  rl_completer_word_break_characters = word_breaks;
  rl_completer_quote_characters = quotes;
}

/// Called at the start of each completion: never fall back to file
/// names, and leave closing quotes and blanks to the completer (readline
/// resets these before each attempt).
static inline void docrepl_completion_take_over(void) {
  rl_attempted_completion_over = 1;
  rl_completion_suppress_append = 1;
  rl_completion_suppress_quote = 1;
}

/// The line being edited, and the cursor's byte offset in it.
static inline const char *docrepl_completion_line_buffer(void) { return rl_line_buffer; }
static inline int docrepl_completion_line_point(void) { return rl_point; }

/// readline's startup hook (run before the first prompt of a readline
/// call), to read and to set.
static inline rl_hook_func_t *docrepl_prefill_startup_hook(void) { return rl_startup_hook; }
static inline void docrepl_prefill_set_startup_hook(rl_hook_func_t *hook) { rl_startup_hook = hook; }

/// Where readline reads and writes; NULL for standard input and output.
static inline void docrepl_completion_set_streams(FILE *input, FILE *output) {
  rl_instream = input;
  rl_outstream = output;
}

#endif
