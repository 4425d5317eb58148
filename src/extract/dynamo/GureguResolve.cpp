//===- GureguResolve.cpp - guregu/dynamo DB fields joined by package ------===//
#include "GureguRequests.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract {

void resolveGureguRequests(llvm::ArrayRef<ModelRequestFile> Files) {
  // Per folder (a Go package), the fields of type dynamo.DB declared.
  llvm::StringMap<llvm::StringSet<>> Fields;
  for (const ModelRequestFile &F : Files)
    for (const DynamoCall &C : *F.Calls)
      if (C.Operation == kGureguFieldFact && C.Params)
        Fields[F.Directory].insert(C.ModelClass);
  for (const ModelRequestFile &F : Files)
    for (DynamoCall &C : *F.Calls) {
      if (C.Sdk != "guregu-dynamo" || C.ModelClass.empty() || !C.Params)
        continue;
      if (C.Operation == kGureguFieldFact) {
        C.Params.reset();
        continue;
      }
      auto It = Fields.find(F.Directory);
      if (It == Fields.end() || !It->second.contains(C.ModelClass))
        C.Params.reset(); // not the library's DB: a look-alike
    }
}

} // namespace nosqlint::extract
