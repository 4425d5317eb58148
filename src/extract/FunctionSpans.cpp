//===- FunctionSpans.cpp - The function around each query of a host file --===//
#include "FunctionSpans.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace nosqlint::extract {

namespace {

/// Declarations of named functions, methods and constructors across the
/// host grammars.
bool isNamedFunction(llvm::StringRef T) {
  static const char *const Types[] = {
      "method_declaration",    "constructor_declaration",
      "function_declaration",  "function_definition",
      "method_definition",     "generator_function_declaration",
      "secondary_constructor", "local_function_statement",
      "function_item"};
  return llvm::is_contained(Types, T);
}

bool isAnonymousFunction(llvm::StringRef T) {
  return T == "arrow_function" || T == "function_expression" ||
         T == "function" || T == "lambda_expression" || T == "func_literal";
}

/// An anonymous function given a name: `const create = async () => {}`,
/// `create: function () {}`, a class field.
bool boundToName(TSNode N) {
  TSNode P = ts_node_parent(N);
  if (ts_node_is_null(P))
    return false;
  llvm::StringRef T = ts_node_type(P);
  return T == "variable_declarator" || T == "pair" ||
         T == "public_field_definition" || T == "field_definition" ||
         T == "property_declaration" || T == "short_var_declaration" ||
         T == "var_spec";
}

std::optional<SourceRange> functionAround(TSNode Root, FileId File,
                                          SourceRange R) {
  TSNode N = ts_node_descendant_for_byte_range(Root, R.Begin, R.End);
  for (; !ts_node_is_null(N); N = ts_node_parent(N)) {
    llvm::StringRef T = ts_node_type(N);
    if (isNamedFunction(T) || (isAnonymousFunction(T) && boundToName(N)))
      return SourceRange(File, ts_node_start_byte(N), ts_node_end_byte(N));
  }
  return std::nullopt;
}

} // namespace

void recordFunctionSpans(TSNode Root, FileId File, FileExtraction &Out) {
  auto Add = [&](SourceRange R) {
    if (R.File != File)
      return;
    if (std::optional<SourceRange> F = functionAround(Root, File, R))
      Out.FunctionSpans.push_back(*F);
  };
  for (const CqlSnippet &S : Out.Snippets)
    Add(S.Range);
  for (const DynamoCall &C : Out.DynamoCalls)
    Add(C.Range);
  std::sort(Out.FunctionSpans.begin(), Out.FunctionSpans.end(),
            [](SourceRange A, SourceRange B) {
              return std::make_pair(A.Begin, A.End) <
                     std::make_pair(B.Begin, B.End);
            });
  Out.FunctionSpans.erase(
      std::unique(Out.FunctionSpans.begin(), Out.FunctionSpans.end(),
                  [](SourceRange A, SourceRange B) {
                    return A.Begin == B.Begin && A.End == B.End;
                  }),
      Out.FunctionSpans.end());
}

} // namespace nosqlint::extract
