//===- JavaAnnotations.cpp ------------------------------------------------===//
#include "JavaAnnotations.h"

#include "SyntaxTree.h"

namespace nosqlint::extract {

llvm::SmallVector<TSNode, 4> annotationsOf(const Evaluator &E, TSNode Decl) {
  llvm::SmallVector<TSNode, 4> Out;
  for (TSNode K : namedChildren(Decl))
    if (E.type(K) == "modifiers")
      for (TSNode A : namedChildren(K))
        if (E.type(A) == "annotation" || E.type(A) == "marker_annotation")
          Out.push_back(A);
  return Out;
}

std::optional<TSNode> annotationElement(const Evaluator &E, TSNode A,
                                        llvm::StringRef Name) {
  auto Args = childByField(A, "arguments");
  if (!Args)
    return std::nullopt;
  for (TSNode P : namedChildren(*Args)) {
    if (E.type(P) == "element_value_pair") {
      auto K = childByField(P, "key");
      auto V = childByField(P, "value");
      if (K && V && E.text(*K) == Name)
        return *V;
    } else if (Name == "value") {
      return P;
    }
  }
  return std::nullopt;
}

std::string javaPackageOf(const Evaluator &E, TSNode Root) {
  for (TSNode N : namedChildren(Root))
    if (E.type(N) == "package_declaration")
      for (TSNode C : namedChildren(N))
        if (E.type(C) == "scoped_identifier" || E.type(C) == "identifier")
          return E.text(C).str();
  return "";
}

std::string qualifiedJavaName(llvm::StringRef T, const FileImports &Imports,
                              llvm::StringRef Package) {
  if (T.contains('.'))
    return T.str();
  if (auto P = Imports.pathOf(T))
    return P->str();
  return Package.empty() ? T.str() : Package.str() + "." + T.str();
}

} // namespace nosqlint::extract
