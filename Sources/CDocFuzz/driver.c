// Nothing to define: the header declares libFuzzer's driver, which a
// fuzzing build links from the sanitizer runtime.
#include "CDocFuzz.h"
