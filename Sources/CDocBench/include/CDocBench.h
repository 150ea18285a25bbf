// Allocator statistics and settings that Glibc's Swift overlay does not import.
#ifndef DOCREPL_CDOCBENCH_H
#define DOCREPL_CDOCBENCH_H

#include <stddef.h>

/// The bytes malloc has handed out and not had back (`mallinfo2().uordblks`),
/// chunk overheads included.
size_t docbench_allocated_bytes(void);

/// Makes malloc keep freed memory for reuse instead of giving it back to
/// the system (`M_TRIM_THRESHOLD` 1 GB), and serve blocks of up to 32 MB
/// (`M_MMAP_THRESHOLD`, its maximum) from the heap, so that a benchmark that
/// allocates and frees large buffers run after run does not pay for fresh
/// pages on every run.
void docbench_keep_freed_memory(void);

#endif
