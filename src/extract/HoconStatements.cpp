//===- HoconStatements.cpp - CQL statements held by HOCON configuration ---===//
//
// Akka, Alpakka, Lagom and Play applications configure their Cassandra
// plugins in HOCON (`application.conf`, `reference.conf`), and a few keys
// hold a statement the plugin runs (akka-persistence-cassandra's
// `health-check-cql = "SELECT now() FROM system.local"`). A value is ours
// only when its key path names Cassandra (`cassandra`, `datastax`, `scylla`
// in any segment: `akka.persistence.cassandra.healthcheck`,
// `datastax-java-driver`), it is a quoted string of its own ("..." with
// JSON escapes, or """...""" verbatim), and its text starts with a CQL
// statement keyword; it is then listed like a string found by its shape
// (dropped when it does not parse).
//
// The HOCON read here is the subset such files use: one `key = value`,
// `key: value` or `key {` per line, dotted and quoted keys, `}` closing,
// `#` and `//` comments. Anything else on a line is skipped.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/HoconStatements.h"

#include "ConfigStatements.h"
#include "Rebuilt.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

struct Key {
  llvm::StringRef Text; // as written (dots kept)
  size_t End = 0;       // offset in the line after the key
};

/// The key at the start of \p L (after blanks): a run of name characters
/// and dots, or a quoted key.
std::optional<Key> keyAt(llvm::StringRef L, size_t I) {
  if (I >= L.size())
    return std::nullopt;
  if (L[I] == '"') {
    size_t Close = L.find('"', I + 1);
    if (Close == llvm::StringRef::npos)
      return std::nullopt;
    return Key{L.slice(I + 1, Close), Close + 1};
  }
  size_t E = I;
  while (E < L.size() && (llvm::isAlnum(L[E]) || L[E] == '-' || L[E] == '_' ||
                          L[E] == '.'))
    ++E;
  if (E == I)
    return std::nullopt;
  return Key{L.slice(I, E), E};
}

/// Appends the JSON-escaped string body [Begin, End) of \p Text; false on
/// an escape not decoded here (\u).
bool appendJsonString(llvm::StringRef Text, uint32_t Begin, uint32_t End,
                      Rebuilt &R) {
  uint32_t Run = Begin;
  for (uint32_t I = Begin; I < End; ++I) {
    if (Text[I] != '\\')
      continue;
    if (I + 1 >= End)
      return false;
    char E = Text[I + 1];
    char D = E == 'n' ? '\n' : E == 't' ? '\t' : E == 'r' ? '\r'
           : (E == '"' || E == '\\' || E == '/') ? E : '\0';
    if (D == '\0')
      return false;
    R.appendVerbatim(Text.slice(Run, I), Run);
    R.appendMapped(std::string(1, D), I, 2);
    ++I;
    Run = I + 1;
  }
  R.appendVerbatim(Text.slice(Run, End), Run);
  return true;
}

} // namespace

bool mayHoldHoconStatements(llvm::StringRef Text) {
  return namesCassandraKey(Text);
}

std::vector<CqlSnippet> extractHoconStatements(FileId File,
                                               llvm::StringRef Text) {
  std::vector<CqlSnippet> Out;
  if (Text.size() >= UINT32_MAX || !mayHoldHoconStatements(Text))
    return Out;
  std::vector<std::string> Path; // the keys of the open `{` blocks
  uint32_t Pos = 0;
  while (Pos < Text.size()) {
    size_t Nl = Text.find('\n', Pos);
    uint32_t LineEnd = Nl == llvm::StringRef::npos
                           ? static_cast<uint32_t>(Text.size())
                           : static_cast<uint32_t>(Nl);
    llvm::StringRef L = Text.slice(Pos, LineEnd);
    uint32_t LineBegin = Pos;
    Pos = LineEnd + 1;
    size_t I = L.find_first_not_of(" \t\r");
    if (I == llvm::StringRef::npos || L[I] == '#' || L.substr(I).startswith("//"))
      continue;
    if (L[I] == '}') {
      if (!Path.empty())
        Path.pop_back();
      continue;
    }
    std::optional<Key> K = keyAt(L, I);
    if (!K)
      continue;
    size_t J = L.find_first_not_of(" \t", K->End);
    if (J == llvm::StringRef::npos)
      continue;
    if (L[J] == '{') {
      // `key {` ... `}` (a `}` later on the same line closes it again).
      Path.push_back(K->Text.str());
      if (L.find('}', J) != llvm::StringRef::npos)
        Path.pop_back();
      continue;
    }
    if (L[J] != '=' && L[J] != ':')
      continue;
    size_t V = L.find_first_not_of(" \t", J + 1);
    if (V == llvm::StringRef::npos || L[V] != '"')
      continue;
    std::string Full;
    for (const std::string &S : Path)
      Full += S + ".";
    Full += K->Text.str();
    if (!namesCassandraKey(Full))
      continue;
    Rebuilt R;
    uint32_t ValueBegin = LineBegin + static_cast<uint32_t>(V);
    uint32_t ValueEnd;
    if (L.substr(V).startswith("\"\"\"")) {
      // """...""": verbatim, may span lines.
      size_t Close = Text.find("\"\"\"", ValueBegin + 3);
      if (Close == llvm::StringRef::npos)
        break;
      R.appendVerbatim(Text.slice(ValueBegin + 3, Close), ValueBegin + 3);
      ValueEnd = static_cast<uint32_t>(Close + 3);
      size_t After = Text.find('\n', ValueEnd);
      Pos = After == llvm::StringRef::npos ? static_cast<uint32_t>(Text.size())
                                           : static_cast<uint32_t>(After + 1);
      llvm::StringRef Rest = Text.slice(ValueEnd, Pos).trim();
      if (!Rest.empty() && !Rest.startswith("#") && !Rest.startswith("//"))
        continue; // concatenated with more: not a text of its own
    } else {
      size_t K2 = V + 1;
      while (K2 < L.size() && L[K2] != '"')
        K2 += L[K2] == '\\' ? 2 : 1;
      if (K2 >= L.size())
        continue;
      llvm::StringRef Rest = L.substr(K2 + 1).trim();
      if (!Rest.empty() && !Rest.startswith("#") && !Rest.startswith("//") &&
          Rest != ",")
        continue; // `"..." ${x}`: concatenated with a substitution
      if (!appendJsonString(Text, ValueBegin + 1,
                            LineBegin + static_cast<uint32_t>(K2), R))
        continue;
      ValueEnd = LineBegin + static_cast<uint32_t>(K2 + 1);
    }
    if (!startsWithStatementKeyword(R.text()))
      continue;
    CqlSnippet S;
    S.Text = R.text();
    S.Origin = R.origin(File);
    S.Range = SourceRange(File, ValueBegin, ValueEnd);
    S.Source = SnippetSource::Config;
    S.Reason = "a statement in the Cassandra configuration key '" + Full + "'";
    Out.push_back(std::move(S));
  }
  return Out;
}

} // namespace nosqlint::extract
