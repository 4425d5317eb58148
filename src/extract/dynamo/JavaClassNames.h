//===- JavaClassNames.h - Qualified names of a Java file's classes -*- C++ -*-===//
//
// The model readers and the mapper calls join a class to its uses across
// files by its qualified name: the file's package, then the enclosing
// classes (pkg.Outer.Inner).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_JAVACLASSNAMES_H
#define NOSQLINT_EXTRACT_DYNAMO_JAVACLASSNAMES_H

#include "Evaluator.h"
#include "SyntaxTree.h"

#include <string>

namespace nosqlint::extract::sdk {

/// The package a Java file declares (`package shop.model;`), or empty.
inline std::string javaPackage(const Evaluator &E, TSNode Root) {
  for (TSNode N : namedChildren(Root))
    if (E.type(N) == "package_declaration")
      for (TSNode K : namedChildren(N))
        if (E.type(K) == "scoped_identifier" || E.type(K) == "identifier")
          return E.text(K).str();
  return "";
}

/// pkg.Outer.Inner of class declaration \p Class.
inline std::string javaQualifiedName(const Evaluator &E, TSNode Class,
                                     llvm::StringRef Package) {
  llvm::SmallVector<llvm::StringRef, 4> Names;
  for (TSNode N = Class; !ts_node_is_null(N); N = ts_node_parent(N))
    if (E.type(N) == "class_declaration")
      if (auto Name = childByField(N, "name"))
        Names.push_back(E.text(*Name));
  std::string Q = Package.str();
  for (auto It = Names.rbegin(); It != Names.rend(); ++It) {
    if (!Q.empty())
      Q += '.';
    Q += It->str();
  }
  return Q;
}

} // namespace nosqlint::extract::sdk

#endif
