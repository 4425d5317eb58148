//===- CacheEntryFuzzer.cpp - Result cache entries (.nosqlint_cache) ------===//
//
// One entry file, read as it is and with a correct checksum appended (a
// mutation would never pass the xxHash64 check by chance, and everything
// after it would go untested), for the key the entry names: never a crash
// or an allocation beyond its size, and an entry that is accepted reads
// back the same once written again.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "ResultCache.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

using namespace nosqlint;
using namespace nosqlint::driver;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Bytes = fuzz::asText(Data, Size);
  CacheKey Key{};
  // The key the entry claims (after the magic and the version), so that
  // the fuzzer reaches past the key check.
  if (Bytes.size() >= 12 + Key.size())
    std::copy_n(Bytes.bytes_begin() + 12, Key.size(), Key.begin());
  decodeCacheEntry(Bytes, Key);
  std::string Summed = Bytes.str();
  char Sum[8];
  llvm::support::endian::write64le(Sum, llvm::xxHash64(Bytes));
  Summed.append(Sum, 8);
  std::optional<CacheEntry> E = decodeCacheEntry(Summed, Key);
  if (!E)
    return 0;
  std::optional<CacheEntry> Again =
      decodeCacheEntry(encodeCacheEntry(Key, *E), Key);
  if (!Again || Again->ExitCode != E->ExitCode || !(Again->Chunks == E->Chunks))
    __builtin_trap();
  return 0;
}
