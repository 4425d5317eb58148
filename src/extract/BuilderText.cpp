//===- BuilderText.cpp ----------------------------------------------------===//
#include "BuilderText.h"

#include "SyntaxTree.h"

#include "nosqlint/Basic/CqlNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

namespace nosqlint::extract {

std::vector<TSNode> builderArgs(TSNode Invocation) {
  std::vector<TSNode> Out;
  auto Args = childByField(Invocation, "arguments");
  if (!Args)
    return Out;
  for (TSNode A : namedChildren(*Args))
    Out.push_back(A);
  return Out;
}

llvm::StringRef invokedName(TSNode N, llvm::StringRef Src) {
  if (ts_node_is_null(N) || llvm::StringRef(ts_node_type(N)) != "method_invocation")
    return "";
  auto Name = childByField(N, "name");
  if (!Name)
    return "";
  return Src.slice(ts_node_start_byte(*Name), ts_node_end_byte(*Name));
}

std::vector<BuilderCall> builderChain(TSNode Root, llvm::StringRef Src) {
  std::vector<BuilderCall> Chain;
  TSNode N = Root;
  for (unsigned Guard = 0; Guard < 256; ++Guard) {
    auto Name = childByField(N, "name");
    if (!Name)
      break;
    Chain.push_back({N, Src.slice(ts_node_start_byte(*Name), ts_node_end_byte(*Name)),
                     builderArgs(N), *Name});
    TSNode P = ts_node_parent(N);
    if (ts_node_is_null(P) || llvm::StringRef(ts_node_type(P)) != "method_invocation")
      break;
    auto Obj = childByField(P, "object");
    if (!Obj || !ts_node_eq(*Obj, N))
      break;
    N = P;
  }
  return Chain;
}

std::vector<BuilderCall> builderChainTo(TSNode Last, llvm::StringRef Src) {
  std::vector<BuilderCall> Chain;
  TSNode N = Last;
  for (unsigned Guard = 0; Guard < 256 && !invokedName(N, Src).empty(); ++Guard) {
    auto Name = childByField(N, "name");
    Chain.push_back({N, Src.slice(ts_node_start_byte(*Name), ts_node_end_byte(*Name)),
                     builderArgs(N), *Name});
    auto Obj = childByField(N, "object");
    if (!Obj)
      break;
    N = *Obj;
  }
  std::reverse(Chain.begin(), Chain.end());
  return Chain;
}

bool isNeutralBuilderCall(llvm::StringRef M) {
  return M == "build" || M == "builder" || M == "getQueryString" ||
         M == "asCql" || M == "toString" || M == "setConsistencyLevel" ||
         M == "setSerialConsistencyLevel" || M == "setIdempotent" ||
         M == "setIdempotence" || M == "setFetchSize" || M == "setTimeout" ||
         M == "setTracing" || M == "enableTracing" || M == "setPageSize" ||
         M == "setExecutionProfileName" || M == "setExecutionProfile" ||
         M == "setRetryPolicy" || M == "setDefaultTimestamp" ||
         M == "setOutgoingPayload" || M == "setRoutingKey";
}

void BuilderText::word(llvm::StringRef W, TSNode N) {
  uint32_t Begin = std::max(ts_node_start_byte(N), Cursor);
  uint32_t End = std::max(ts_node_end_byte(N), Begin + 1);
  if (ts_node_end_byte(N) <= Cursor)
    End = Begin + 1;
  // A run as long as its span would read as one to one: every byte of a
  // word stands at Begin (the node's own text may follow it).
  if (W.size() > 1 && W.size() == End - Begin)
    --End;
  R.appendMapped(W, Begin, End - Begin);
  Cursor = std::max(Cursor, Begin); // every byte of it maps to Begin
}

void BuilderText::advance(TSNode N) {
  if (ts_node_end_byte(N) > 0)
    Cursor = std::max(Cursor, ts_node_end_byte(N) - 1);
}

void BuilderText::name(TSNode N) {
  llvm::StringRef M = invokedName(N, Src);
  std::vector<TSNode> Args = builderArgs(N);
  if ((M == "fromCql" || M == "fromInternal") && Args.size() == 1) {
    if (M == "fromCql") {
      name(Args[0]);
      return;
    }
    // A case-kept name: as CQL spells it, quoted unless it is lower case.
    Rebuilt Piece;
    Eval.append(Args[0], Piece);
    if (Piece.holes() != 0 || Piece.trust() != SnippetTrust::Full) {
      Failed = true;
      return;
    }
    word(quoteCqlName(Piece.text()), N);
    advance(N);
    return;
  }
  if (ts_node_start_byte(N) < Cursor) {
    // Read out of order (an INSERT's columns before their values are
    // mapped): stands where the text is.
    Rebuilt Piece;
    Eval.append(N, Piece);
    if (Piece.holes() != 0 || Piece.trust() != SnippetTrust::Full)
      R.appendHole(Cursor, 1); // computed: one hole for the whole name
    else
      R.appendMapped(Piece.text(), Cursor, 1);
    return;
  }
  Eval.append(N, R);
  advance(N);
}

void BuilderText::hole(TSNode N) {
  uint32_t Begin = std::max(ts_node_start_byte(N), Cursor);
  uint32_t End = std::max(ts_node_end_byte(N), Begin + 1);
  R.appendHole(Begin, End - Begin);
  Cursor = std::max(Cursor, End - 1);
}

void BuilderText::opaque(TSNode N) {
  if (!R.empty() && (llvm::isAlnum(R.text().back()) || R.text().back() == '_'))
    word(" ", N);
  word(HolePlaceholderName, N);
  advance(N);
  Opaque = true;
  ++OpaqueHoles;
}

void BuilderText::table(const std::vector<TSNode> &Args) {
  if (Args.empty() || Args.size() > 2) {
    Failed = true;
    return;
  }
  if (Args.size() == 2 && text(Args[0]) != "null") {
    name(Args[0]);
    word(".", Args[0]);
  }
  name(Args.back());
}

void BuilderText::value(TSNode N) {
  llvm::StringRef M = invokedName(N, Src);
  std::vector<TSNode> Args = builderArgs(N);
  if (M == "bindMarker" && Args.size() == 1 &&
      llvm::StringRef(ts_node_type(Args[0])) == "string_literal") {
    llvm::StringRef Name = text(Args[0]).trim('"');
    if (!Name.empty() && llvm::all_of(Name, [](char C) {
          return llvm::isAlnum(C) || C == '_';
        })) {
      // As the driver writes it: `:name`, a reserved word quoted.
      word(std::string(":") + spellUnquotedCqlName(Name), N);
      return;
    }
  }
  if ((M == "tuple" || M == "tupleOf") && !Args.empty()) {
    word("(", N);
    for (size_t I = 0; I < Args.size(); ++I) {
      if (I)
        word(", ", Args[I]);
      value(Args[I]);
    }
    word(")", N);
    return;
  }
  word("?", N);
}

std::optional<llvm::StringRef> BuilderText::operatorOf(llvm::StringRef M) {
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(M)
      .Cases("isEqualTo", "eq", llvm::StringRef("="))
      .Cases("isNotEqualTo", "ne", llvm::StringRef("!="))
      .Cases("isLessThan", "lt", llvm::StringRef("<"))
      .Cases("isLessThanOrEqualTo", "lte", llvm::StringRef("<="))
      .Cases("isGreaterThan", "gt", llvm::StringRef(">"))
      .Cases("isGreaterThanOrEqualTo", "gte", llvm::StringRef(">="))
      .Case("contains", llvm::StringRef("CONTAINS"))
      .Case("containsKey", llvm::StringRef("CONTAINS KEY"))
      .Case("like", llvm::StringRef("LIKE"))
      .Case("in", llvm::StringRef("IN"))
      .Case("notIn", llvm::StringRef("NOT IN"))
      .Case("isNotNull", llvm::StringRef("IS NOT NULL"))
      .Default(std::nullopt);
}

void BuilderText::relationTail(llvm::StringRef Op,
                               const std::vector<TSNode> &Values, TSNode At) {
  space(At);
  word(Op, At);
  if (Op == "IS NOT NULL") {
    if (!Values.empty())
      Failed = true;
    return;
  }
  space(At);
  if (Op == "IN" || Op == "NOT IN") {
    if (Values.size() == 1 && !text(Values[0]).startswith("literal")) {
      // `in(bindMarker())`, or an Iterable of terms: a list of a size
      // the checks do not know, as a bound list.
      if (text(Values[0]).startswith("bindMarker"))
        value(Values[0]);
      else
        word("?", Values[0]);
      return;
    }
    if (Values.empty()) {
      Failed = true;
      return;
    }
    word("(", At);
    for (size_t I = 0; I < Values.size(); ++I) {
      if (I)
        word(", ", At);
      value(Values[I]);
    }
    word(")", At);
    return;
  }
  if (Values.size() != 1) {
    Failed = true;
    return;
  }
  value(Values[0]);
}

} // namespace nosqlint::extract
