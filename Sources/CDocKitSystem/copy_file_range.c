#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "CDocKitSystem.h"

// The system call itself, not glibc's wrapper: glibc before 2.30 emulated
// it in user space, and the caller has its own read/write fallback.
long dockit_copy_file_range(int infd, int outfd, unsigned long count) {
#ifdef SYS_copy_file_range
  return syscall(SYS_copy_file_range, infd, NULL, outfd, NULL, count,
                          0u);
#else
  errno = ENOSYS;
  return -1;
#endif
}
