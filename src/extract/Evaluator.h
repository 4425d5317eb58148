//===- Evaluator.h - Evaluates host string expressions ---------*- C++ -*-===//
//
// Turns a tree-sitter expression into a Rebuilt text: literals (decoded by
// Literals.cpp), `+` and implicit concatenation, names of constants declared
// in the same file, interpolations, and the format calls of each language
// (String.format, "".formatted, str.format and %, fmt.Sprintf,
// string.Format, Kotlin/Scala "".format). Anything else is a hole.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_EVALUATOR_H
#define NOSQLINT_EXTRACT_EVALUATOR_H

#include "Languages.h"
#include "Literals.h"
#include "Rebuilt.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <tree_sitter/api.h>

#include <memory>
#include <optional>

namespace nosqlint::extract {

/// A call, taken apart the same way in every language.
struct CallParts {
  llvm::StringRef Method;   // the called name: execute, format, Sprintf
  llvm::StringRef Receiver; // the text before the last `.`: session, fmt
  std::optional<TSNode> ReceiverNode;
  llvm::SmallVector<TSNode, 4> Args; // positional arguments
  llvm::SmallVector<std::pair<llvm::StringRef, TSNode>, 2> NamedArgs;
};

/// An assignment statement or expression: `q = ..`, `q += ..`, Go's
/// `q = ..`, Kotlin's `q += ..`, `this.q = ..` (the name is `q`).
struct AssignmentParts {
  llvm::StringRef Name;
  llvm::StringRef Op; // `=`, `+=`, ...
  TSNode Right;
};

class Evaluator {
public:
  Evaluator(const LanguageSpec &Spec, llvm::StringRef Src,
            const PackageConstants *Package = nullptr)
      : Spec(Spec), Src(Src), Package(Package) {}

  /// Records the declarations of the file (walks the whole tree).
  void collectDeclarations(TSNode Root);

  /// True when \p N is an expression that builds a string from a literal:
  /// the root of a candidate.
  bool isStringy(TSNode N) const;
  /// The margin removed from the string \p Receiver by the call (or Scala
  /// field access) applied to it: `"""...""".stripMargin`.
  std::optional<char> marginApplied(TSNode Receiver) const;

  /// Appends the value of \p N to \p Out.
  void append(TSNode N, Rebuilt &Out, unsigned Depth = 0) {
    appendWithFormat(N, Out, Depth, nullptr);
  }

  /// The value node a declaration binds to \p Name, when that declaration is
  /// in scope at file offset \p Use and the name is declared only once: how
  /// an SDK request written as `params = {...}` is found from `query(**params)`.
  std::optional<TSNode> declarationValue(llvm::StringRef Name,
                                         uint32_t Use) const;

  /// The name a declaration binds to \p Value, if \p Value is one's value.
  std::optional<llvm::StringRef> declaredName(TSNode Value) const;

  /// Constants that were used as a part of a larger string.
  const llvm::StringSet<> &usedAsPart() const { return UsedAsPart; }
  /// Names used in string expressions that no declaration here binds.
  const llvm::StringSet<> &unresolved() const { return Unresolved; }
  /// The file's constants whose value is fully known.
  std::vector<std::pair<std::string, std::string>> knownConstants();

  /// \p N taken apart as an assignment to a plain variable, or nothing.
  /// \p WithDeclarations: Python's `q = ..` counts too (it also declares).
  std::optional<AssignmentParts> assignment(TSNode N,
                                            bool WithDeclarations) const;

  /// Whether \p Name, declared once, is assigned again in its scope.
  bool reassigned(llvm::StringRef Name) const {
    return Reassigned.contains(Name);
  }
  /// Whether \p Name is a parameter of a function around file offset \p Use.
  bool isParameterAt(llvm::StringRef Name, uint32_t Use) const {
    return shadowedByParameter(Name, Use, nullptr);
  }

  bool isCall(TSNode N) const;
  CallParts callParts(TSNode Call) const;
  /// The name of an annotation / decorator / attribute.
  llvm::StringRef annotationName(TSNode N) const;

  llvm::StringRef text(TSNode N) const {
    return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  }
  llvm::StringRef type(TSNode N) const { return ts_node_type(N); }
  /// The whole file.
  llvm::StringRef source() const { return Src; }
  HostLanguage language() const { return Spec.Lang; }

private:
  struct FormatCall {
    TSNode Format;
    FormatStyle Style;
    llvm::SmallVector<TSNode, 4> Args;
    llvm::SmallVector<std::pair<llvm::StringRef, TSNode>, 2> NamedArgs;
    size_t NextAuto = 0; // the next automatic argument index
  };
  std::optional<FormatCall> formatCall(TSNode N) const;
  /// append, with the literals inside being the format string of \p Format.
  void appendWithFormat(TSNode N, Rebuilt &Out, unsigned Depth,
                        FormatCall *Format);
  bool isPlusOrPercent(TSNode Binary, bool &Percent) const;
  /// `new StringBuilder("...").append(x).append("...").toString()`: the
  /// parts in order; false when \p N is not such a chain.
  bool builderChain(TSNode N, llvm::SmallVectorImpl<TSNode> &Parts) const;
  /// `"""...""".trimIndent()`, `.strip()`, `textwrap.dedent("...")`: calls
  /// that only trim whitespace; the string they trim, or nothing.
  std::optional<TSNode> trimmed(TSNode Call) const;
  /// The margin character a stripMargin / trimMargin call removes.
  std::optional<char> marginOf(TSNode Call) const;

  bool isLiteral(TSNode N) const { return Spec.is(Spec.StringLiterals, type(N)); }
  bool isName(TSNode N) const;
  llvm::StringRef nameOf(TSNode N) const;
  void appendLiteral(TSNode N, Rebuilt &Out, unsigned Depth,
                     FormatCall *Format);
  /// The known value of \p N, or null (a hole); \p Part: \p N is a part of a
  /// larger string.
  const Rebuilt *knownValue(TSNode N, unsigned Depth);
  /// The value of constant \p Name as seen from file offset \p Use (a
  /// declaration counts only inside its scope).
  const Rebuilt *constant(llvm::StringRef Name, unsigned Depth,
                          uint32_t Use);
  TSNode unwrap(TSNode N) const;
  /// A number literal, as the CQL literal it denotes (NumberLiterals.h).
  void appendNumber(TSNode N, Rebuilt &Out) const;

  const LanguageSpec &Spec;
  llvm::StringRef Src;
  const PackageConstants *Package;
  llvm::StringSet<> Unresolved;
  struct Declaration {
    TSNode Value;
    uint32_t ScopeBegin; // the block, body or file that declares it
    uint32_t ScopeEnd;
    bool TopLevel;       // a file, class or object member: seen package-wide
  };
  llvm::StringMap<Declaration> Declarations;
  llvm::StringSet<> Ambiguous;
  /// The parameters of each function, by name: the byte ranges of the
  /// functions they belong to. Inside, the name is the parameter (a value
  /// of the call), not a constant of the file or package it shadows.
  llvm::StringMap<llvm::SmallVector<std::pair<uint32_t, uint32_t>, 1>>
      Parameters;
  /// Whether \p Name at byte \p Use is a parameter that shadows the
  /// declaration \p D (null: one of another file).
  bool shadowedByParameter(llvm::StringRef Name, uint32_t Use,
                           const Declaration *D) const;
  /// Declared once, then assigned again in scope (`where = " WHERE .."`
  /// in a branch): no constant, though its declaration is still its own.
  llvm::StringSet<> Reassigned;
  llvm::StringMap<std::unique_ptr<Rebuilt>> Cache;
  llvm::StringSet<> InProgress;
  llvm::StringSet<> UsedAsPart;
  /// Values made on the fly (format arguments that are literals).
  std::vector<std::unique_ptr<Rebuilt>> Scratch;
};

} // namespace nosqlint::extract

#endif
