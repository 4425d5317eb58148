//===- Boto3Scopes.h - Python names and the values bound to them -*- C++ -*-===//
//
// What the boto3 recognizer needs to know of a Python file's names: the
// scopes (module, class, function, lambda) as byte ranges, every binding of
// a name in them (`x = ...`, `self.x = ...`, `with ... as x`, parameters
// with or without a type annotation), and lookups that follow Python's
// rules closely enough: a function's names hide the module's, a class body
// is not seen from its methods, `self.x` is any `self.x = ...` of the class.
//
// Built in one walk of the tree; lookups never climb the tree with
// ts_node_parent (which costs a walk from the root each time).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_BOTO3SCOPES_H
#define NOSQLINT_EXTRACT_DYNAMO_BOTO3SCOPES_H

#include "Evaluator.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "SyntaxTree.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <cstring>
#include <optional>
#include <vector>

namespace nosqlint::extract::sdk::py {

inline llvm::StringRef type(TSNode N) { return ts_node_type(N); }

/// Looks through parentheses and `await`.
TSNode unparen(TSNode N);

using extract::childByField;
using extract::namedChildren;

/// A name bound in a scope.
struct Binding {
  llvm::StringRef Name;
  TSNode Value;
  unsigned Scope = 0;      // index into Scopes
  uint32_t End = 0;        // the end of the binding statement
  bool Self = false;       // self.Name = ...
  bool Annotation = false; // Value is a type annotation
  bool Opaque = false;     // an untyped parameter: nothing known
};

class Bindings {
public:
  Bindings(const Evaluator &E, llvm::StringRef Src) : E(E), Src(Src) {}

  /// Records the scopes and bindings of the file; calls \p OnCall for every
  /// call whose callee is an attribute (`x.m(...)`), with the method name.
  void collect(TSNode Root, llvm::function_ref<void(TSNode, TSNode)> OnCall);

  /// The bindings of identifier \p Ident in the nearest scope that binds it.
  llvm::SmallVector<const Binding *, 2> of(TSNode Ident) const;
  /// The bindings `self.<Name>` may read at \p Use: `self.Name = ...` in the
  /// methods of the enclosing class, and the class's own `Name = ...`.
  llvm::SmallVector<const Binding *, 2> ofSelf(TSNode Use,
                                               llvm::StringRef Name) const;

  /// The value of a name bound once in its scope (a dict of parameters, a
  /// condition built earlier).
  std::optional<TSNode> follow(TSNode Ident) const;
  /// The literal of node type \p Type (dictionary, list, tuple) that \p N is
  /// or that a name bound once holds; \p Open is set when the program may
  /// change it between the binding and the use.
  std::optional<TSNode> literal(TSNode N, llvm::StringRef Type,
                                bool &Open) const;

private:
  struct Scope {
    uint32_t Begin;
    uint32_t End;
    int Parent; // -1 for the module
    bool Class;
  };
  void add(TSNode Left, TSNode Value, uint32_t End, unsigned Scope,
           bool Annotation, bool Opaque = false);
  void parameters(TSNode Params, unsigned Scope);
  /// The innermost scope holding byte \p Offset.
  unsigned scopeAt(uint32_t Offset) const;
  std::optional<unsigned> classAt(uint32_t Offset) const;
  bool changedBetween(llvm::StringRef Name, uint32_t From, uint32_t To) const;

  const Evaluator &E;
  llvm::StringRef Src;
  std::vector<Scope> Scopes; // in source order, the module first
  std::vector<Binding> All;
  llvm::StringMap<llvm::SmallVector<unsigned, 2>> ByName;
};

} // namespace nosqlint::extract::sdk::py

#endif
