//===- SdkCalls.cpp - Dispatch to the recognizer of the file's SDK --------===//
#include "SdkCalls.h"

#include <algorithm>

namespace nosqlint::extract::sdk {

std::vector<std::pair<uint32_t, uint32_t>>
findDynamoCalls(const LanguageSpec &Spec, Evaluator &Eval, llvm::StringRef Src,
                FileId File, TSNode Root, std::vector<DynamoCall> &Out) {
  HostJson Json(Eval, File);
  SdkContext C{Spec, Eval, Json, Src, File, Out};
  switch (Spec.Lang) {
  case HostLanguage::Python:
    findBoto3Calls(C, Root);
    break;
  case HostLanguage::JavaScript:
  case HostLanguage::TypeScript:
  case HostLanguage::Tsx:
    findJsSdkCalls(C, Root);
    break;
  case HostLanguage::Java:
    findJavaSdkCalls(C, Root);
    break;
  case HostLanguage::Go:
    findGoSdkCalls(C, Root);
    break;
  case HostLanguage::CSharp:
    findDotNetSdkCalls(C, Root);
    break;
  case HostLanguage::Kotlin:
  case HostLanguage::Scala:
    break;
  }
  std::stable_sort(Out.begin(), Out.end(),
                   [](const DynamoCall &A, const DynamoCall &B) {
                     return A.Range.Begin < B.Range.Begin;
                   });
  std::vector<std::pair<uint32_t, uint32_t>> Consumed = Json.consumed();
  for (const DynamoCall &Call : Out)
    Consumed.emplace_back(Call.Range.Begin, Call.Range.End);
  return Consumed;
}

} // namespace nosqlint::extract::sdk
