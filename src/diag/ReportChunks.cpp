//===- ReportChunks.cpp - Report work split across threads ----------------===//
#include "ReportChunks.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>

namespace nosqlint {

namespace {

/// Fewer findings than this per chunk are not worth a thread's start.
constexpr size_t MinChunk = 512;

/// Chunks per job: some slack for chunks of unequal cost.
constexpr size_t ChunksPerJob = 4;

} // namespace

std::vector<size_t> chunkBounds(size_t N, unsigned Jobs,
                                llvm::function_ref<bool(size_t)> CanCutBefore) {
  std::vector<size_t> Bounds{0};
  if (Jobs > 1 && N >= 2 * MinChunk) {
    size_t Size = std::max(MinChunk, N / (size_t(Jobs) * ChunksPerJob));
    for (size_t I = Size; I < N;) {
      if (!CanCutBefore(I)) {
        ++I;
        continue;
      }
      Bounds.push_back(I);
      I += Size;
    }
  }
  if (N > 0)
    Bounds.push_back(N);
  return Bounds;
}

std::vector<size_t> chunkBounds(size_t N, unsigned Jobs) {
  return chunkBounds(N, Jobs, [](size_t) { return true; });
}

void forEachChunk(llvm::ArrayRef<size_t> Bounds, unsigned Jobs,
                  llvm::function_ref<void(size_t)> Work) {
  size_t Chunks = Bounds.size() < 2 ? 0 : Bounds.size() - 1;
  if (Chunks <= 1 || Jobs <= 1) {
    for (size_t C = 0; C < Chunks; ++C)
      Work(C);
    return;
  }
  llvm::ThreadPool Pool(llvm::hardware_concurrency(
      std::min<unsigned>(Jobs, static_cast<unsigned>(Chunks))));
  for (size_t C = 0; C < Chunks; ++C)
    Pool.async([&Work, C] { Work(C); });
  Pool.wait();
}

} // namespace nosqlint
