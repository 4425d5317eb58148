//===- CliParse.h - Running a CLI11 app the way nosqlint reports ---*- C++ -*-===//
//
// Every command parses its arguments the same way: --help prints the app's
// help and exits 0; a parse error is one `nosqlint: error: ...; see --help`
// line and exit 2.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TOOLS_CLIPARSE_H
#define NOSQLINT_TOOLS_CLIPARSE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace nosqlint::tool {

/// `nosqlint: error: <Message>` on \p Err.
void usageError(llvm::raw_ostream &Err, const std::string &Message);

/// Parses \p Args into \p App; the exit code when the command stops there
/// (help, or a parse error), nullopt to go on.
std::optional<int> parseInto(CLI::App &App, llvm::ArrayRef<std::string> Args,
                             llvm::raw_ostream &OS, llvm::raw_ostream &Err);

} // namespace nosqlint::tool

#endif
