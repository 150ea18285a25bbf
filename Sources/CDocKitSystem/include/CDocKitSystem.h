// Linux system calls that Glibc's Swift overlay does not import.
#ifndef DOCKIT_CDOCKITSYSTEM_H
#define DOCKIT_CDOCKITSYSTEM_H

/// `renameat2(2)` flag: fail with EEXIST instead of replacing the new path.
#define DOCKIT_RENAME_NOREPLACE (1u << 0)
/// `renameat2(2)` flag: atomically exchange the two paths.
#define DOCKIT_RENAME_EXCHANGE (1u << 1)

/// Calls `renameat2(2)`. Returns 0 or -1 with errno set; errno is EINVAL or
/// ENOSYS when the file system or kernel does not support the flags.
int dockit_renameat2(int olddirfd, const char *oldpath, int newdirfd,
                     const char *newpath, unsigned int flags);

/// Calls `flock(2)`, whose Swift name is taken by `struct flock`. Returns 0
/// or -1 with errno set.
int dockit_flock(int fd, int operation);

#endif
