//===- RuleDocs.h - Rule pages embedded at build time ----------*- C++ -*-===//
#ifndef NOSQLINT_DIAG_RULEDOCS_H
#define NOSQLINT_DIAG_RULEDOCS_H

#include "llvm/ADT/StringRef.h"

namespace nosqlint {
/// The text of docs/rules/<Name>.md, or empty when there is no page.
llvm::StringRef embeddedRuleDoc(llvm::StringRef Name);
} // namespace nosqlint

#endif
