//===- ReportDiff.cpp - `patterns --against` ------------------------------===//
#include "nosqlint/Patterns/ReportDiff.h"

#include "nosqlint/Json/PositionedJson.h"

#include <set>

namespace nosqlint::patterns {

namespace {

/// "line:column: " of a byte offset.
std::string position(llvm::StringRef Text, uint32_t Offset) {
  llvm::StringRef Before = Text.take_front(Offset);
  size_t LineStart = Before.rfind('\n') + 1; // npos + 1 is 0
  return std::to_string(Before.count('\n') + 1) + ":" +
         std::to_string(Before.size() - LineStart + 1) + ": ";
}

} // namespace

bool readBaseReport(llvm::StringRef Text, BaseReport &Out,
                    std::string &Error) {
  using json::JsonValue;
  json::JsonError Err;
  std::optional<JsonValue> Doc = json::parseJson(Text, Err);
  if (!Doc) {
    Error = position(Text, Err.Offset) + "malformed report: " + Err.Message;
    return false;
  }
  auto Fail = [&](const JsonValue &V, const std::string &What) {
    Error = position(Text, V.Begin) + What;
    return false;
  };
  if (!Doc->isObject())
    return Fail(*Doc, "not a patterns report: expected an object");
  const JsonValue *Version = Doc->get("version");
  if (!Version || !Version->isNumber() || Version->Number != ReportVersion)
    return Fail(Version ? *Version : *Doc,
                "not a version " + std::to_string(ReportVersion) +
                    " patterns report (`nosqlint patterns --format=json` "
                    "writes one)");
  const JsonValue *Reads = Doc->get("reads");
  if (!Reads || !Reads->isArray())
    return Fail(Reads ? *Reads : *Doc,
                "not a patterns report: no `reads` array");
  for (size_t I = 0; I < Reads->Elements.size(); ++I) {
    const JsonValue &R = Reads->Elements[I];
    const JsonValue *Shape = R.isObject() ? R.get("shape") : nullptr;
    if (!Shape || !Shape->isString())
      return Fail(R, "reads[" + std::to_string(I) + "] has no `shape` string");
    Out.Shapes.push_back(Shape->Str);
    const JsonValue *Unserved = R.get("unserved");
    if (Unserved && Unserved->isBool() && Unserved->Bool)
      Out.UnservedShapes.push_back(Shape->Str);
  }
  return true;
}

void diffAgainst(const BaseReport &Base, llvm::StringRef BasePath,
                 PatternReport &R) {
  ReportDiff D;
  D.Against = BasePath.str();
  std::set<std::string> Before(Base.Shapes.begin(), Base.Shapes.end());
  std::set<std::string> UnservedBefore(Base.UnservedShapes.begin(),
                                       Base.UnservedShapes.end());
  std::set<std::string> Now, Listed, ListedUnserved;
  for (const Read &X : R.Reads) {
    std::string S = X.shape();
    Now.insert(S);
    if (!Before.count(S) && Listed.insert(S).second)
      D.NewPatterns.push_back(X);
    if (X.Unserved && !UnservedBefore.count(S) &&
        ListedUnserved.insert(S).second)
      D.NewUnserved.push_back(X);
  }
  for (const std::string &S : Before)
    if (!Now.count(S))
      D.Gone.push_back(S);
  R.Diff = std::move(D);
}

} // namespace nosqlint::patterns
