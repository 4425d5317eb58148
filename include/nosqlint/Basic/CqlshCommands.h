//===- CqlshCommands.h - The commands cqlsh runs itself ---------*- C++ -*-===//
//
// cqlsh reads a script (`cqlsh -f`, `cqlsh -e`, a `.cql` file fed to it) as
// CQL statements mixed with commands of its own (SHOW VERSION, COPY ... FROM,
// CONSISTENCY QUORUM, TRACING ON, SOURCE 'file', ...), which it runs itself
// and never sends to the database. Its splitter ends those commands, and
// DESCRIBE, at the end of their line as well as at a ';' (cqlshlib's
// commands_end_with_newline); COPY is not one of them and runs to its ';'.
// The shell and the .cql readers share this list.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_BASIC_CQLSHCOMMANDS_H
#define NOSQLINT_BASIC_CQLSHCOMMANDS_H

#include "llvm/ADT/StringRef.h"

namespace nosqlint {

/// Whether a statement whose first word is \p First (and whose second word
/// is \p Second, empty when there is none) is a cqlsh command, in any case:
/// `SHOW`, `COPY`, `?`, ...; `SERIAL` only as `SERIAL CONSISTENCY`.
bool isCqlshCommand(llvm::StringRef First, llvm::StringRef Second);

/// Whether cqlsh ends the command or statement that begins with \p First at
/// the end of its line when no ';' comes first: every cqlsh command but
/// COPY, and DESCRIBE/DESC.
bool cqlshEndsAtNewline(llvm::StringRef First);

} // namespace nosqlint

#endif
