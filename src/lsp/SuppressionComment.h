//===- SuppressionComment.h - `nosqlint: ignore` in a file's language -*- C++
//-*-===//
//
// The line comment a document's language writes a suppression in, where
// the driver reads suppressions (src/driver/RunSuppressions.cpp): `--` in
// CQL, `#` in Python, YAML and Terraform, `//` in the other host languages.
// JSON has no comments, nor do the files that are read without their
// comments (shell scripts, HOCON): no suppression is offered there.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_LSP_SUPPRESSIONCOMMENT_H
#define NOSQLINT_LSP_SUPPRESSIONCOMMENT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace nosqlint::lsp {

/// `-- nosqlint: ignore[rule]` (the comment opener of \p Path's language),
/// or nothing when suppressions are not read in such a file.
std::optional<std::string> suppressionComment(llvm::StringRef Path,
                                              llvm::StringRef Rule);

} // namespace nosqlint::lsp

#endif
