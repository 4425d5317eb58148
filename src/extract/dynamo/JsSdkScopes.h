//===- JsSdkScopes.h - JavaScript syntax helpers and scopes ----*- C++ -*-===//
//
// What the JavaScript SDK recognizer needs to know about JavaScript and
// TypeScript syntax trees beyond the Evaluator: the wrappers TypeScript puts
// around values, and which declaration a name refers to at a use (block
// scopes, parameters and loop variables that shadow, and every use of a
// name, to tell whether a variable is changed after its declaration).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_JSSDKSCOPES_H
#define NOSQLINT_EXTRACT_DYNAMO_JSSDKSCOPES_H

#include "Evaluator.h"
#include "SyntaxTree.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <tree_sitter/api.h>

#include <optional>
#include <utility>
#include <vector>

namespace nosqlint::extract::sdk::js {

/// \p N without the TypeScript wrappers (`as`, `satisfies`, `!`, `<T>x`) and
/// parentheses around it.
TSNode unwrapTs(TSNode N);

using extract::childByField;
using extract::namedChildren;

/// Lexical scopes of a JavaScript file: what a name refers to at a use.
/// One walk indexes the declarations, the names that shadow them (function
/// and catch parameters, loop variables) and every use of a name with its
/// nearest ancestors, so lookups do not walk the tree again.
class JsScopes {
public:
  JsScopes(const Evaluator &Eval, TSNode Root);

  struct Binding {
    TSNode Declarator; // the variable_declarator
    TSNode Name;
    uint32_t ScopeBegin; // the block or program holding it
    uint32_t ScopeEnd;
    uint32_t StatementEnd; // the end of the declaration statement
    std::optional<TSNode> Value;
    bool Const = false;
  };
  /// A use of a name, with its ancestors (parent first).
  struct Use {
    TSNode Node;
    llvm::SmallVector<TSNode, 12> Ancestors;
  };

  /// The declaration \p Name refers to at file offset \p At: the one of the
  /// innermost block (or the program) declaring it before the use. Nothing
  /// when a parameter or loop variable of that name is nearer, or when it
  /// is not declared.
  std::optional<Binding> lookup(llvm::StringRef Name, uint32_t At) const;
  /// True when \p Name at \p At may be the variable of \p B: inside its
  /// scope and not shadowed by a nearer declaration, parameter or loop
  /// variable (a use before the declaration counts: a function declared
  /// earlier may run later).
  bool mayReferTo(const Binding &B, llvm::StringRef Name, uint32_t At) const;
  /// True when a parameter or loop variable named \p Name covers \p At.
  bool shadowed(llvm::StringRef Name, uint32_t At) const;
  /// The binding a variable_declarator makes, if indexed.
  std::optional<Binding> bindingOf(TSNode Declarator) const;
  /// The uses of \p Name.
  llvm::ArrayRef<Use> uses(llvm::StringRef Name) const;

private:
  void add(TSNode N, llvm::ArrayRef<TSNode> Ancestors);
  void shadow(TSNode Pattern, TSNode Region);

  const Evaluator &Eval;
  llvm::StringMap<llvm::SmallVector<Binding, 1>> Bindings;
  /// Regions ([begin, end)) where a name is a parameter or loop variable.
  llvm::StringMap<llvm::SmallVector<std::pair<uint32_t, uint32_t>, 1>> Shadows;
  llvm::StringMap<std::vector<Use>> Uses;
};

} // namespace nosqlint::extract::sdk::js

#endif
