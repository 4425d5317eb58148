//===- EmbeddedModels.h - The models/*.models files, built in --*- C++ -*-===//
#ifndef NOSQLINT_EXTRACT_EMBEDDEDMODELS_H
#define NOSQLINT_EXTRACT_EMBEDDEDMODELS_H

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace nosqlint::extract {

/// The text of models/<Name>.models; empty when there is no such file.
llvm::StringRef embeddedModels(llvm::StringRef Name);
/// The names of the embedded files, sorted.
std::vector<llvm::StringRef> embeddedModelNames();

} // namespace nosqlint::extract

#endif
