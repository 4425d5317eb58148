//===- Whitespace.cpp - Text compared without its layout ------------------===//
#include "nosqlint/Basic/Whitespace.h"

namespace nosqlint {

std::string collapseWhitespace(llvm::StringRef Text, size_t MaxBytes) {
  std::string Out;
  for (char C : Text) {
    if (Out.size() >= MaxBytes)
      break;
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (!Out.empty() && Out.back() != ' ')
        Out += ' ';
      continue;
    }
    Out += C;
  }
  if (!Out.empty() && Out.back() == ' ')
    Out.pop_back();
  return Out;
}

} // namespace nosqlint
