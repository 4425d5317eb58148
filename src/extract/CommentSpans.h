//===- CommentSpans.h - Comments and query statements of a host file -*- C++ -*-===//
//
// What suppression comments need of a host file, taken from its syntax tree
// while extraction holds it: the byte range of every comment node, and for
// each query (snippet or DynamoDB call) the host statement it is part of.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_COMMENTSPANS_H
#define NOSQLINT_EXTRACT_COMMENTSPANS_H

#include "nosqlint/Extract/Extract.h"

#include <tree_sitter/api.h>

namespace nosqlint::extract {

/// Every comment node below \p Root, in source order.
std::vector<SourceRange> commentRanges(TSNode Root, FileId File);

/// Fills Out.Comments, and Out.Statements with the host statement of each
/// of Out's snippets and DynamoDB calls.
void recordCommentsAndStatements(TSNode Root, FileId File,
                                 FileExtraction &Out);

} // namespace nosqlint::extract

#endif
