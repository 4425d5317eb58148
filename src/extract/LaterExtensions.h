//===- LaterExtensions.h - A query variable extended further on -*- C++ -*-===//
//
// `StringBuilder sb = new StringBuilder("UPDATE "); sb.append(table); ...`,
// `q := "SELECT a FROM t"; q += " WHERE k = ?"`: the statement is the first
// value followed by the extensions the next statements of its block make,
// in order, up to the first other use of the variable. An extension made
// inside a nested statement (a loop, a branch) runs an unknown number of
// times: it is one hole standing for the whole nested statement, so the
// statement is partial and no finding rests on it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_LATEREXTENSIONS_H
#define NOSQLINT_EXTRACT_LATEREXTENSIONS_H

#include "Evaluator.h"
#include "Rebuilt.h"

namespace nosqlint::extract {

/// Whether variable \p Name is extended in file bytes [Begin, End):
/// `Name += "..."`, `Name = Name + ...`, `Name.append(...)`.
bool isExtendedWithin(llvm::StringRef Src, llvm::StringRef Name,
                      uint32_t Begin, uint32_t End);

/// Appends to \p Out what the statements after the one that assigns \p Value
/// to \p Name add to it. Returns the number of statements followed (0: the
/// value is not assigned in a block the reading understands; \p Out then
/// ends with one hole standing for the rest).
unsigned appendLaterExtensions(Evaluator &Eval, TSNode Value,
                               llvm::StringRef Name, Rebuilt &Out);

} // namespace nosqlint::extract

#endif
