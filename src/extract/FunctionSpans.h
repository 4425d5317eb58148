//===- FunctionSpans.h - The function around each query of a host file -*- C++ -*-===//
//
// The access-pattern report (`nosqlint patterns`) tells code paths apart by
// the named function or method a query is written in: two writes in one
// function update their tables together, as far as the code shows. Taken
// from the syntax tree while extraction holds it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_FUNCTIONSPANS_H
#define NOSQLINT_EXTRACT_FUNCTIONSPANS_H

#include "nosqlint/Extract/Extract.h"

#include <tree_sitter/api.h>

namespace nosqlint::extract {

/// Fills Out.FunctionSpans with the innermost named function or method
/// around each of Out's snippets and DynamoDB calls (once each, sorted).
/// Anonymous functions count only when bound to a name (`const f = () =>`).
void recordFunctionSpans(TSNode Root, FileId File, FileExtraction &Out);

} // namespace nosqlint::extract

#endif
