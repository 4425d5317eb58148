//===- PyCallArgs.cpp - The arguments of a Python call --------------------===//
#include "PyCallArgs.h"

namespace nosqlint::extract::sdk::py {

CallArgs callArguments(const Evaluator &E, TSNode Call) {
  CallArgs A;
  A.List = childByField(Call, "arguments");
  if (!A.List)
    return A;
  for (TSNode K : namedChildren(*A.List)) {
    llvm::StringRef T = ts_node_type(K);
    if (T == "comment")
      continue;
    if (T == "keyword_argument") {
      auto Name = childByField(K, "name");
      auto Value = childByField(K, "value");
      if (Name && Value)
        A.Named.push_back({E.text(*Name), *Value});
      else
        A.Splat = true;
      continue;
    }
    if (T == "list_splat" || T == "dictionary_splat") {
      A.Splat = true;
      continue;
    }
    A.Positional.push_back(K);
  }
  return A;
}

bool methodCall(TSNode N, TSNode &Object, TSNode &Method) {
  if (llvm::StringRef(ts_node_type(N)) != "call")
    return false;
  auto F = childByField(N, "function");
  if (!F || llvm::StringRef(ts_node_type(*F)) != "attribute")
    return false;
  auto O = childByField(*F, "object");
  auto M = childByField(*F, "attribute");
  if (!O || !M)
    return false;
  Object = *O;
  Method = *M;
  return true;
}

} // namespace nosqlint::extract::sdk::py
