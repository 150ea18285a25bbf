// What a document model prints to standard output during `docrepl test`
// and `docrepl check`: `stdout` replaced by a stream that hands every
// write, as it is made and on the thread that made it, to a function of
// DocShell's (which routes it to the capture of the script whose task
// printed it), and the captures' files written to standard error if the
// process crashes, so that a model's last words before a crash are not
// lost with the capture.
#define _GNU_SOURCE
#include "CDocShellSignals.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

// The crash handler reads the captures' slots on whichever thread
// crashed, while other threads add and remove them; writes come on any
// thread. Lock-free atomics are ordered across threads and safe in a
// handler.
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the capture slots need a lock-free atomic_int");
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "the capture names need a lock-free atomic pointer");

static _Atomic(docshell_output_writer) output_writer;
static FILE *original_stdout;

static ssize_t capture_write(void *cookie, const char *buffer, size_t size) {
  (void)cookie;
  docshell_output_writer writer = atomic_load(&output_writer);
  if (writer) writer(buffer, size);
  return (ssize_t)size;
}

int docshell_output_capture_install(docshell_output_writer writer) {
  if (original_stdout) return 0;
  cookie_io_functions_t functions;
  memset(&functions, 0, sizeof functions);
  functions.write = capture_write;
  FILE *stream = fopencookie(NULL, "w", functions);
  if (!stream) return -1;
  // Unbuffered: each write reaches the writer at once, on the thread
  // (and so in the task) that printed it.
  setvbuf(stream, NULL, _IONBF, 0);
  fflush(stdout);
  atomic_store(&output_writer, writer);
  original_stdout = stdout;
  stdout = stream;
  return 0;
}

void docshell_output_capture_remove(void) {
  if (!original_stdout) return;
  FILE *stream = stdout;
  stdout = original_stdout;
  original_stdout = NULL;
  fclose(stream);
}

// The files of the captures in flight, for the crash handler.
#define CAPTURE_SLOTS 256
/// Each slot holds a descriptor + 1, or 0 when free.
static atomic_int capture_files[CAPTURE_SLOTS];
static _Atomic(const char *) capture_names[CAPTURE_SLOTS];

void docshell_capture_file_add(int descriptor, const char *name) {
  for (int index = 0; index < CAPTURE_SLOTS; index++) {
    // Claimed by one compare-and-swap: two threads adding at once never
    // take the same slot.
    int free_slot = 0;
    if (atomic_compare_exchange_strong(&capture_files[index], &free_slot, -1)) {
      atomic_store(&capture_names[index], name);
      atomic_store(&capture_files[index], descriptor + 1);
      return;
    }
  }
}

void docshell_capture_file_remove(int descriptor) {
  for (int index = 0; index < CAPTURE_SLOTS; index++) {
    int slot = descriptor + 1;
    if (atomic_compare_exchange_strong(&capture_files[index], &slot, -1)) {
      atomic_store(&capture_names[index], NULL);
      atomic_store(&capture_files[index], 0);
    }
  }
}

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction previous_actions[CRASH_SIGNAL_COUNT];
static atomic_int crash_handler_installed;

static void write_all(int descriptor, const char *bytes, size_t count) {
  while (count > 0) {
    ssize_t written = write(descriptor, bytes, count);
    if (written <= 0) return;
    bytes += written;
    count -= (size_t)written;
  }
}

static void write_text(int descriptor, const char *text) {
  if (text) write_all(descriptor, text, strlen(text));
}

// Async-signal-safe: write, pread, sigaction and raise only.
static void crash_handler(int signal_number) {
  for (int index = 0; index < CAPTURE_SLOTS; index++) {
    int slot = atomic_load(&capture_files[index]);
    // 0: free; -1: being claimed or let go.
    if (slot <= 0) continue;
    write_text(STDERR_FILENO, "\n--- what the document model printed, captured before the crash");
    const char *name = atomic_load(&capture_names[index]);
    if (name) {
      write_text(STDERR_FILENO, " (");
      write_text(STDERR_FILENO, name);
      write_text(STDERR_FILENO, ")");
    }
    write_text(STDERR_FILENO, " ---\n");
    char buffer[4096];
    off_t offset = 0;
    for (;;) {
      ssize_t count = pread(slot - 1, buffer, sizeof buffer, offset);
      if (count <= 0) break;
      write_all(STDERR_FILENO, buffer, (size_t)count);
      offset += count;
    }
    write_text(STDERR_FILENO, "--- end of the captured output ---\n");
  }
  for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) {
    sigaction(crash_signals[index], &previous_actions[index], NULL);
  }
  // The previous handler (the Swift runtime's backtracer, or the default
  // action) takes it from here: a fault repeats when this returns, and a
  // signal sent is sent again.
  raise(signal_number);
}

void docshell_crash_handler_install(void) {
  if (atomic_exchange(&crash_handler_installed, 1)) return;
  for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = crash_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_NODEFER;
    sigaction(crash_signals[index], &action, &previous_actions[index]);
  }
}
