//===- ToolboxRequests.h - dynamodb-toolbox classes re-exported -*- C++ -*-===//
//
// JsToolbox.cpp reads the calls of dynamodb-toolbox Entities and Tables.
// An application often re-exports the library's classes from a module of
// its own (`export { Entity, Table } from "dynamodb-toolbox"` in
// src/toolbox.ts) and imports them from there (`~/toolbox`,
// `@app/db/toolbox`); such requests are marked with the import
// (DynamoCall::ModelClass "<specifier>\n<name>") and resolved here, once
// every file is read, through the run's JavaScript modules (JsModules.h).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_TOOLBOXREQUESTS_H
#define NOSQLINT_EXTRACT_TOOLBOXREQUESTS_H

#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/JsModules.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace nosqlint::extract {

/// The Sdk of a dynamodb-toolbox request (`nosqlint queries` source orm).
inline constexpr llvm::StringLiteral kToolboxSdk = "dynamodb-toolbox";

/// Whether a JavaScript or TypeScript file may call dynamodb-toolbox
/// classes: it imports a name Entity, Table or TableDef (from the library
/// or from a module that may re-export it). One search per marker.
bool mayHoldToolboxCalls(llvm::StringRef Src);

/// The requests of one file, and its wrappers' templates, with its path.
struct ToolboxFile {
  std::string Path;
  std::vector<DynamoCall> *Calls = nullptr;
  std::vector<WrapperFunction> *Wrappers = nullptr;
};

/// Keeps each marked dynamodb-toolbox request (and wrapper template) whose
/// import leads, through re-exports, to the library's class of that name
/// ("dynamodb-toolbox" or one of its paths), its mark cleared; drops the
/// others, and the wrappers left without a request.
void resolveToolboxRequests(llvm::ArrayRef<ToolboxFile> Files,
                            JsModules &Modules);

} // namespace nosqlint::extract

namespace nosqlint::extract::sdk {
using extract::kToolboxSdk;
using extract::mayHoldToolboxCalls;
} // namespace nosqlint::extract::sdk

#endif
