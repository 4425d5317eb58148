//===- UnifiedDiffFuzzer.cpp - --diff on any pair of texts ----------------===//
//
// The input is two texts split at the first NUL byte (all of it the second
// when there is none). The diff must read back to the second text: every
// context and removed line where it says, hunk numbers right, the missing
// final newline marked.
//
//===----------------------------------------------------------------------===//
#include "UnifiedDiff.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Input(reinterpret_cast<const char *>(Data), Size);
  auto [Before, After] = Input.split('\0');
  if (After.data() == nullptr || Before.size() == Input.size())
    std::swap(Before, After); // no NUL: from nothing
  std::string Diff = nosqlint::unifiedDiff("f", Before, After);
  std::optional<std::string> Back = nosqlint::applyUnifiedDiff(Before, Diff);
  if (!Back || *Back != After)
    std::abort();
  return 0;
}
