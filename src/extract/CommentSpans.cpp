//===- CommentSpans.cpp - Comments and query statements of a host file ----===//
//
// A query's host statement is found by walking up from the smallest node
// that spans the query until the parent is a node that holds statements or
// declarations (a block, a class body, the file); an annotation, decorator
// or attribute is a statement of its own, so that a comment above an
// annotated method covers the annotation's query and not the method body.
//
//===----------------------------------------------------------------------===//
#include "CommentSpans.h"
#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace nosqlint::extract {

namespace {

/// Node types whose children are statements or declarations, across the
/// host grammars.
bool holdsStatements(llvm::StringRef T) {
  static const char *const Types[] = {
      "program",          "module",          "source_file",
      "compilation_unit", "block",           "statement_block",
      "class_body",       "interface_body",  "enum_body",
      "enum_body_declarations", "constructor_body", "declaration_list",
      "statements",       "template_body",   "indented_block",
      "switch_block_statement_group", "statement_list", "expression_case",
      "default_case",     "communication_case", "switch_case",
      "switch_default",   "switch_section",  "function_body",
      "control_structure_body", "lambda_literal", "object_type"};
  return llvm::is_contained(Types, T);
}

/// Annotations and their kin: a statement of their own.
bool isAnnotation(llvm::StringRef T) {
  return T == "annotation" || T == "marker_annotation" || T == "decorator" ||
         T == "attribute_list";
}

SourceRange statementAround(TSNode Root, FileId File, SourceRange R) {
  TSNode N = ts_node_descendant_for_byte_range(Root, R.Begin, R.End);
  while (!ts_node_is_null(N)) {
    TSNode P = ts_node_parent(N);
    if (ts_node_is_null(P) || isAnnotation(ts_node_type(N)) ||
        holdsStatements(ts_node_type(P)))
      break;
    N = P;
  }
  if (ts_node_is_null(N) || ts_node_eq(N, Root))
    return R;
  return SourceRange(File, std::min(R.Begin, ts_node_start_byte(N)),
                     std::max(R.End, ts_node_end_byte(N)));
}

} // namespace

std::vector<SourceRange> commentRanges(TSNode Root, FileId File) {
  std::vector<SourceRange> Out;
  forEachNamedNode(Root, [&](TSNode N) {
    if (isCommentType(ts_node_type(N)))
      Out.push_back(
          SourceRange(File, ts_node_start_byte(N), ts_node_end_byte(N)));
  });
  return Out;
}

void recordCommentsAndStatements(TSNode Root, FileId File,
                                 FileExtraction &Out) {
  Out.Comments = commentRanges(Root, File);
  for (const CqlSnippet &S : Out.Snippets)
    if (S.Range.File == File)
      Out.Statements.push_back(statementAround(Root, File, S.Range));
  for (const DynamoCall &C : Out.DynamoCalls)
    if (C.Range.File == File)
      Out.Statements.push_back(statementAround(Root, File, C.Range));
}

} // namespace nosqlint::extract
