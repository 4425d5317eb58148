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
// The file is read by HoconValues.h, the extractor's one HOCON reader; the
// key and keyword rules are ConfigStatements.h's, shared with YAML.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/HoconStatements.h"

#include "ConfigStatements.h"
#include "HoconValues.h"
#include "Rebuilt.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

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
  forEachHoconValue(Text, [&](const HoconValue &V) {
    // A text of its own: not concatenated with a substitution or more.
    if (V.Form == HoconValue::Unquoted || V.Concatenated ||
        !namesCassandraKey(V.Path))
      return;
    Rebuilt R;
    if (V.Form == HoconValue::Triple)
      R.appendVerbatim(Text.slice(V.Begin + 3, V.End - 3), V.Begin + 3);
    else if (!appendJsonString(Text, V.Begin + 1, V.End - 1, R))
      return;
    if (!startsWithStatementKeyword(R.text()))
      return;
    CqlSnippet S;
    S.Text = R.text();
    S.Origin = R.origin(File);
    S.Range = SourceRange(File, V.Begin, V.End);
    S.Source = SnippetSource::Config;
    S.Reason = "a statement in the Cassandra configuration key '" + V.Path + "'";
    Out.push_back(std::move(S));
  });
  return Out;
}

} // namespace nosqlint::extract
