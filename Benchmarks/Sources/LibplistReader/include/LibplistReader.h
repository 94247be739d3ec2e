#ifndef PLAYBENCH_BENCHMARKS_LIBPLISTREADER_H
#define PLAYBENCH_BENCHMARKS_LIBPLISTREADER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Reads `length` bytes of a binary property list with libplist's `plist_from_bin` and returns
/// the tree it built, as an opaque handle (NULL when libplist refused the bytes, or when they
/// are 4 GiB or more, which its 32-bit length cannot say). Release it with `libplist_free`.
/// The handle is `void *` so that Swift never imports libplist's types.
void *libplist_read_binary(const char *bytes, size_t length);

/// Releases a tree from `libplist_read_binary` (`plist_free`); NULL is ignored.
void libplist_free(void *tree);

/// The nodes in a tree from `libplist_read_binary`: every value, and one per dictionary key
/// (libplist keeps keys as nodes of their own). For checking that libplist read the whole
/// input; not used in the measured loop. -1 for NULL.
long libplist_count_nodes(void *tree);

#ifdef __cplusplus
}
#endif

#endif
