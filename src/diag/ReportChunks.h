//===- ReportChunks.h - Report work split across threads --------*- C++ -*-===//
//
// The report renders tens of thousands of findings; the work for one finding
// needs only that finding (and, for cause groups, the other findings of its
// statement). The sorted diagnostics are cut into consecutive chunks at
// places where nothing on one side depends on the other side, each chunk is
// rendered into its own buffer on a worker thread, and the buffers are
// written in the chunks' order: the same bytes as a serial run.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DIAG_REPORTCHUNKS_H
#define NOSQLINT_DIAG_REPORTCHUNKS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>
#include <vector>

namespace nosqlint {

/// Chunk boundaries over [0, \p N): 0, then cut points, then N. A cut is
/// made before index I only when \p CanCutBefore(I); with \p Jobs <= 1 (or
/// few items) there is one chunk.
std::vector<size_t> chunkBounds(size_t N, unsigned Jobs,
                                llvm::function_ref<bool(size_t)> CanCutBefore);

/// The same, cut anywhere.
std::vector<size_t> chunkBounds(size_t N, unsigned Jobs);

/// Calls \p Work(C) for every chunk C of \p Bounds (Bounds.size() - 1 of
/// them), on up to \p Jobs threads; in the calling thread when there is
/// one chunk or one job. Work must touch only chunk C's own state.
void forEachChunk(llvm::ArrayRef<size_t> Bounds, unsigned Jobs,
                  llvm::function_ref<void(size_t)> Work);

} // namespace nosqlint

#endif
