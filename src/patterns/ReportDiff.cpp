//===- ReportDiff.cpp - `patterns --against` ------------------------------===//
#include "nosqlint/Patterns/ReportDiff.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <set>

namespace nosqlint::patterns {

bool readBaseReport(llvm::StringRef Json, BaseReport &Out,
                    std::string &Error) {
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Json);
  if (!V) {
    Error = llvm::toString(V.takeError());
    return false;
  }
  const llvm::json::Object *Root = V->getAsObject();
  if (!Root) {
    Error = "not a patterns report: the document is not an object";
    return false;
  }
  llvm::Optional<int64_t> Version = Root->getInteger("version");
  if (!Version || *Version != ReportVersion) {
    Error = "not a version " + std::to_string(ReportVersion) +
            " patterns report (`version` is " +
            (Version ? std::to_string(*Version) : std::string("missing")) +
            ")";
    return false;
  }
  const llvm::json::Array *Reads = Root->getArray("reads");
  if (!Reads) {
    Error = "not a patterns report: no `reads` array";
    return false;
  }
  for (size_t I = 0; I < Reads->size(); ++I) {
    const llvm::json::Object *R = (*Reads)[I].getAsObject();
    llvm::Optional<llvm::StringRef> Shape;
    if (R)
      Shape = R->getString("shape");
    if (!Shape) {
      Error = "reads[" + std::to_string(I) + "] has no `shape` string";
      return false;
    }
    Out.Shapes.push_back(Shape->str());
    if (R->getBoolean("unserved").getValueOr(false))
      Out.UnservedShapes.push_back(Shape->str());
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
