#include <errno.h>
#include <linux/fs.h>
#include <sys/ioctl.h>

#include "CDocKitSystem.h"

int dockit_ficlone(int destfd, int srcfd) {
#ifdef FICLONE
  return ioctl(destfd, FICLONE, srcfd);
#else
  errno = EOPNOTSUPP;
  return -1;
#endif
}
