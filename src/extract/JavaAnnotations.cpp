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

/// Kotlin: `@A(name = v)`, `@A(v)`, `@field:A(v)`.
static std::optional<TSNode> kotlinAnnotationElement(const Evaluator &E,
                                                     TSNode A,
                                                     llvm::StringRef Name) {
  for (TSNode C : namedChildren(A)) {
    if (E.type(C) != "constructor_invocation")
      continue;
    for (TSNode Args : namedChildren(C)) {
      if (E.type(Args) != "value_arguments")
        continue;
      for (TSNode V : namedChildren(Args)) {
        auto Kids = namedChildren(V);
        if (Kids.size() == 2 && E.type(Kids[0]) == "simple_identifier") {
          if (E.text(Kids[0]) == Name)
            return Kids[1];
        } else if (Kids.size() == 1 && Name == "value") {
          return Kids[0];
        }
      }
    }
  }
  return std::nullopt;
}

std::optional<TSNode> annotationElement(const Evaluator &E, TSNode A,
                                        llvm::StringRef Name) {
  if (E.language() == HostLanguage::Kotlin)
    return kotlinAnnotationElement(E, A, Name);
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
    if (E.type(N) == "package_declaration" || E.type(N) == "package_header")
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
