//===- ServerCommand.h - `nosqlint server` ----------------------*- C++ -*-===//
#ifndef NOSQLINT_TOOLS_SERVERCOMMAND_H
#define NOSQLINT_TOOLS_SERVERCOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace nosqlint::tool {

/// Runs the language server on stdin/stdout. \p Args are the check
/// command's options (--schema, --config, --isolated, --select, ...),
/// applied under the configuration of the workspace folder the client
/// names, as `nosqlint check <folder>` would.
int runServerCommand(llvm::ArrayRef<std::string> Args, llvm::raw_ostream &Err);

} // namespace nosqlint::tool

#endif
