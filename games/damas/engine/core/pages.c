/* Large zeroed blocks for the tables a search probes at random (the transposition table, the
 * evaluation's cache): each probe of a table of many megabytes would also miss the TLB unless
 * the table lies on huge pages, which Linux gives where asked (transparent huge pages default
 * to "madvise"). Elsewhere the blocks are plain, cache-line aligned. */

#include "core.h"

#include <stdlib.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define LINE 64
#define HUGE_PAGE ((size_t)2 << 20)

void *damas_pages_new(size_t bytes) {
    size_t align = bytes >= HUGE_PAGE ? HUGE_PAGE : LINE;
    void *data = NULL;
    if (posix_memalign(&data, align, (bytes + align - 1) / align * align)) return NULL;
#ifdef MADV_HUGEPAGE
    if (align == HUGE_PAGE) madvise(data, bytes, MADV_HUGEPAGE);
#endif
    memset(data, 0, bytes);
    return data;
}

void damas_pages_free(void *data) { free(data); }
