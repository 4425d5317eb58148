//===- CacheKey.h - The pieces a result cache key is made of ----*- C++ -*-===//
//
// A key is a SHA-256 over length-prefixed fields, so that no two different
// lists of fields give the same bytes. The fields that identify the binary
// and the content of a file are here; which fields a run adds is decided in
// RunCache.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_CACHEKEY_H
#define NOSQLINT_DRIVER_CACHEKEY_H

#include "ResultCache.h"

#include "llvm/Support/SHA256.h"

#include <optional>
#include <string>
#include <utility>

namespace nosqlint::driver {

class CacheKeyBuilder {
public:
  void add(llvm::StringRef Field);
  void add(uint64_t Number);
  CacheKey finish();

private:
  llvm::SHA256 Hash;
};

/// What tells this build of nosqlint from any other: the GNU build id of
/// the executable, else a hash of its bytes; empty when neither can be
/// read (then nothing is cached: a stale entry could not be told apart).
const std::string &binaryIdentity();

/// A file's size and the xxHash64 of its bytes; nothing when it cannot be
/// read.
std::optional<std::string> fileContentHash(llvm::StringRef Path);

/// A file's size and modification time, to tell whether it changed since.
using FileStamp = std::pair<uint64_t, int64_t>;
std::optional<FileStamp> fileStamp(llvm::StringRef Path);

} // namespace nosqlint::driver

#endif
