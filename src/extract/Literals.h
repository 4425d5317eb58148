//===- Literals.h - Decodes host-language string literals ------*- C++ -*-===//
//
// A literal is decoded from its raw source bytes, not from the grammar's
// fragments, so every language goes through the same careful code: prefix
// and delimiters, escape sequences (mapped to their whole escape), doubled
// braces and quotes, interpolation holes and format specifiers (both mapped to
// their whole span).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_LITERALS_H
#define NOSQLINT_EXTRACT_LITERALS_H

#include "Rebuilt.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/FunctionExtras.h"

namespace nosqlint::extract {

/// An interpolation inside a literal: file bytes [Begin, End), its index
/// among the literal's holes.
struct HoleSpan {
  uint32_t Begin;
  uint32_t End;
};

enum class FormatStyle {
  None,
  Percent, // printf: %s %d %1$s %(name)s, %% for a percent sign
  Braces,  // {} {0} {name} {name:spec}, {{ and }} for braces
};

struct LiteralCallbacks {
  /// The value of interpolation \p Index, when it is a known constant.
  llvm::function_ref<const Rebuilt *(size_t Index)> Interpolation;
  /// The value of format argument \p Index (or named \p Name), when known.
  llvm::function_ref<const Rebuilt *(size_t Index, llvm::StringRef Name)>
      FormatArg;
  /// The next automatic format index ({} or %s), shared by the literals of
  /// one format string built by concatenation.
  size_t *AutoIndex = nullptr;
};

/// Appends the literal written at file bytes [Begin, End) of \p File to
/// \p Out. \p Holes (sorted, inside the literal) are interpolations.
void decodeLiteral(HostLanguage Lang, llvm::StringRef File, uint32_t Begin,
                   uint32_t End, llvm::ArrayRef<HoleSpan> Holes,
                   FormatStyle Format, const LiteralCallbacks &Callbacks,
                   Rebuilt &Out);

/// True when the raw literal at [Begin, End) takes no escapes and no holes
/// of its own: used to tell a constant's plain value. (Always decodable.)
bool isStringLiteralText(llvm::StringRef Raw);

} // namespace nosqlint::extract

#endif
