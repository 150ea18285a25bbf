#include <malloc.h>

#include "CDocBench.h"

size_t docbench_allocated_bytes(void) { return mallinfo2().uordblks; }

void docbench_keep_freed_memory(void) {
  mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
  mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
}
