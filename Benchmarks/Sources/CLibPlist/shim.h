#ifndef PLAYBENCH_BENCHMARKS_CLIBPLIST_SHIM_H
#define PLAYBENCH_BENCHMARKS_CLIBPLIST_SHIM_H
// libplist's reader, for the binary reference benchmark (LibplistReader).
#include <plist/plist.h>
#endif
