//===- HoconValues.h - The scalar values of a HOCON file, with key paths -*- C++ -*-===//
//
// The one HOCON reader of the extractor: HoconStatements.cpp takes the
// statements out of it, DriverConfigFile.cpp the driver's execution
// profiles. It reads the subset that configuration files use:
//
//   - `key = value`, `key: value`, `key { ... }`, `key = { ... }`, several on
//     a line when separated by `,`; dotted keys (`basic.request.consistency`)
//     and quoted keys ("a.b" keeps its dots, as HOCON says);
//   - `#` and `//` comments; `}` closing; a root `{` (the JSON form);
//   - values: quoted strings ("..." with JSON escapes, on one line),
//     """...""" (verbatim, may span lines), and unquoted text up to `,`,
//     `}`, a comment or the end of the line;
//   - arrays are skipped whole (strings in them respected), as are
//     `include` lines and anything else it does not read.
//
// A value followed on its line by more than a comma, a `}` or a comment is
// a concatenation (`"a" ${b}`) and flagged so. Of objects nested deeper
// than 64 levels only the first 64 keys are kept: the path of a value
// there has a `(...)` segment (bounded work per value). Linear in the text.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_HOCONVALUES_H
#define NOSQLINT_EXTRACT_HOCONVALUES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace nosqlint::extract {

struct HoconValue {
  std::string Path;   // the keys of the open objects and the value's, joined by '.'
  uint32_t Begin = 0; // the value's bytes in the text, quotes included
  uint32_t End = 0;
  enum Kind { Unquoted, Quoted, Triple } Form = Unquoted;
  bool Concatenated = false; // more than the value follows it on its line
};

/// Calls \p Fn for each scalar value of \p Text, in file order.
void forEachHoconValue(llvm::StringRef Text,
                       llvm::function_ref<void(const HoconValue &)> Fn);

} // namespace nosqlint::extract

#endif
