//===- Outputs.h - Pairing --format with -o ---------------------*- C++ -*-===//
//
// A run may write several formats at once: each --format takes the -o (or
// --output-file) that follows it, before the next --format; a format with no
// -o goes to stdout, and at most one may. A lone -o before any --format
// applies to the default format (full text). The command line hands the
// options over in the order they were written; this file pairs them, so any
// command-line library can share the rule.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_OUTPUTS_H
#define NOSQLINT_DRIVER_OUTPUTS_H

#include "nosqlint/Driver/Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint {

/// One --format or -o argument, in command-line order.
struct OutputArg {
  enum KindType { Format, File } Kind = Format;
  std::string Value;
};

/// One output as the command line names it: a format word and a file.
struct NamedOutput {
  std::string Format;
  std::string Path; // empty: stdout
};

/// The pairing rule with the format words left as words (`nosqlint
/// patterns` has formats of its own): \p Known says which words are
/// formats, \p Choices lists them for the error, \p DefaultFormat is a lone
/// -o's.
bool pairOutputNames(llvm::ArrayRef<OutputArg> Args,
                     llvm::function_ref<bool(llvm::StringRef)> Known,
                     llvm::StringRef Choices, llvm::StringRef DefaultFormat,
                     std::vector<NamedOutput> &Outputs, std::string &Error);

/// Pairs the arguments into outputs. Returns false with \p Error set for an
/// unknown format name, two -o after one format, or several stdout outputs.
bool pairOutputs(llvm::ArrayRef<OutputArg> Args,
                 std::vector<OutputSpec> &Outputs, std::string &Error);

} // namespace nosqlint

#endif
