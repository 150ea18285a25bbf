// GNU readline for Swift: the line editor of the LineEditingReadline trait,
// the default. readline's configuration lives in mutable C globals, which
// Swift 6 refuses to touch directly; the static inline helpers below are
// the only way DocShell reads or sets them. CLibedit's shim has the same
// helpers, for libedit, so that DocShell has one Swift code path.
#ifndef DOCREPL_CREADLINE_SHIM_H
#define DOCREPL_CREADLINE_SHIM_H

#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

/// The line editor's name, for `--version`.
static inline const char *docrepl_line_editor_name(void) { return "GNU readline"; }

/// The version string of the linked readline library, such as "8.2".
static inline const char *docrepl_line_editor_version(void) { return rl_library_version; }

/// Sets the name readline uses for conditional parsing of ~/.inputrc.
static inline void docrepl_readline_set_name(const char *name) {
  rl_readline_name = name;
}

// MARK: - The input loop (Sources/DocShell/Prompt/ReadlineSource.swift). The
// signal handler and its state are not here but in CDocShellSignals: a
// `static` variable in this header would exist once per LLVM module that
// uses it, so the handler and the loop could see different copies. The
// helpers here keep no state of their own.

/// Turns readline's own signal handlers off: the loop handles SIGINT and
/// SIGWINCH itself, around readline's callback interface.
static inline void docrepl_readline_disable_signal_handlers(void) {
  rl_catch_signals = 0;
  rl_catch_sigwinch = 0;
}

/// Forgets an end of input readline saw at an earlier prompt. Readline
/// 8.1 and later set rl_eof_found at Ctrl-D and do not clear it when a new
/// callback handler is installed; while it is set, resetting a terminal
/// with bracketed paste on writes an extra line break after every line.
static inline void docrepl_readline_forget_eof(void) {
#if RL_READLINE_VERSION >= 0x0801
  rl_eof_found = 0;
#endif
}

/// Whether readline itself ends the line at Ctrl-D: readline 8.1 and later
/// do when bracketed paste is on (its reset sequence ends in a carriage
/// return, so it then starts a new line). Readline turns bracketed paste
/// off for terminals that cannot do it, such as TERM=dumb.
static inline int docrepl_readline_ends_line_at_eof(void) {
#if RL_READLINE_VERSION >= 0x0801
  const char *value = rl_variable_value("enable-bracketed-paste");
  return value != NULL && value[0] == 'o' && value[1] == 'n' && value[2] == '\0';
#else
  return 0;
#endif
}

/// Empties readline's line buffer, for a prompt that starts afresh after
/// Ctrl-C.
static inline void docrepl_readline_clear_line(void) {
  rl_replace_line("", 0);
  rl_point = 0;
  rl_mark = 0;
}

/// Drops the line being typed and gives the terminal back as readline
/// found it, after Ctrl-C or SIGTERM at the prompt.
static inline void docrepl_readline_abandon_line(void) {
  rl_free_line_state();
  rl_callback_sigcleanup();
  rl_callback_handler_remove();
}

/// Prints `text` (whole lines) above the line being typed, which is then
/// drawn again below it as it was, the cursor where it was: for what the
/// prompt reports while it waits (a file changed on disk). The visible
/// line is cleared first, so the text takes its place on the screen.
static inline void docrepl_readline_print_above(const char *text) {
  rl_clear_visible_line();
  fputs(text, stdout);
  fflush(stdout);
  rl_forced_update_display();
}

/// Shows `prompt` and makes `handler` receive the line, through the
/// callback interface (which runs the startup hook).
static inline void docrepl_readline_install_handler(const char *prompt, rl_vcpfunc_t *handler) {
  rl_callback_handler_install(prompt, handler);
}

/// One line read with `readline`, under a name that DocShell's own
/// `readline(prompt:initialText:)` does not shadow.
static inline char *docrepl_readline(const char *prompt) { return readline(prompt); }

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

/// Whether readline sorts the matches it lists (it does by default); off
/// for matches in a document's order, such as JSON keys.
static inline void docrepl_completion_set_sorted(int sorted) {
  rl_sort_completion_matches = sorted;
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
