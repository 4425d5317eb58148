//===- Languages.h - Per-language grammar and syntax facts -----*- C++ -*-===//
//
// What the extractor needs to know about each host language: its tree-sitter
// grammar, and the node types of its string literals, interpolations,
// concatenations, calls and constant declarations.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_LANGUAGES_H
#define NOSQLINT_EXTRACT_LANGUAGES_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

struct TSLanguage;

namespace nosqlint::extract {

struct LanguageSpec {
  HostLanguage Lang;
  const TSLanguage *(*Grammar)();
  /// String literal nodes, decoded from their raw text (Literals.cpp).
  llvm::ArrayRef<llvm::StringRef> StringLiterals;
  /// Nodes inside a literal that are interpolation holes.
  llvm::ArrayRef<llvm::StringRef> Interpolations;
  /// Binary expressions (the operator is checked to be `+`).
  llvm::ArrayRef<llvm::StringRef> Binaries;
  /// Juxtaposed literals joined by the language (Python, C adjacency).
  llvm::StringRef ImplicitConcat;
  /// Call expressions.
  llvm::ArrayRef<llvm::StringRef> Calls;
  /// Plain identifiers and field accesses that may name a constant.
  llvm::ArrayRef<llvm::StringRef> Names;
  /// Parenthesized expressions (looked through).
  llvm::ArrayRef<llvm::StringRef> Parens;
  /// Declarations that bind a name to a value (constants, finals, vals).
  llvm::ArrayRef<llvm::StringRef> Declarations;
  /// Annotations (`@Query("...")`).
  llvm::ArrayRef<llvm::StringRef> Annotations;
  /// Number literals a constant may hold (`LIMIT " + MAX`).
  llvm::ArrayRef<llvm::StringRef> Numbers;
  /// Python's `%` formatting operator is a binary expression too.
  bool PercentOperator = false;

  bool is(llvm::ArrayRef<llvm::StringRef> Types, llvm::StringRef T) const {
    for (llvm::StringRef X : Types)
      if (X == T)
        return true;
    return false;
  }
};

const LanguageSpec &languageSpec(HostLanguage Lang);

} // namespace nosqlint::extract

#endif
