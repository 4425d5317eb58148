//===- YamlComments.h - Where the comments of a YAML text are --*- C++ -*-===//
//
// A `#` starts a YAML comment at the start of a line or after a space or
// tab, outside a quoted scalar and outside the content lines of a block
// scalar (`|`, `>`). LLVM's YAML parser drops comments, so they are found
// here by that rule alone.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_YAMLCOMMENTS_H
#define NOSQLINT_DRIVER_YAMLCOMMENTS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace nosqlint {

/// The byte ranges of the comments of \p Text, in order.
std::vector<std::pair<uint32_t, uint32_t>> yamlComments(llvm::StringRef Text);

} // namespace nosqlint

#endif
