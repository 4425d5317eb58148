//===- ForceExclude.h - Excludes applied to named files ---------*- C++ -*-===//
//
// `force-exclude = true`: a file named on the command line is skipped when
// an exclude glob matches it, as a directory walk would skip it (the glob
// matched against the path as given and against each of its names). Editors
// and pre-commit hooks name files one by one; this keeps their runs to what
// `nosqlint .` reads.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CONFIG_FORCEEXCLUDE_H
#define NOSQLINT_CONFIG_FORCEEXCLUDE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace nosqlint::config {

/// Whether one of \p Globs matches \p Path or one of its names.
bool matchesExclude(llvm::StringRef Path, llvm::ArrayRef<std::string> Globs);

} // namespace nosqlint::config

#endif
