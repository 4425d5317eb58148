//===- BuilderText.h - CQL text rebuilt from a builder chain ---*- C++ -*-===//
//
// What the Java query and schema builders share: a chain of calls taken
// apart (`selectFrom(..).column(..).where(..)` is the calls selectFrom,
// column, where, in order), and the text of the statement it builds, each
// piece mapped to the call or argument it comes from, so a finding on a
// restriction lands on `.whereColumn("customer")`. A name is what the
// evaluator makes of it (a literal, a constant, `CqlIdentifier.fromCql`);
// a computed one is a hole, as in a string. A value is a bind marker: the
// builders send values, never text.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_BUILDERTEXT_H
#define NOSQLINT_EXTRACT_BUILDERTEXT_H

#include "Evaluator.h"
#include "Rebuilt.h"

#include <optional>
#include <vector>

namespace nosqlint::extract {

/// One call of a chain: `.name(args)`.
struct BuilderCall {
  TSNode Node;
  llvm::StringRef Name;
  std::vector<TSNode> Args;
  TSNode NameNode; // `allowFiltering` of `.allowFiltering()`: where a
                   // finding about the clause points
};

/// The arguments of a method invocation, comments left out.
std::vector<TSNode> builderArgs(TSNode Invocation);

/// The method a Java method invocation calls; empty for anything else.
llvm::StringRef invokedName(TSNode N, llvm::StringRef Src);

/// The calls of the chain that starts at \p Root, in order: \p Root, then
/// every `.m(...)` applied to the result.
std::vector<BuilderCall> builderChain(TSNode Root, llvm::StringRef Src);

/// The calls of the chain that ends at \p Last, from the innermost
/// invocation out: `a.b().c()` from `c()` gives b, c (the object `a`, not
/// an invocation, is left out).
std::vector<BuilderCall> builderChainTo(TSNode Last, llvm::StringRef Src);

/// Calls that end a chain or only shape how it runs, not what it sends.
bool isNeutralBuilderCall(llvm::StringRef M);

/// The text of one statement, built piece by piece.
class BuilderText {
public:
  BuilderText(Evaluator &Eval, llvm::StringRef Src) : Eval(Eval), Src(Src) {}

  Rebuilt R;
  bool Failed = false;
  /// A piece of structure is computed (a column's type, a replication
  /// map): the statement is listed, never checked (SnippetTrust::Opaque).
  bool Opaque = false;
  unsigned OpaqueHoles = 0;

  llvm::StringRef text(TSNode N) const {
    return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  }
  /// Text standing for node \p N as a whole. The statement's text reads
  /// left to right and so must its map: a piece whose node lies before what
  /// the text already maps to (the `VALUES` of `.value(c, v)` calls, read
  /// after their columns) stands at the last byte mapped so far.
  void word(llvm::StringRef W, TSNode N);
  void space(TSNode N) { word(" ", N); }

  /// A name argument: a string (literal or constant, exact through the
  /// evaluator), `CqlIdentifier.fromCql("x")`; a computed one is a hole.
  void name(TSNode N);
  /// A name the program computes (a hole, as in a string) standing at
  /// node \p N.
  void hole(TSNode N);
  /// A piece of the statement's structure the program computes: a
  /// placeholder, and the statement opaque.
  void opaque(TSNode N);
  /// `ks, table` or `table`.
  void table(const std::vector<TSNode> &Args);
  /// A value: `bindMarker()` is `?`, `bindMarker("n")` is `:n`,
  /// `tuple(a, b)` is `(a, b)`; anything else is sent by the driver as a
  /// value the checks cannot see: `?`.
  void value(TSNode N);
  /// `OP values` after a left operand (`IN` takes a list or one marker;
  /// `IS NOT NULL` none).
  void relationTail(llvm::StringRef Op, const std::vector<TSNode> &Values,
                    TSNode At);

  /// An operator method's CQL (`isEqualTo` and driver 3's `eq` are `=`).
  static std::optional<llvm::StringRef> operatorOf(llvm::StringRef M);

private:
  void advance(TSNode N);

  Evaluator &Eval;
  llvm::StringRef Src;
  uint32_t Cursor = 0; // the last file byte the text maps to so far
};

} // namespace nosqlint::extract

#endif
