// Landlock (Linux 5.13 and later): a process confines itself, and every
// thread and process it starts afterwards, to the parts of the file system
// it names. See include/CDocKitSystem.h for the contract, and
// docs/testing.md ("Scripts from people you do not trust") for why the
// confinement is applied here, in a constructor, before any thread exists.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "CDocKitSystem.h"

// The kernel's numbers, defined here so that a build on an older C library
// (no <linux/landlock.h>, no SYS_landlock_*) still has them; they are the
// same on every architecture that has Landlock.
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#endif
#ifndef SYS_landlock_add_rule
#define SYS_landlock_add_rule 445
#endif
#ifndef SYS_landlock_restrict_self
#define SYS_landlock_restrict_self 446
#endif

#define DOCKIT_LANDLOCK_CREATE_RULESET_VERSION (1U << 0)
#define DOCKIT_LANDLOCK_RULE_PATH_BENEATH 1

#define FS_EXECUTE (1ULL << 0)
#define FS_WRITE_FILE (1ULL << 1)
#define FS_READ_FILE (1ULL << 2)
#define FS_READ_DIR (1ULL << 3)
#define FS_REMOVE_DIR (1ULL << 4)
#define FS_REMOVE_FILE (1ULL << 5)
#define FS_MAKE_CHAR (1ULL << 6)
#define FS_MAKE_DIR (1ULL << 7)
#define FS_MAKE_REG (1ULL << 8)
#define FS_MAKE_SOCK (1ULL << 9)
#define FS_MAKE_FIFO (1ULL << 10)
#define FS_MAKE_BLOCK (1ULL << 11)
#define FS_MAKE_SYM (1ULL << 12)
#define FS_REFER (1ULL << 13)     // ABI 2
#define FS_TRUNCATE (1ULL << 14)  // ABI 3
#define FS_IOCTL_DEV (1ULL << 15) // ABI 5

// The first field of `struct landlock_ruleset_attr`: the kernel takes a
// shorter struct from an older caller as one with the later fields zero.
struct dockit_ruleset_attr {
  uint64_t handled_access_fs;
};

struct dockit_path_beneath_attr {
  uint64_t allowed_access;
  int32_t parent_fd;
} __attribute__((packed));

int dockit_landlock_abi(void) {
  long abi = syscall(SYS_landlock_create_ruleset, NULL, 0,
                     DOCKIT_LANDLOCK_CREATE_RULESET_VERSION);
  return abi < 1 ? -1 : (int)abi;
}

/// Every file-system access the kernel of `abi` can deny.
static uint64_t handled_for(int abi) {
  uint64_t handled = (FS_MAKE_SYM << 1) - 1;
  if (abi >= 2) handled |= FS_REFER;
  if (abi >= 3) handled |= FS_TRUNCATE;
  if (abi >= 5) handled |= FS_IOCTL_DEV;
  return handled;
}

/// What a rule on a file (not a folder) may allow.
static const uint64_t file_accesses =
    FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV;

static int fail(char *failure, unsigned long size, const char *step,
                const char *path) {
  int saved = errno;
  if (failure && size > 0) {
    snprintf(failure, size, "%s%s%s: %s", step, path ? " " : "", path ? path : "",
             strerror(saved));
  }
  errno = saved;
  return -1;
}

int dockit_landlock_restrict(const char *plan, char *failure,
                             unsigned long size) {
  int abi = dockit_landlock_abi();
  if (abi < 1) return fail(failure, size, "landlock_create_ruleset", NULL);
  uint64_t handled = handled_for(abi);
  uint64_t read = FS_READ_FILE | FS_READ_DIR;
  uint64_t write = read | FS_WRITE_FILE | FS_REMOVE_DIR | FS_REMOVE_FILE |
                   FS_MAKE_DIR | FS_MAKE_REG | FS_MAKE_SYM | FS_REFER |
                   FS_TRUNCATE;
  struct dockit_ruleset_attr attr = {.handled_access_fs = handled};
  int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
  if (ruleset < 0) return fail(failure, size, "landlock_create_ruleset", NULL);

  char *lines = strdup(plan ? plan : "");
  if (!lines) {
    close(ruleset);
    return fail(failure, size, "strdup", NULL);
  }
  int result = abi;
  char *saveptr = NULL;
  for (char *line = strtok_r(lines, "\n", &saveptr); line;
       line = strtok_r(NULL, "\n", &saveptr)) {
    if (strlen(line) < 3 || line[1] != ' ' ||
        (line[0] != 'r' && line[0] != 'w' && line[0] != 'd')) {
      errno = EINVAL;
      result = fail(failure, size, "a line of the plan", line);
      break;
    }
    const char *path = line + 2;
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) {
      result = fail(failure, size, "open", path);
      break;
    }
    struct stat info;
    if (fstat(fd, &info) != 0) {
      close(fd);
      result = fail(failure, size, "fstat", path);
      break;
    }
    uint64_t allowed =
        (line[0] == 'w' ? write : line[0] == 'd' ? FS_READ_DIR : read) & handled;
    if (!S_ISDIR(info.st_mode)) allowed &= file_accesses;
    struct dockit_path_beneath_attr beneath = {.allowed_access = allowed,
                                               .parent_fd = fd};
    long added = syscall(SYS_landlock_add_rule, ruleset,
                         DOCKIT_LANDLOCK_RULE_PATH_BENEATH, &beneath, 0);
    close(fd);
    if (added != 0) {
      result = fail(failure, size, "landlock_add_rule", path);
      break;
    }
  }
  free(lines);
  if (result > 0 && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    result = fail(failure, size, "prctl(PR_SET_NO_NEW_PRIVS)", NULL);
  }
  if (result > 0 && syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) {
    result = fail(failure, size, "landlock_restrict_self", NULL);
  }
  int saved = errno;
  close(ruleset);
  errno = saved;
  return result;
}

static int startup_status = 0;
static char *startup_plan = NULL;
static char startup_failure[512];

// Runs before main, while the process has one thread: a restriction applies
// to the thread that makes it and to the threads and processes it starts
// later, never to threads already running, so it must come first.
__attribute__((constructor)) static void dockit_landlock_at_start(void) {
  const char *plan = getenv(DOCKIT_LANDLOCK_PLAN_VARIABLE);
  if (!plan) return;
  startup_plan = strdup(plan);
  // Not passed on: what the process starts is confined by inheritance.
  unsetenv(DOCKIT_LANDLOCK_PLAN_VARIABLE);
  if (!startup_plan) {
    startup_status = -ENOMEM;
    return;
  }
  int abi = dockit_landlock_restrict(startup_plan, startup_failure,
                                     sizeof startup_failure);
  startup_status = abi > 0 ? abi : -(errno ? errno : EPERM);
}

int dockit_landlock_startup_status(void) { return startup_status; }

const char *dockit_landlock_startup_plan(void) { return startup_plan; }

const char *dockit_landlock_startup_failure(void) { return startup_failure; }
