//===- Version.h - What `nosqlint --version` prints -------------*- C++ -*-===//
#ifndef NOSQLINT_TOOLS_VERSION_H
#define NOSQLINT_TOOLS_VERSION_H

#include "llvm/Support/raw_ostream.h"

namespace nosqlint::tool {

/// The version, the commit the build was configured at ("unknown" outside
/// a git checkout) and the target databases.
void printVersion(llvm::raw_ostream &OS);

} // namespace nosqlint::tool

#endif
