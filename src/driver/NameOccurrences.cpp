//===- NameOccurrences.cpp - Which names a source text holds --------------===//
#include "NameOccurrences.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint {

static bool isNameChar(char C) {
  return llvm::isAlnum(C) || C == '_' || C == '$';
}

static bool isNameWord(llvm::StringRef S) {
  return !S.empty() && llvm::all_of(S, isNameChar);
}

/// Whether \p Text holds \p Name as a whole word at an offset \p Accept
/// takes (it is given the offset just past the name).
template <typename Fn>
static bool anyWordOccurrence(llvm::StringRef Text, llvm::StringRef Name,
                              Fn &&Accept) {
  if (Name.empty())
    return false;
  for (size_t Pos = Text.find(Name); Pos != llvm::StringRef::npos;
       Pos = Text.find(Name, Pos + 1)) {
    size_t End = Pos + Name.size();
    if ((Pos == 0 || !isNameChar(Text[Pos - 1])) &&
        (End == Text.size() || !isNameChar(Text[End])) && Accept(End))
      return true;
  }
  return false;
}

bool containsWord(llvm::StringRef Text, llvm::StringRef Word) {
  return anyWordOccurrence(Text, Word, [](size_t) { return true; });
}

NameOccurrences::NameOccurrences(llvm::StringRef Text) : Text(Text) {
  size_t I = 0, N = Text.size();
  while (I < N) {
    if (!isNameChar(Text[I])) {
      ++I;
      continue;
    }
    size_t Begin = I;
    while (I < N && isNameChar(Text[I]))
      ++I;
    Words.insert(Text.slice(Begin, I));
  }
}

bool NameOccurrences::mayOccur(llvm::StringRef Name) const {
  // A name of name characters only occurs as a whole word exactly when it
  // is one of the words; any other (`a.b`) is looked for in the text.
  return !isNameWord(Name) || Words.contains(Name);
}

bool NameOccurrences::mentions(llvm::StringRef Name) const {
  llvm::StringRef Last = Name.substr(Name.rfind('.') + 1);
  return mayOccur(Last) && containsWord(Text, Last);
}

bool NameOccurrences::mayDeclare(llvm::StringRef Name) const {
  if (!mayOccur(Name))
    return false;
  return anyWordOccurrence(Text, Name, [&](size_t End) {
    // A declared name is followed by a blank, its type (`: String`), `=`,
    // the next name (`a, b = 1, 2`), TypeScript's `?`, or Java's `[]` of an
    // array: never by `]`, `.` or an index (`links[i] = v`, `row.i = v`
    // assign to something else).
    if (End < Text.size()) {
      char Next = Text[End];
      if (Next == '[' ? Text.substr(End + 1, 1) != "]"
                      : !llvm::StringRef(" \t:=,?").contains(Next))
        return false;
    }
    for (size_t I = End; I < Text.size(); ++I) {
      char C = Text[I];
      if (C == '=') {
        // `==`, `<=`, `>=`, `!=` compare; `:=` declares a local (Go's
        // short declarations exist only inside functions, and no other
        // host language declares a constant with it).
        char Before = Text[I - 1];
        return (I + 1 >= Text.size() || Text[I + 1] != '=') &&
               Before != ':' && Before != '<' && Before != '>' &&
               Before != '!';
      }
      if (!(isNameChar(C) || C == ' ' || C == '\t' || C == ':' || C == '.' ||
            C == '<' || C == '>' || C == '[' || C == ']' || C == '?' ||
            C == ','))
        return false;
    }
    return false;
  });
}

} // namespace nosqlint
