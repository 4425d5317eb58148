//===- ReservedWordRule.cpp - reserved-word -------------------------------===//
//
// An attribute name written directly in an expression that is one of
// DynamoDB's reserved words (any component of a document path, any case).
// The finding points at the word; the note shows the placeholder to use.
// In a request written as JSON the fix writes it: the word becomes #word,
// and ExpressionAttributeNames gets "#word": "word" unless it has it.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "JsonFixes.h"
#include "ReservedWords.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

/// The edits that put \p Placeholder for the word at \p N, or none when
/// that is not certain: host source, an escape in the word, a placeholder of
/// that name standing for another attribute.
static std::vector<FixIt> placeholderFix(const Request &R, const Expression &E,
                                         const PathElement &N,
                                         const std::string &Placeholder) {
  if (!R.JsonText || !E.Json || E.Json->Origin || R.namesOpen() ||
      N.Range.End - N.Range.Begin != N.Written.size())
    return {};
  std::vector<FixIt> Fix = {{N.Range, Placeholder}};
  for (const PlaceholderDef &D : R.Names)
    if (D.Key == Placeholder)
      return D.Value && D.Value->isString() && D.Value->Str == N.Written
                 ? Fix
                 : std::vector<FixIt>();
  std::optional<FixIt> Entry;
  if (R.NamesJson)
    Entry = addMember(R, *R.NamesJson, Placeholder, jsonQuoted(N.Written));
  else if (R.Params)
    Entry = addMember(R, *R.Params, "ExpressionAttributeNames",
                      "{" + jsonQuoted(Placeholder) + ": " +
                          jsonQuoted(N.Written) + "}");
  if (!Entry)
    return {};
  Fix.push_back(*Entry);
  return Fix;
}

void checkReservedWords(const RequestContext &C) {
  for (const Expression &E : C.R.Expressions) {
    if (!E.Problems.empty())
      continue;
    for (const PathElement &N : E.BareNames) {
      if (!isReservedWord(N.Written))
        continue;
      std::string Placeholder = "#" + N.Written;
      DiagnosticBuilder B =
          C.report(RuleId::ReservedWord, N.Range,
                   fmt::format("Invalid {}: Attribute name is a reserved "
                               "keyword; reserved keyword: {}",
                               exprParamName(E.Kind), N.Written));
      B.note(SourceRange(),
             fmt::format("write {} in the expression and add "
                         "\"ExpressionAttributeNames\": {{\"{}\": \"{}\"}}",
                         Placeholder, Placeholder, N.Written));
      for (FixIt &F : placeholderFix(C.R, E, N, Placeholder))
        B.fixIt(F.Range, std::move(F.Replacement));
    }
  }
}

} // namespace nosqlint::dynamo
