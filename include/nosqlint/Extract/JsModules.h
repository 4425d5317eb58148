//===- JsModules.h - Which file a JavaScript import names -----*- C++ -*-===//
//
// The wrapper join and the dynamodb-toolbox reader follow a JavaScript or
// TypeScript import to the file that declares the name, across the
// packages of a monorepo:
//
//   import { put } from "@webiny/db-dynamodb";   // a workspace package
//   import { Entity } from "~/toolbox";          // a tsconfig path alias
//   export * from "./utils";                     // a re-export, followed
//   export { Entity } from "dynamodb-toolbox";   // a library's name
//
// A specifier is resolved as TypeScript does with the nearest tsconfig.json
// of the importing file: its compilerOptions.paths (patterns with one `*`,
// relative to baseUrl, else to the tsconfig's folder); else relative to
// the importing file (`./x`, `../x`); else as the name of a package of the
// workspace (the "name" of a package.json holding a file of the run): its
// folder, or its src/ folder (sources kept beside the built ones). A file
// is `X.ts`, `.tsx`, `.js`, `.jsx`, `.mjs`, `.cjs`, or `X/index.*`. A
// tsconfig's `extends` is not followed, and a tsconfig with comments is not
// read (no paths). Unresolved is unknown: nothing is joined through it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_JSMODULES_H
#define NOSQLINT_EXTRACT_JSMODULES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract {

class JsModules {
public:
  /// The text of the file at a path (with \p Contents false, any string
  /// when it exists), or nothing when there is none (the driver reads the
  /// disk; a test gives a map).
  using Reader = std::function<std::optional<std::string>(
      const std::string &Path, bool Contents)>;

  /// \p RunFiles: the JavaScript and TypeScript files of the run, whose
  /// nearest package.json files name the workspace's packages.
  JsModules(Reader Read, llvm::ArrayRef<std::string> RunFiles);
  ~JsModules();

  /// The file \p Spec names, imported from the file at \p From.
  std::optional<std::string> resolve(llvm::StringRef From,
                                     llvm::StringRef Spec);

  /// Where the name a module exports is declared.
  struct Origin {
    std::string File;    // a file of the workspace, or
    std::string Package; // a package outside it ("dynamodb-toolbox")
    std::string Name;    // the name there
  };
  /// The declaration of name \p Name that file \p File exports: its own
  /// (`export const Name`, `export { Name }`), or through `export { a as
  /// Name } from`, `export * from` (at most 8 files deep). Nothing when
  /// File does not export it or a step does not resolve.
  std::optional<Origin> origin(llvm::StringRef File, llvm::StringRef Name);

  /// The origin of name \p Name imported from \p Spec in file \p From.
  std::optional<Origin> imported(llvm::StringRef From, llvm::StringRef Spec,
                                 llvm::StringRef Name);

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// Whether \p File (a path) is the module \p Module names, without its
/// extension: `Module.ts`, `Module.js`, ..., or `Module/index.ts`.
bool isJsModule(llvm::StringRef File, llvm::StringRef Module);

} // namespace nosqlint::extract

#endif
