//===- StdinInput.h - `-` and --stdin-filename --------------------*- C++
//-*-===//
//
// An input `-` (or `/dev/stdin`) is the text on standard input. Under
// --stdin-filename PATH it is reported as PATH and analyzed as that file
// would be: its language from the name, the configuration that governs the
// path (rules, per-file ignores, excludes with --force-exclude). Without a
// name it is CQL, reported as `<stdin>`, under the current folder's
// configuration. --stdin-filename without any input reads stdin too.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TOOLS_STDININPUT_H
#define NOSQLINT_TOOLS_STDININPUT_H

#include "nosqlint/Driver/Options.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace nosqlint::tool {

/// Whether \p Input names standard input.
bool isStdinInput(llvm::StringRef Input);

/// Reads stdin for the `-` of \p O.Inputs (under \p StdinFilename, if not
/// empty) into an overlay of O. Returns an exit code on a usage error (stdin
/// named twice, a name without `-` beside other inputs, unreadable stdin).
std::optional<int> takeStdinInput(DriverOptions &O,
                                  const std::string &StdinFilename,
                                  llvm::raw_ostream &Err);

} // namespace nosqlint::tool

#endif
