#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "CDocKitSystem.h"

int dockit_renameat2(int olddirfd, const char *oldpath, int newdirfd,
                     const char *newpath, unsigned int flags) {
#ifdef SYS_renameat2
  return (int)syscall(SYS_renameat2, olddirfd, oldpath, newdirfd, newpath,
                      flags);
#else
  errno = ENOSYS;
  return -1;
#endif
}
