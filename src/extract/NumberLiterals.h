//===- NumberLiterals.h - Host number literals as CQL literals -*- C++ -*-===//
//
// A number constant pasted into a query is written the way its language
// writes numbers: Java/Kotlin `5L`, `4_002_002_002L`, `0x1F`, `1.5f`, C#
// `10m`/`5UL`, Go and Python `1_000`, `0o17`, `0b101`. The CQL text gets the
// literal it denotes (`5`, `4002002002`, `31`, `1.5`, `10`, `1000`, `15`,
// `5`); a literal that has no CQL spelling (a complex number, a hex value
// past 64 bits) stays as written.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_NUMBERLITERALS_H
#define NOSQLINT_EXTRACT_NUMBERLITERALS_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace nosqlint::extract {

std::string cqlNumberLiteral(HostLanguage Lang, llvm::StringRef Written);

} // namespace nosqlint::extract

#endif
