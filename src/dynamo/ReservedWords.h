//===- ReservedWords.h - DynamoDB's reserved words -------------*- C++ -*-===//
#ifndef NOSQLINT_SRC_DYNAMO_RESERVEDWORDS_H
#define NOSQLINT_SRC_DYNAMO_RESERVEDWORDS_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>

namespace nosqlint::dynamo {

/// True if \p Name (any case) is reserved in DynamoDB expressions.
bool isReservedWord(llvm::StringRef Name);
size_t reservedWordCount();

} // namespace nosqlint::dynamo

#endif
