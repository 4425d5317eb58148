//===- ModelLanguages.h - The host language of a models file ---*- C++ -*-===//
#ifndef NOSQLINT_TESTS_EXTRACT_MODELLANGUAGES_H
#define NOSQLINT_TESTS_EXTRACT_MODELLANGUAGES_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/StringRef.h"

namespace nosqlint::extract {

/// The language whose files a models/<Name>.models file's examples are.
inline HostLanguage languageOfModels(llvm::StringRef Name) {
  if (Name == "kotlin")
    return HostLanguage::Kotlin;
  if (Name == "scala")
    return HostLanguage::Scala;
  if (Name == "python")
    return HostLanguage::Python;
  if (Name == "go")
    return HostLanguage::Go;
  if (Name == "javascript")
    return HostLanguage::JavaScript;
  if (Name == "csharp")
    return HostLanguage::CSharp;
  return HostLanguage::Java;
}

} // namespace nosqlint::extract

#endif
