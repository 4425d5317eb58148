//===- CqlshCommands.cpp - The commands cqlsh runs itself -----------------===//
//
// The words are cqlsh's (cqlshlib/cqlshhandling.py: the special commands and
// my_commands_ending_with_newline), plus ELAPSED and UNICODE of later cqlsh
// releases.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Basic/CqlshCommands.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"


namespace nosqlint {

namespace {

bool isOneOf(llvm::StringRef Word, llvm::ArrayRef<llvm::StringRef> Words) {
  return llvm::any_of(Words, [&](llvm::StringRef W) {
    return Word.equals_insensitive(W);
  });
}

constexpr llvm::StringRef NewlineCommands[] = {
    "HELP",  "?",      "CONSISTENCY", "SHOW",    "SOURCE", "CAPTURE",
    "LOGIN", "DEBUG",  "TRACING",     "EXPAND",  "PAGING", "EXIT",
    "QUIT",  "CLEAR",  "CLS",         "ELAPSED", "UNICODE"};

} // namespace

bool isCqlshCommand(llvm::StringRef First, llvm::StringRef Second) {
  if (First.equals_insensitive("SERIAL"))
    return Second.equals_insensitive("CONSISTENCY");
  return First.equals_insensitive("COPY") || isOneOf(First, NewlineCommands);
}

bool cqlshEndsAtNewline(llvm::StringRef First) {
  return First.equals_insensitive("SERIAL") ||
         First.equals_insensitive("DESCRIBE") ||
         First.equals_insensitive("DESC") || isOneOf(First, NewlineCommands);
}

} // namespace nosqlint
