//===- WrapperSummaries.h - Wrappers of the SDK requests a file builds -*- C++ -*-===//
//
// Which functions of a file build DynamoDB requests from their own
// parameters, and where: the WrapperFunction summaries (Extract.h) that
// WrapperCalls.cpp instantiates at the calls of other files. A request's
// value is a hole for a parameter when it is Unknown and spans exactly that
// parameter's name (or a helper call on it alone, `aws.String(table)`), and
// the function never assigns the parameter. A request built under a
// condition on a parameter is left out (the call decides whether it is
// sent); CreateTable and UpdateTable are definitions, not requests of a
// call.
//
// JavaScript and TypeScript also take a property of a parameter
// (`const { table } = params`, `({ table }: Params)`, `params.table`: a hole
// with a Member, filled from the call's object literal), a dynamodb-toolbox
// request on an Entity or Table a parameter gives (the template's
// Receiver: its table is the caller's), and a function of the file that
// passes its parameters on to one of the file's wrappers (`getClean(params)
// { get(params) }`, to three calls deep).
//
// The language's part is small: the function around a request, its
// parameters and owner, and the package (WrapperSyntax). The holes are
// found on the request JSON itself, the same for every SDK recognizer.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_WRAPPERSUMMARIES_H
#define NOSQLINT_EXTRACT_DYNAMO_WRAPPERSUMMARIES_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <tree_sitter/api.h>

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract::sdk {

/// A function definition, as the summaries and the call sites read it.
struct FunctionSyntax {
  TSNode Node;      // the whole definition
  TSNode Body;
  llvm::StringRef Name;
  llvm::StringRef Owner; // the receiver's type (Go); empty for a function
  llvm::StringRef ReceiverName;
  llvm::SmallVector<llvm::StringRef, 8> Params;
  bool Variadic = false;
  /// How many of the last parameters have a default or are optional.
  unsigned Optional = 0;
};

/// The function definition that encloses byte \p Offset (the innermost
/// named one; a function literal inside it does not count).
std::optional<FunctionSyntax> enclosingFunction(HostLanguage Lang,
                                                llvm::StringRef Src,
                                                TSNode Root, uint32_t Offset);
/// The function a JavaScript call names (its `function` child \p Fn),
/// through tree-sitter's reading of `await f<T>(x)`.
TSNode jsCallee(TSNode Fn);
/// The package a file declares (`package dynamodb`), or empty.
llvm::StringRef packageOf(HostLanguage Lang, llvm::StringRef Src, TSNode Root);
/// Whether word \p Name is assigned (`x = `, `x := `, `x += `, `&x`) in
/// the bytes [Begin, End) of \p Src.
bool assignedIn(llvm::StringRef Src, uint32_t Begin, uint32_t End,
                llvm::StringRef Name);

/// The wrappers among the functions enclosing \p Calls (the requests the
/// file's recognizers built).
std::vector<WrapperFunction>
summarizeWrappers(HostLanguage Lang, llvm::StringRef Src, TSNode Root,
                  const std::vector<DynamoCall> &Calls);

} // namespace nosqlint::extract::sdk

#endif
