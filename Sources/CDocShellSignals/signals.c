#include "CDocShellSignals.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

// The flags are read on other threads than the one the handler runs on
// (the handler runs on any thread that does not block the signal), where
// `volatile sig_atomic_t` promises nothing: C11 atomics do, and a
// lock-free one is async-signal-safe.
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "signal flags need a lock-free atomic_int");

/// Set by SIGINT; cleared by the loop once it has acted on it.
static atomic_int interrupt_flag = 0;
/// The number of the SIGTERM or SIGHUP that came, or 0; never cleared:
/// docrepl is to end.
static atomic_int termination_signal = 0;
/// The self-pipe: the handler writes the signal's number to [1], and the
/// loop polls [0] beside standard input. Set once, before the handler is
/// installed; atomic because the handler may read it on another thread.
static atomic_int signal_pipe[2] = {-1, -1};

/// The only code that runs in signal context: a store to a lock-free
/// `atomic_int`, a write(2) and, for SIGTERM and SIGHUP, a
/// sigaction(2), all async-signal-safe. A second SIGTERM (or SIGHUP)
/// gets the default action, and ends the process at once: for a command
/// that cannot stop midway.
static void handle_signal(int signal_number) {
  int saved_errno = errno;
  if (signal_number == SIGINT) atomic_store(&interrupt_flag, 1);
  if (signal_number == SIGTERM || signal_number == SIGHUP) {
    atomic_store(&termination_signal, signal_number);
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(signal_number, &default_action, NULL);
  }
  int pipe_end = atomic_load(&signal_pipe[1]);
  if (pipe_end >= 0) {
    unsigned char byte = (unsigned char)signal_number;
    (void)!write(pipe_end, &byte, 1);
  }
  errno = saved_errno;
}

int docshell_signals_install(void) {
  if (atomic_load(&signal_pipe[0]) < 0) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
      fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
      fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    atomic_store(&signal_pipe[0], fds[0]);
    atomic_store(&signal_pipe[1], fds[1]);
  }
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handle_signal;
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
  // SIGTERM and SIGHUP, unless ignored: `nohup docrepl run …` keeps
  // running when the terminal goes.
  int ending[] = {SIGTERM, SIGHUP};
  for (int i = 0; i < 2; i++) {
    struct sigaction previous;
    if (sigaction(ending[i], NULL, &previous) != 0) return -1;
    if (previous.sa_handler == SIG_IGN) continue;
    if (sigaction(ending[i], &action, NULL) != 0) return -1;
    sigaddset(&handled, ending[i]);
  }
  if (sigprocmask(SIG_UNBLOCK, &handled, NULL) != 0) return -1;
  return atomic_load(&signal_pipe[0]);
}

int docshell_signals_next(void) {
  unsigned char byte;
  int pipe_end = atomic_load(&signal_pipe[0]);
  if (pipe_end < 0) return 0;
  return read(pipe_end, &byte, 1) == 1 ? byte : 0;
}

int docshell_interrupt_pending(void) { return atomic_load(&interrupt_flag) != 0; }

void docshell_interrupt_clear(void) { atomic_store(&interrupt_flag, 0); }

int docshell_interrupt_take(void) { return atomic_exchange(&interrupt_flag, 0) != 0; }

int docshell_termination_signal(void) { return atomic_load(&termination_signal); }
