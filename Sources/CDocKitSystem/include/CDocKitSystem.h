// What DocKit needs from C that Glibc's Swift overlay does not import: the
// system calls renameat2 (and its flags), flock (whose Swift name struct
// flock takes), FICLONE, copy_file_range and syncfs; Landlock's three calls,
// with the constructor that confines a process before main (--confine); and
// libdispatch's hand-over of the main queue to a run loop (MainRunLoop).
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

/// Calls `ioctl(destfd, FICLONE, srcfd)`: makes the file open as `destfd`
/// share all of `srcfd`'s data, copy-on-write (a reflink). Returns 0 or -1
/// with errno set; errno is EOPNOTSUPP, EXDEV, EINVAL or ENOTTY when the
/// file system cannot clone these two files.
int dockit_ficlone(int destfd, int srcfd);

/// Calls `copy_file_range(2)` from and to both descriptors' current
/// offsets, which it advances. Returns the number of bytes copied (0 at the
/// end of the input) or -1 with errno set; errno is EXDEV, ENOSYS, EINVAL
/// or EOPNOTSUPP when the kernel or file system cannot copy in place.
/// (`long` and `unsigned long` are `ssize_t` and `size_t` on Linux; this
/// header includes no system header, whose types would then belong to
/// this module in Swift.)
long dockit_copy_file_range(int infd, int outfd, unsigned long count);

/// Calls `syncfs(2)`: writes back everything of the file system that holds
/// `fd` and waits. Since Linux 5.8 it reports write-back errors that
/// happened after `fd` was opened. Returns 0 or -1 with errno set.
int dockit_syncfs(int fd);

/// libdispatch's hand-over of the main queue to a run loop (what
/// CoreFoundation's run loop calls; libdispatch exports it, in its shared
/// and static builds, but declares it in no installed header). The first
/// call, on the main thread, binds the main queue to that thread for good:
/// from then on the main queue's work runs only when the main thread
/// services it, and the returned descriptor (an eventfd) becomes readable
/// when work is queued on an empty main queue, and after a drain that
/// leaves work behind. (In the middle of a drain it says nothing of the
/// work queued behind the work running.)
/// Call it only from a program whose main thread then services the main
/// queue (`_dispatch_main_queue_callback_4CF`), never after
/// `dispatch_main()`.
int _dispatch_get_main_queue_handle_4CF(void);

/// Runs the work on the main queue, on the main thread bound to it: what
/// a run loop calls when the descriptor above is readable (after reading
/// it). Each call runs the work queued when it starts; when it returns,
/// the descriptor is readable again if any work is left.
void _dispatch_main_queue_callback_4CF(void *msg);

/// The environment variable that asks a process to confine itself with
/// Landlock before `main` (see `dockit_landlock_startup_status`).
#define DOCKIT_LANDLOCK_PLAN_VARIABLE "DOCKIT_LANDLOCK_PLAN"

/// The highest Landlock ABI version the kernel offers (1 or more), or -1
/// with errno set: ENOSYS when the kernel has no Landlock, EOPNOTSUPP when
/// it is disabled at boot (or a sandbox refuses the system call).
int dockit_landlock_abi(void);

/// Confines the calling thread, and every thread and process it starts
/// afterwards, for good, to `plan`: lines of `r PATH` (read files and list
/// folders beneath PATH), `d PATH` (list the folder PATH and those beneath
/// it, read no file) and `w PATH` (also make, write, rename and remove
/// beneath PATH). Every other access to the file system that the kernel
/// can deny is denied, running a program included. Sets
/// `PR_SET_NO_NEW_PRIVS` first. Threads already running are NOT confined:
/// call it while the process has one thread. Returns the ABI version in
/// force (1 or more), or -1 with errno set and `failure` (`size` bytes)
/// naming the step that failed and its path.
int dockit_landlock_restrict(const char *plan, char *failure,
                             unsigned long size);

/// What the constructor that runs before `main` did: 0 when
/// `DOCKIT_LANDLOCK_PLAN` was not set; the ABI version in force (1 or
/// more) when it confined the process to that plan; `-errno` when it could
/// not. The variable is removed from the environment either way.
int dockit_landlock_startup_status(void);

/// The plan the constructor was given, or NULL.
const char *dockit_landlock_startup_plan(void);

/// Why the constructor could not confine the process ("" when it could).
const char *dockit_landlock_startup_failure(void);

#endif
