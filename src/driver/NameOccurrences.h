//===- NameOccurrences.h - Which names a source text holds ------*- C++ -*-===//
//
// A file set aside by the prescan is parsed after all when it shares a
// constant with a parsed file of its package: it uses a name one declares,
// or may declare a name one could not resolve (RunInputs.cpp). A package
// can declare thousands of names; the text's words are gathered once, so
// each name costs a hash look-up and only a name that occurs is looked at
// in place.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_NAMEOCCURRENCES_H
#define NOSQLINT_DRIVER_NAMEOCCURRENCES_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"

namespace nosqlint {

/// Whether \p Text holds \p Word as a whole word (no name character,
/// `[A-Za-z0-9_$]`, on either side): one search, for a text looked at for
/// a few words only.
bool containsWord(llvm::StringRef Text, llvm::StringRef Word);

class NameOccurrences {
public:
  /// \p Text must outlive this.
  explicit NameOccurrences(llvm::StringRef Text);

  /// Whether the text uses \p Name, or its last component (`Tables.USERS`),
  /// as a whole word.
  bool mentions(llvm::StringRef Name) const;

  /// Whether the text may declare \p Name with a value: the name, then on
  /// the same line an optional type (`: String`, ` string`, `[]byte`), then
  /// `=` (not `==`, `<=`, `>=`, `!=` or Go's local `:=`). Every host
  /// language's constant declaration has that shape. The name is followed
  /// at once by a blank, `:`, `=`, `,`, `?` or `[]`: `links[i] = v`
  /// declares neither `links` nor `i`.
  bool mayDeclare(llvm::StringRef Name) const;

private:
  /// Whether \p Name can occur as a whole word at all.
  bool mayOccur(llvm::StringRef Name) const;

  llvm::StringRef Text;
  /// Every maximal run of name characters.
  llvm::DenseSet<llvm::StringRef> Words;
};

} // namespace nosqlint

#endif
