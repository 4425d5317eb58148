//===- WrapperCalls.h - Requests built through the application's wrappers -*- C++ -*-===//
//
// A file's WrapperFunction summaries (Extract.h) are joined with the calls
// of the other files of their package once every file is extracted: each
// call of a wrapper, resolved to that definition (same package, the same
// receiver type for a method), becomes the requests the wrapper builds,
// its parameters filled with the call's arguments. A wrapper's parameter
// whose argument is computed at run time stays Unknown; the requests are
// positioned at the call (its callee name and its arguments), so findings
// point where the wrapper is called. One call level only: a call inside a
// wrapper makes no summary of its own, but for a JavaScript function that
// passes its parameters on to a wrapper of its own file (WrapperSummaries.h).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_WRAPPERCALLS_H
#define NOSQLINT_EXTRACT_WRAPPERCALLS_H

#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/JsModules.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace nosqlint::extract {

/// One host file of the run, as the join sees it.
struct WrapperUnit {
  HostLanguage Lang = HostLanguage::Go;
  FileId File;
  llvm::StringRef Text;
  /// The file's path as given, and its folder (a Go package is one
  /// folder; JavaScript imports are relative to it).
  std::string Path;
  std::string Directory;
  /// The constants of the file's package, when extraction used them.
  const PackageConstants *Constants = nullptr;
  /// The wrappers the file declares (may be empty).
  const std::vector<WrapperFunction> *Wrappers = nullptr;
  /// The file's requests: the ones made at its calls of wrappers are
  /// appended, in source order.
  std::vector<DynamoCall> *Calls = nullptr;
};

/// Appends to each unit's Calls the requests its calls of the wrappers of
/// its package build; returns how many. Thread-compatible (one call).
/// With \p Modules, a JavaScript import is followed as JsModules.h says
/// (workspace packages, tsconfig paths, re-exports); without, only a
/// relative import of the declaring file itself.
unsigned joinWrapperCalls(llvm::ArrayRef<WrapperUnit> Units,
                          JsModules *Modules = nullptr);

/// Whether \p Text holds a call of one of \p Names (`name(`): a file set
/// aside needs reading again only then. One search per name.
bool namesAnyCall(llvm::StringRef Text, llvm::ArrayRef<std::string> Names);

/// Whether a file of language \p Caller may call a wrapper declared in a
/// file of language \p Declared (JavaScript and TypeScript call each other).
bool mayCallAcross(HostLanguage Declared, HostLanguage Caller);

/// The Sdk of a request made at a wrapper's call (`nosqlint queries`
/// lists it with source `wrapper`).
inline constexpr llvm::StringLiteral WrapperSdk = "wrapper";

} // namespace nosqlint::extract

#endif
