#include <sys/file.h>

#include "CDocKitSystem.h"

int dockit_flock(int fd, int operation) { return flock(fd, operation); }
