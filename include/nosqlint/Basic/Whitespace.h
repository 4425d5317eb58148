//===- Whitespace.h - Text compared without its layout ----------*- C++ -*-===//
#ifndef NOSQLINT_BASIC_WHITESPACE_H
#define NOSQLINT_BASIC_WHITESPACE_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <string>

namespace nosqlint {

/// \p Text with every run of spaces, tabs and line breaks turned into one
/// space, trimmed; at most about \p MaxBytes long (the rest is dropped).
std::string collapseWhitespace(llvm::StringRef Text,
                               size_t MaxBytes = std::string::npos);

} // namespace nosqlint

#endif
