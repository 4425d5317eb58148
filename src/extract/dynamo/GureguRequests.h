//===- GureguRequests.h - guregu/dynamo tables of struct fields -*- C++ -*-===//
//
// GoGuregu.cpp reads, in a Go file that does not import guregu/dynamo, the
// chains on `X.f.Table(..)` (X a receiver or parameter of the package's
// type T) as requests marked "T.f", and states, in each file that imports
// the library, the struct fields of type dynamo.DB it declares. A Go
// package is a folder: resolveGureguRequests joins the two once every file
// is read.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_GUREGUREQUESTS_H
#define NOSQLINT_EXTRACT_DYNAMO_GUREGUREQUESTS_H

#include "nosqlint/Extract/ModelTables.h"

#include "llvm/ADT/StringRef.h"

namespace nosqlint::extract {

/// The Operation of the fact a file states for each struct field of type
/// dynamo.DB (or *dynamo.DB) it declares (Sdk "guregu-dynamo", ModelClass
/// "T.f"). No request.
inline constexpr const char *kGureguFieldFact = "@GureguDBField";

/// Keeps each marked guregu/dynamo request (a ModelClass "T.f") whose
/// folder holds a file declaring field f of struct T of type dynamo.DB,
/// and drops the others (their Params cleared), and the facts.
void resolveGureguRequests(llvm::ArrayRef<ModelRequestFile> Files);

/// Whether a Go file that does not import the library may call a table of
/// a struct field declared elsewhere (it writes `.Table(`).
bool mayHoldGureguCalls(llvm::StringRef Src);

} // namespace nosqlint::extract

namespace nosqlint::extract::sdk {
using extract::kGureguFieldFact;
using extract::mayHoldGureguCalls;
} // namespace nosqlint::extract::sdk

#endif
