//===- StressProfile.cpp - CQL in cassandra-stress YAML profiles ----------===//
//
// A cassandra-stress user profile names a keyspace and a table, gives their
// DDL (keyspace_definition, table_definition) and the queries the stress run
// executes (queries: <name>: cql: ...). They become one CQL text, in the
// order Cassandra would see them: the keyspace DDL, `USE <keyspace>` (mapped
// to the keyspace's name in the file), the table DDL, then every query.
//
// The YAML read here is the subset profiles use: top-level `key: value`,
// block scalars (`|`, `>`, with indentation), plain and quoted scalars.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/Extract.h"

#include "Rebuilt.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

struct Line {
  llvm::StringRef Text; // without the line terminator
  uint32_t Begin;       // file offset
  unsigned Indent;
};

std::vector<Line> splitLines(llvm::StringRef Text) {
  std::vector<Line> Lines;
  uint32_t Pos = 0;
  while (Pos <= Text.size()) {
    size_t Nl = Text.find('\n', Pos);
    size_t End = Nl == llvm::StringRef::npos ? Text.size() : Nl;
    llvm::StringRef L = Text.slice(Pos, End);
    if (L.endswith("\r"))
      L = L.drop_back();
    unsigned Indent = static_cast<unsigned>(L.size() - L.ltrim(' ').size());
    Lines.push_back({L, Pos, Indent});
    if (Nl == llvm::StringRef::npos)
      break;
    Pos = static_cast<uint32_t>(Nl + 1);
  }
  return Lines;
}

bool isBlank(const Line &L) {
  llvm::StringRef T = L.Text.trim();
  return T.empty() || T.startswith("#");
}

/// A scalar's bytes: [Begin, End) in the file, and how to read them.
struct Scalar {
  uint32_t Begin = 0;
  uint32_t End = 0;
  char Quote = 0;       // 0 plain, '\'' or '"'
  bool Block = false;   // | or >: several lines, appended verbatim
  bool Found = false;
};

/// The value of `Key:` starting on line \p I (whose key is at \p KeyIndent).
Scalar scalarAfterKey(const std::vector<Line> &Lines, size_t I,
                      llvm::StringRef AfterColon, uint32_t AfterColonBegin) {
  Scalar S;
  llvm::StringRef V = AfterColon.ltrim(' ');
  uint32_t VBegin = AfterColonBegin + static_cast<uint32_t>(AfterColon.size() - V.size());
  // Drop a trailing comment from plain values.
  if (V.startswith("|") || V.startswith(">")) {
    unsigned KeyIndent = Lines[I].Indent;
    size_t J = I + 1;
    size_t Last = I;
    while (J < Lines.size() && (isBlank(Lines[J]) || Lines[J].Indent > KeyIndent)) {
      if (!isBlank(Lines[J]))
        Last = J;
      ++J;
    }
    if (Last == I)
      return S;
    S.Begin = Lines[I + 1].Begin;
    S.End = Lines[Last].Begin + static_cast<uint32_t>(Lines[Last].Text.size());
    S.Block = true;
    S.Found = true;
    return S;
  }
  if (V.empty())
    return S;
  if (V[0] == '\'' || V[0] == '"') {
    char Q = V[0];
    // The closing quote on the same line ('' is an escaped quote in '...').
    size_t K = 1;
    while (K < V.size()) {
      if (V[K] == Q) {
        if (Q == '\'' && K + 1 < V.size() && V[K + 1] == '\'') {
          K += 2;
          continue;
        }
        break;
      }
      if (Q == '"' && V[K] == '\\')
        ++K;
      ++K;
    }
    S.Begin = VBegin + 1;
    S.End = VBegin + static_cast<uint32_t>(std::min(K, V.size()));
    S.Quote = Q;
    S.Found = true;
    return S;
  }
  size_t Hash = V.find(" #");
  if (Hash != llvm::StringRef::npos)
    V = V.take_front(Hash);
  V = V.rtrim();
  S.Begin = VBegin;
  S.End = VBegin + static_cast<uint32_t>(V.size());
  S.Found = !V.empty();
  return S;
}

void appendScalar(llvm::StringRef Text, const Scalar &S, Rebuilt &Out) {
  llvm::StringRef Body = Text.slice(S.Begin, S.End);
  if (S.Quote == 0) {
    Out.appendVerbatim(Body, S.Begin);
    return;
  }
  size_t Run = 0;
  for (size_t I = 0; I < Body.size();) {
    bool SingleEsc = S.Quote == '\'' && Body[I] == '\'' && I + 1 < Body.size() &&
                     Body[I + 1] == '\'';
    bool DoubleEsc = S.Quote == '"' && Body[I] == '\\' && I + 1 < Body.size();
    if (!SingleEsc && !DoubleEsc) {
      ++I;
      continue;
    }
    Out.appendVerbatim(Body.slice(Run, I), S.Begin + static_cast<uint32_t>(Run));
    std::string Decoded;
    if (SingleEsc) {
      Decoded = "'";
    } else {
      char C = Body[I + 1];
      Decoded = C == 'n' ? "\n" : C == 't' ? "\t" : std::string(1, C);
    }
    Out.appendMapped(Decoded, S.Begin + static_cast<uint32_t>(I), 2);
    I += 2;
    Run = I;
  }
  Out.appendVerbatim(Body.drop_front(Run), S.Begin + static_cast<uint32_t>(Run));
}

/// Splits `key: rest` (key without quotes); false when the line is not one.
bool keyOf(const Line &L, llvm::StringRef &Key, llvm::StringRef &Rest,
           uint32_t &RestBegin) {
  llvm::StringRef T = L.Text.drop_front(L.Indent);
  if (T.startswith("- "))
    return false;
  size_t Colon = T.find(':');
  if (Colon == llvm::StringRef::npos || Colon == 0)
    return false;
  if (Colon + 1 < T.size() && T[Colon + 1] != ' ')
    return false;
  Key = T.take_front(Colon).trim();
  if (!llvm::all_of(Key, [](char C) { return llvm::isAlnum(C) || C == '_' || C == '-' || C == '.'; }))
    return false;
  Rest = T.drop_front(Colon + 1);
  RestBegin = L.Begin + L.Indent + static_cast<uint32_t>(Colon + 1);
  return true;
}

} // namespace

std::optional<CqlSnippet> extractStressProfile(FileId File,
                                               llvm::StringRef Text) {
  std::vector<Line> Lines = splitLines(Text);
  Scalar Keyspace, KeyspaceDdl, TableDdl;
  std::vector<Scalar> Queries;
  bool InQueries = false;
  unsigned QueriesIndent = 0;
  for (size_t I = 0; I < Lines.size(); ++I) {
    const Line &L = Lines[I];
    if (isBlank(L))
      continue;
    llvm::StringRef Key, Rest;
    uint32_t RestBegin;
    if (!keyOf(L, Key, Rest, RestBegin))
      continue;
    if (L.Indent == 0) {
      InQueries = Key == "queries";
      QueriesIndent = 0;
      if (Key == "keyspace")
        Keyspace = scalarAfterKey(Lines, I, Rest, RestBegin);
      else if (Key == "keyspace_definition")
        KeyspaceDdl = scalarAfterKey(Lines, I, Rest, RestBegin);
      else if (Key == "table_definition")
        TableDdl = scalarAfterKey(Lines, I, Rest, RestBegin);
      continue;
    }
    if (InQueries && Key == "cql") {
      (void)QueriesIndent;
      Scalar Q = scalarAfterKey(Lines, I, Rest, RestBegin);
      if (Q.Found)
        Queries.push_back(Q);
    }
  }
  if (!TableDdl.Found && Queries.empty())
    return std::nullopt;

  Rebuilt R;
  auto Statement = [&](const Scalar &S) {
    appendScalar(Text, S, R);
    // A separator that belongs to no file byte: mapped to the end of the
    // scalar, where a missing `;` would be reported.
    if (!llvm::StringRef(R.text()).rtrim().endswith(";"))
      R.appendMapped(";", S.End, 0);
    R.appendMapped("\n", S.End, 0);
  };
  if (KeyspaceDdl.Found)
    Statement(KeyspaceDdl);
  if (Keyspace.Found) {
    R.appendMapped("USE ", Keyspace.Begin, 0);
    appendScalar(Text, Keyspace, R);
    R.appendMapped(";\n", Keyspace.End, 0);
  }
  if (TableDdl.Found)
    Statement(TableDdl);
  for (const Scalar &Q : Queries)
    Statement(Q);

  CqlSnippet S;
  S.Text = R.text();
  S.Origin = R.origin(File);
  S.Range = SourceRange(File, 0, static_cast<uint32_t>(Text.size()));
  S.Source = SnippetSource::DriverCall;
  return S;
}

} // namespace nosqlint::extract
