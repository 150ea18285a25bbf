// libedit's readline-compatible interface for Swift: the line editor of
// the LineEditingLibedit trait (Debian's libedit-dev). Its helpers have the
// names and meanings of CReadline's (Sources/CReadline/shim.h), so that
// DocShell has one Swift code path; where libedit lacks what GNU readline
// has, the helper says what it does instead.
#ifndef DOCREPL_CLIBEDIT_SHIM_H
#define DOCREPL_CLIBEDIT_SHIM_H

#include <stdio.h>
#include <editline/readline.h>

/// The line editor's name, for `--version`.
static inline const char *docrepl_line_editor_name(void) { return "libedit"; }

/// The line editor's version, or NULL: libedit's rl_library_version is
/// "EditLine wrapper", not a version, so none is given.
static inline const char *docrepl_line_editor_version(void) { return NULL; }

/// Sets the name libedit's readline interface reports as the program's.
static inline void docrepl_readline_set_name(const char *name) {
  rl_readline_name = name;
}

/// Turns libedit's own signal handlers off: the loop handles SIGINT and
/// SIGWINCH itself.
static inline void docrepl_readline_disable_signal_handlers(void) {
  rl_catch_signals = 0;
  rl_catch_sigwinch = 0;
}

/// Nothing to forget: libedit keeps no end-of-input flag across prompts.
static inline void docrepl_readline_forget_eof(void) {}

/// libedit does not end the line itself at Ctrl-D (it has no bracketed
/// paste).
static inline int docrepl_readline_ends_line_at_eof(void) { return 0; }

/// Empties the line buffer, for a prompt that starts afresh after Ctrl-C
/// (libedit has no mark).
static inline void docrepl_readline_clear_line(void) {
  rl_replace_line("", 0);
  rl_point = 0;
}

/// Prints `text` (whole lines) below the line being typed, which is then
/// drawn again below it as it was: libedit cannot clear the visible line,
/// so the text starts on a line of its own after it, as bash's job
/// notices do.
static inline void docrepl_readline_print_above(const char *text) {
  fputs("\n", stdout);
  fputs(text, stdout);
  fflush(stdout);
  rl_forced_update_display();
}

/// Drops the line being typed and gives the terminal back, after Ctrl-C or
/// SIGTERM at the prompt (libedit has no rl_callback_sigcleanup: removing
/// the handler resets its terminal).
static inline void docrepl_readline_abandon_line(void) {
  rl_free_line_state();
  rl_callback_handler_remove();
}

/// Shows `prompt` and makes `handler` receive the line, through the
/// callback interface. libedit's rl_callback_handler_install does not run
/// the startup hook as GNU readline's does, so it is run here, and the line
/// drawn again, over itself, with what it inserted (the export dialog's
/// filename).
static inline void docrepl_readline_install_handler(const char *prompt, rl_vcpfunc_t *handler) {
  rl_callback_handler_install(prompt, handler);
  if (rl_startup_hook != NULL) {
    rl_startup_hook();
    // The prompt is drawn already: back to the line's start, so that it
    // is drawn again over itself, with the text after it.
    FILE *output = rl_outstream != NULL ? rl_outstream : stdout;
    fputc('\r', output);
    fflush(output);
    rl_forced_update_display();
  }
}

/// One line read with a prompt (libedit's `readline`), under a name that
/// DocShell's own `readline(prompt:initialText:)` does not shadow.
static inline char *docrepl_readline(const char *prompt) { return readline(prompt); }

#endif

// ---- Tab completion and pre-filled lines (DocShell's ReadlineCompletion
// ---- and ReadlineExportPrompt).
#ifndef DOCREPL_CLIBEDIT_COMPLETION
#define DOCREPL_CLIBEDIT_COMPLETION

/// Makes `function` the completer, with the word-break and quote
/// characters of the language. libedit's Tab breaks words at
/// rl_basic_word_break_characters, so both are set.
static inline void docrepl_completion_install(
    rl_completion_func_t *function, char *word_breaks, const char *quotes) {
  rl_attempted_completion_function = function;
  rl_basic_word_break_characters = word_breaks;
  rl_completer_word_break_characters = word_breaks;
  rl_completer_quote_characters = quotes;
}

/// Called at the start of each completion: never fall back to file names,
/// and leave blanks to the completer. (libedit has no
/// rl_completion_suppress_quote, and does not close quotes itself.)
static inline void docrepl_completion_take_over(void) {
  rl_attempted_completion_over = 1;
  rl_completion_suppress_append = 1;
  // libedit appends rl_completion_append_character whatever
  // rl_completion_suppress_append says.
  rl_completion_append_character = '\0';
}

/// Whether the matches listed are sorted.
static inline void docrepl_completion_set_sorted(int sorted) {
  rl_sort_completion_matches = sorted;
}

/// The line being edited, and the cursor's byte offset in it.
static inline const char *docrepl_completion_line_buffer(void) { return rl_line_buffer; }
static inline int docrepl_completion_line_point(void) { return rl_point; }

/// The startup hook (run before the first prompt of a readline call), to
/// read and to set.
static inline rl_hook_func_t *docrepl_prefill_startup_hook(void) { return rl_startup_hook; }
static inline void docrepl_prefill_set_startup_hook(rl_hook_func_t *hook) { rl_startup_hook = hook; }

/// Where readline reads and writes; NULL for standard input and output.
static inline void docrepl_completion_set_streams(FILE *input, FILE *output) {
  rl_instream = input;
  rl_outstream = output;
}

#endif
