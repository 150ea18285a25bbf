#include "CDocShellSignals.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

// Read by docshell_run_interruption_happened on other threads than the
// one the handler ran on (`test` and `check` ask from their tasks): a
// `volatile sig_atomic_t` is defined only for a handler and the thread it
// interrupted, a lock-free C11 atomic across threads, and it is
// async-signal-safe.
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the run's flag needs a lock-free atomic_int");

/// Set by the first SIGINT or SIGTERM after
/// `docshell_run_interruption_install`.
static atomic_int run_interrupted = 0;
/// What SIGINT and SIGTERM did before the install, for the removal.
static struct sigaction previous_interrupt, previous_terminate;
static int installed = 0;

/// The only code that runs in signal context: a store to a lock-free
/// `atomic_int` and two sigaction(2) calls, all
/// async-signal-safe. The defaults come back at once, so that a second
/// signal ends the process as usual.
static void handle_run_signal(int signal_number) {
  (void)signal_number;
  int saved_errno = errno;
  atomic_store(&run_interrupted, 1);
  struct sigaction default_action;
  memset(&default_action, 0, sizeof default_action);
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigaction(SIGINT, &default_action, NULL);
  sigaction(SIGTERM, &default_action, NULL);
  errno = saved_errno;
}

int docshell_run_interruption_install(void) {
  atomic_store(&run_interrupted, 0);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handle_run_signal;
  // Both held off while the handler runs; SA_RESTART so that a system
  // call a script is making on the thread that takes the signal goes on
  // rather than failing with EINTR.
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGINT);
  sigaddset(&action.sa_mask, SIGTERM);
  action.sa_flags = SA_RESTART;
  if (sigaction(SIGINT, &action, &previous_interrupt) != 0) return -1;
  if (sigaction(SIGTERM, &action, &previous_terminate) != 0) {
    int saved_errno = errno;
    sigaction(SIGINT, &previous_interrupt, NULL);
    errno = saved_errno;
    return -1;
  }
  installed = 1;
  // A parent may have started us with them blocked (Foundation's Process
  // does). Blocked, a signal still waits rather than being lost, but this
  // thread should be able to take it.
  sigset_t handled;
  sigemptyset(&handled);
  sigaddset(&handled, SIGINT);
  sigaddset(&handled, SIGTERM);
  pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
  return 0;
}

int docshell_run_interruption_happened(void) { return atomic_load(&run_interrupted) != 0; }

void docshell_run_interruption_remove(void) {
  if (!installed) return;
  installed = 0;
  sigaction(SIGINT, &previous_interrupt, NULL);
  sigaction(SIGTERM, &previous_terminate, NULL);
}
