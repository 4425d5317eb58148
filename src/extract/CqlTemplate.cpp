//===- CqlTemplate.cpp - .cql files with template placeholders ------------===//
//
// Migration tools and deployment scripts keep CQL in templates: `{{ ks }}`
// (Jinja, Mustache, Go templates), `${table}` (shell, Gradle, Liquibase),
// `$KEYSPACE$` (replaced by the application before it runs the file),
// `{% if %}` blocks. Each placeholder is an interpolation hole, chosen like a
// host-language hole (a bind marker in value position, ...); placeholders in
// comments stay text.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/Extract.h"

#include "Rebuilt.h"

namespace nosqlint::extract {

namespace {

bool isNameChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_';
}

/// `$NAME$` at \p I: its end, or npos. Not CQL's `$$...$$` strings: no
/// dollar right before or after it, and a name inside.
size_t dollarPlaceholderEnd(llvm::StringRef T, size_t I) {
  if (T[I] != '$' || (I > 0 && T[I - 1] == '$') || I + 2 >= T.size() ||
      !isNameChar(T[I + 1]) || (T[I + 1] >= '0' && T[I + 1] <= '9'))
    return llvm::StringRef::npos;
  size_t E = I + 1;
  while (E < T.size() && isNameChar(T[E]))
    ++E;
  if (E >= T.size() || T[E] != '$' || (E + 1 < T.size() && T[E + 1] == '$'))
    return llvm::StringRef::npos;
  return E + 1;
}

/// The end of the placeholder starting at \p I, or npos.
size_t placeholderEnd(llvm::StringRef T, size_t I) {
  if (size_t D = dollarPlaceholderEnd(T, I); D != llvm::StringRef::npos)
    return D;
  llvm::StringRef Close;
  if (T.substr(I).startswith("{{"))
    Close = "}}";
  else if (T.substr(I).startswith("{%"))
    Close = "%}";
  else if (T.substr(I).startswith("${"))
    Close = "}";
  else
    return llvm::StringRef::npos;
  size_t E = T.find(Close, I + 2);
  if (E == llvm::StringRef::npos || (T.slice(I, E).contains('\n') && Close == "}"))
    return llvm::StringRef::npos;
  return E + Close.size();
}

} // namespace

bool hasTemplatePlaceholders(llvm::StringRef Text) {
  if (Text.contains("{{") || Text.contains("${") || Text.contains("{%"))
    return true;
  for (size_t I = Text.find('$'); I != llvm::StringRef::npos;
       I = Text.find('$', I + 1))
    if (dollarPlaceholderEnd(Text, I) != llvm::StringRef::npos)
      return true;
  return false;
}

std::optional<CqlSnippet> extractCqlTemplate(FileId File, llvm::StringRef Text,
                                             uint32_t Begin) {
  Rebuilt R;
  size_t Run = Begin;
  bool InLineComment = false, InBlockComment = false, InString = false;
  unsigned Holes = 0;
  for (size_t I = Begin; I < Text.size();) {
    char C = Text[I];
    if (InLineComment) {
      if (C == '\n')
        InLineComment = false;
      ++I;
      continue;
    }
    if (InBlockComment) {
      if (Text.substr(I).startswith("*/"))
        InBlockComment = false, ++I;
      ++I;
      continue;
    }
    if (!InString && (Text.substr(I).startswith("--") || Text.substr(I).startswith("//"))) {
      InLineComment = true;
      I += 2;
      continue;
    }
    if (!InString && Text.substr(I).startswith("/*")) {
      InBlockComment = true;
      I += 2;
      continue;
    }
    if (C == '\'')
      InString = !InString;
    size_t End = placeholderEnd(Text, I);
    if (End == llvm::StringRef::npos) {
      ++I;
      continue;
    }
    R.appendVerbatim(Text.slice(Run, I), static_cast<uint32_t>(Run));
    R.appendHole(static_cast<uint32_t>(I), static_cast<uint32_t>(End - I));
    ++Holes;
    I = End;
    Run = I;
  }
  if (Holes == 0)
    return std::nullopt;
  R.appendVerbatim(Text.drop_front(Run), static_cast<uint32_t>(Run));
  CqlSnippet S;
  S.Text = R.text();
  S.Origin = R.origin(File);
  S.Range = SourceRange(File, Begin, static_cast<uint32_t>(Text.size()));
  S.Trust = R.trust();
  S.Holes = R.holes();
  return S;
}

} // namespace nosqlint::extract
