#define _GNU_SOURCE
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "CDocKitSystem.h"

int dockit_syncfs(int fd) {
#ifdef SYS_syncfs
  return (int)syscall(SYS_syncfs, fd);
#else
  errno = ENOSYS;
  return -1;
#endif
}
