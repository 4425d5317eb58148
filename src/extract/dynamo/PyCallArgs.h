//===- PyCallArgs.h - The arguments of a Python call -------------*- C++ -*-===//
//
// The boto3 condition builder (Boto3Conditions.cpp) and the PynamoDB call
// reader (PynamoCalls.cpp) read calls the same way: the positional
// arguments in order, the keyword ones by name, and whether a splat makes
// the arguments only partly known; `o.m(...)` as the object and the method.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_PYCALLARGS_H
#define NOSQLINT_EXTRACT_DYNAMO_PYCALLARGS_H

#include "Evaluator.h"
#include "SyntaxTree.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <utility>

namespace nosqlint::extract::sdk::py {

/// The arguments of a call: positional ones in order, then named ones.
struct CallArgs {
  llvm::SmallVector<TSNode, 3> Positional;
  llvm::SmallVector<std::pair<llvm::StringRef, TSNode>, 4> Named;
  bool Splat = false;          // *xs, **kw: the arguments are not all known
  std::optional<TSNode> List;  // the argument list, `(...)`

  /// The argument at position \p Pos, else the one named \p Name.
  std::optional<TSNode> get(size_t Pos, llvm::StringRef Name) const {
    if (Pos < Positional.size())
      return Positional[Pos];
    for (const auto &[K, V] : Named)
      if (K == Name)
        return V;
    return std::nullopt;
  }
  size_t count() const { return Positional.size() + Named.size(); }
};

/// The arguments of \p Call (comments left out).
CallArgs callArguments(const Evaluator &E, TSNode Call);

/// `o.m(...)`: the object and the method name node.
bool methodCall(TSNode N, TSNode &Object, TSNode &Method);

} // namespace nosqlint::extract::sdk::py

#endif
