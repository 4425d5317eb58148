//===- ResultCache.h - What a run printed, keyed by what it read -*- C++ -*-===//
//
// The content-hash cache (issue 20, part 4; ruff's model). An entry holds
// everything a run wrote after it collected its inputs: the stdout and
// stderr text in the order written, the files it wrote (-o, --write-baseline)
// and its exit code, so a warm run that finds the entry replays it byte for
// byte. The key (CacheKey.h) is a SHA-256 over every byte the output depends
// on; the cache itself only stores and finds entries:
//
//   DIR/CACHEDIR.TAG, DIR/.gitignore ("*"), DIR/v1/<64 hex digits of the key>
//
// An entry is written to a unique temporary file in DIR/v1 and renamed over
// its name, so concurrent runs never see half an entry. After a store the
// oldest entries (by modification time; a hit refreshes it) are removed until
// the folder holds at most MaxBytes. An entry that is truncated, corrupt, of
// another format version or of another key is ignored as a miss.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_RESULTCACHE_H
#define NOSQLINT_DRIVER_RESULTCACHE_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::driver {

/// A SHA-256 digest.
using CacheKey = std::array<uint8_t, 32>;

/// One piece of what a run wrote, in order.
struct CacheChunk {
  enum Kind : uint8_t { Stdout = 0, Stderr = 1, File = 2 };
  Kind Where = Stdout;
  std::string Path; // File only
  std::string Data;

  bool operator==(const CacheChunk &O) const {
    return Where == O.Where && Path == O.Path && Data == O.Data;
  }
};

struct CacheEntry {
  int ExitCode = 0;
  std::vector<CacheChunk> Chunks;
};

/// The entry's bytes, for the key \p Key.
std::string encodeCacheEntry(const CacheKey &Key, const CacheEntry &E);
/// The entry in \p Bytes if it is well formed and made for \p Key.
std::optional<CacheEntry> decodeCacheEntry(llvm::StringRef Bytes,
                                           const CacheKey &Key);

/// The key as 64 lowercase hex digits (the entry's file name).
std::string cacheKeyHex(const CacheKey &Key);

/// The default bound of a cache folder.
constexpr uint64_t DefaultCacheMaxBytes = 256u << 20;

class ResultCache {
public:
  ResultCache(std::string Dir, uint64_t MaxBytes = DefaultCacheMaxBytes)
      : Dir(std::move(Dir)), MaxBytes(MaxBytes) {}

  /// The entry of \p Key, or nothing (absent, unreadable or corrupt).
  std::optional<CacheEntry> lookup(const CacheKey &Key) const;
  /// Writes the entry of \p Key (atomically), then evicts; false when the
  /// folder cannot be written (the run goes on uncached).
  bool store(const CacheKey &Key, const CacheEntry &E) const;
  /// Removes the oldest entries until the folder holds at most MaxBytes,
  /// and temporary files that a killed run left (older than an hour).
  void evict() const;

  /// The file of \p Key's entry.
  std::string entryPath(const CacheKey &Key) const;
  const std::string &directory() const { return Dir; }

private:
  std::string entriesDir() const;
  bool prepareFolder() const;

  std::string Dir;
  uint64_t MaxBytes;
};

} // namespace nosqlint::driver

#endif
