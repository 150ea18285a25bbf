// Allocator statistics that Glibc's Swift overlay does not import.
#ifndef DOCREPL_CDOCBENCH_H
#define DOCREPL_CDOCBENCH_H

#include <stddef.h>

/// The bytes malloc has handed out and not had back (`mallinfo2().uordblks`),
/// chunk overheads included.
size_t docbench_allocated_bytes(void);

#endif
