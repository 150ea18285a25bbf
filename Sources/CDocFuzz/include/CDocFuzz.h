// libFuzzer's driver, for a program that has its own main (SwiftPM gives
// every executable one): docrepl-fuzz calls it in a fuzzing build.
#ifndef CDOCFUZZ_H
#define CDOCFUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
