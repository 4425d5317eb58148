//===- JvmSyntax.h - Java and Kotlin calls and declarations, alike -*- C++ -*-===//
//
// The Spring Data readers (repositories, templates) read Java and Kotlin
// the same way: a call as its receiver, name, arguments and type argument
// (`repo.findAll()`, Kotlin `template.select<X>(q)`), the call made on a
// call's value (`query(X).matching(q).all()`), class literals (`X.class`,
// `X::class.java`), constructions (`new X(..)`, `X(..)`), and the type each
// name of the file is declared with (fields, constructor properties,
// parameters, locals, `val t = CassandraTemplate(s)`).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_JVMSYNTAX_H
#define NOSQLINT_EXTRACT_JVMSYNTAX_H

#include "Evaluator.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract {

struct JvmCall {
  TSNode Node;                    // the call
  TSNode Name;                    // the method's (or constructor's) name
  std::optional<TSNode> Receiver; // none for `where("k")`, `X(..)`
  llvm::SmallVector<TSNode, 4> Args; // each argument's value
  std::optional<TSNode> TypeArgument; // the first of `<X>`, if written
};

/// \p N as a call (Java method_invocation, Kotlin call_expression).
std::optional<JvmCall> jvmCall(const Evaluator &E, TSNode N);
/// The method's name, without Kotlin's backticks (`` `is` `` -> is).
llvm::StringRef jvmMethodName(const Evaluator &E, const JvmCall &C);
/// The call made on the value of \p Call, if its value is a receiver
/// (`a.b().c()`: c on b's value; Kotlin `!!` and parentheses between).
std::optional<JvmCall> jvmNextCall(const Evaluator &E, TSNode Call);
/// \p N without parentheses, Kotlin `!!`, casts to nothing.
TSNode jvmUnwrap(const Evaluator &E, TSNode N);
/// The class of `X.class`, `X::class.java`, `X::class`.
std::optional<llvm::StringRef> jvmClassLiteral(const Evaluator &E, TSNode N);
/// The class `new X(..)` or Kotlin `X(..)` (a capitalized callee) makes.
std::optional<llvm::StringRef> jvmConstructedType(const Evaluator &E,
                                                   TSNode N);
/// Whether call \p Call is a mock's set-up or check (`when(repo.findAll())`,
/// `given(..)`, Kotlin mockk's `every { repo.findAll() }`, `verify(..)`):
/// the test stubs its value, nothing is sent.
bool jvmInMockSetup(const Evaluator &E, TSNode Call);
/// The name \p N reads: `x`, `this.x`; nothing for anything else.
std::optional<llvm::StringRef> jvmReadName(const Evaluator &E, TSNode N);
/// The value of a string literal without escapes or interpolation.
std::optional<std::string> jvmPlainString(const Evaluator &E, TSNode N);

/// The type each name of the file is declared with, as written (`a.B<C>`
/// without `?`), seen from a use: the declaration of the innermost scope
/// (block, method, lambda, class) that holds the use; two of one scope
/// with different types are ambiguous and give none.
class JvmDeclaredTypes {
public:
  void collect(const Evaluator &E, TSNode Root);
  std::optional<llvm::StringRef> typeOf(llvm::StringRef Name,
                                        uint32_t Use) const;

private:
  struct Declared {
    uint32_t ScopeBegin, ScopeEnd;
    std::string Type;
  };
  void declare(const Evaluator &E, TSNode At, llvm::StringRef Name,
               llvm::StringRef Type);
  llvm::StringMap<std::vector<Declared>> Types;
};

} // namespace nosqlint::extract

#endif
