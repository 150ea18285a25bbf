// Ctrl-C, window-size changes, SIGTERM and SIGHUP for DocShell's input
// loop: a C signal handler that only sets a flag and writes to a
// self-pipe. And Ctrl-C or
// SIGTERM during a run (`docrepl test`, `docrepl check`): a handler that
// only sets a flag.
//
// Every flag a handler sets and another thread reads is a lock-free C11
// `atomic_int` (the C files assert ATOMIC_INT_LOCK_FREE == 2), read and
// written with atomic_load and atomic_store: those are async-signal-safe,
// and ordered across threads, which `volatile sig_atomic_t` is not.
//
// The state lives in signals.c, once in the program. It must not live in
// a header: a `static` variable in a header imported by Swift is
// instantiated once per LLVM module that uses it, and a release build
// makes one LLVM module per source file (and cross-module optimization
// inlines callers into other modules), so the handler would set one copy
// of the flag while the loop read and cleared another.
#ifndef DOCSHELL_CDOCSHELLSIGNALS_H
#define DOCSHELL_CDOCSHELLSIGNALS_H

/// Creates the self-pipe (non-blocking, close-on-exec) and handles SIGINT,
/// SIGWINCH, and SIGTERM and SIGHUP unless they are ignored, without
/// SA_RESTART so that a blocking read returns EINTR, and unblocks them.
/// Each writes its number to the pipe. The first SIGTERM (or SIGHUP) is
/// noted for docshell_termination_signal, and gives that signal its
/// default action back: a second one ends the process. Returns the pipe's
/// read end, or -1 with errno set.
int docshell_signals_install(void);

/// Reads one signal number from the self-pipe; 0 when it is empty.
int docshell_signals_next(void);

/// Whether SIGINT arrived since the flag was last cleared: 1 or 0.
int docshell_interrupt_pending(void);

/// Clears the SIGINT flag.
void docshell_interrupt_clear(void);

/// Clears the SIGINT flag and returns whether it was set, in one atomic
/// step: a Ctrl-C that comes meanwhile is either returned or kept.
int docshell_interrupt_take(void);

/// The number of the first SIGTERM or SIGHUP since the install, or 0.
/// Never cleared: the program is to end, after cleaning up.
int docshell_termination_signal(void);

/// Catches SIGINT and SIGTERM for a run, in one step and before anything
/// waits for them, so that none is lost: the first sets a flag and gives
/// both their default actions back (a second one ends the process);
/// SA_RESTART. Clears the flag, and unblocks both in the calling thread.
/// Returns 0, or -1 with errno set (the dispositions are then unchanged).
int docshell_run_interruption_install(void);

/// Whether SIGINT or SIGTERM arrived since the install: 1 or 0.
int docshell_run_interruption_happened(void);

/// Gives SIGINT and SIGTERM back what they had before the install. The
/// flag keeps its value.
void docshell_run_interruption_remove(void);

#include <stddef.h>

/// Receives what was written to `stdout` while the capture is installed:
/// `size` bytes at `bytes`, on the thread that wrote them.
typedef void (*docshell_output_writer)(const char *bytes, size_t size);

/// Replaces `stdout` (after flushing it) with an unbuffered stream that
/// hands every write to `writer` at once, on the writing thread, until
/// docshell_output_capture_remove. Writes straight to file descriptor 1
/// are not seen. Returns 0, or -1 if the stream could not be made.
int docshell_output_capture_install(docshell_output_writer writer);

/// Puts the original `stdout` back.
void docshell_output_capture_remove(void);

/// Names a capture's file (`name`, which must outlive it) for the crash
/// handler, which writes what the file holds to standard error.
void docshell_capture_file_add(int descriptor, const char *name);

/// Forgets a capture's file.
void docshell_capture_file_remove(int descriptor);

/// On SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT and SIGFPE, writes the
/// files of the captures in flight to standard error, then hands the
/// signal to the handler there was before. Installed once.
void docshell_crash_handler_install(void);

#endif
