#include <malloc.h>

#include "CDocBench.h"

size_t docbench_allocated_bytes(void) { return mallinfo2().uordblks; }
