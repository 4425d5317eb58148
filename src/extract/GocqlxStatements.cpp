//===- GocqlxStatements.cpp -----------------------------------------------===//
#include "GocqlxStatements.h"

#include "Rebuilt.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace nosqlint::extract {

namespace {

/// The statement's text, piece by piece; the trust and holes of the pieces
/// that were evaluated on their own add to the text's. The text reads in
/// the order gocqlx writes it and so must its map (a TextOrigin moves
/// forward through the file): a piece whose span lies before what the
/// text already maps to (`FROM` after the columns, the `=` of `qb.Eq("k")`
/// after its column) stands at the last byte mapped so far.
class Writer {
public:
  void word(llvm::StringRef W, const CqlPiece &At) {
    put(W, At.Begin, std::max<uint32_t>(At.Length, 1), false);
  }
  void piece(const CqlPiece &P) {
    if (P.Text.empty())
      return;
    put(P.Text, P.Begin, std::max<uint32_t>(P.Length, 1), P.Verbatim);
    if (static_cast<int>(P.Trust) > static_cast<int>(Trust))
      Trust = P.Trust;
    Holes += P.Holes;
  }
  /// `a,b,c` as gocqlx's columns.writeCql joins them.
  void list(llvm::ArrayRef<CqlPiece> Items) {
    for (size_t I = 0; I < Items.size(); ++I) {
      if (I)
        word(",", Items[I]);
      piece(Items[I]);
    }
  }
  /// `WHERE a=? AND b IN ? ` (cmps.writeCql); nothing when empty.
  void cmps(llvm::StringRef Keyword,
            llvm::ArrayRef<GocqlxStatement::Cmp> Cs) {
    if (Cs.empty())
      return;
    word(Keyword, Cs.front().Column);
    for (size_t I = 0; I < Cs.size(); ++I) {
      piece(Cs[I].Column);
      word(Cs[I].Op, Cs[I].Value);
      piece(Cs[I].Value);
      if (I + 1 < Cs.size())
        word(" AND ", Cs[I].Value);
    }
    word(" ", Cs.back().Value);
  }
  /// `USING TTL x AND TIMESTAMP y AND TIMEOUT z ` (using.writeCql).
  void usingClause(const GocqlxStatement &S) {
    bool Any = false;
    auto One = [&](const std::optional<CqlPiece> &P, llvm::StringRef Name) {
      if (!P)
        return;
      word(Any ? "AND " : "USING ", *P);
      word(Name, *P);
      piece(*P);
      word(" ", *P);
      Any = true;
    };
    One(S.Ttl, "TTL ");
    One(S.Timestamp, "TIMESTAMP ");
    One(S.Timeout, "TIMEOUT ");
  }

  Rebuilt R;
  SnippetTrust Trust = SnippetTrust::Full;
  unsigned Holes = 0;

private:
  void put(llvm::StringRef Text, uint32_t Begin, uint32_t Length,
           bool Verbatim) {
    if (Text.empty())
      return;
    if (Begin < Cursor) {
      R.appendMapped(Text, Cursor, 1);
      return;
    }
    if (Verbatim) {
      R.appendVerbatim(Text, Begin);
      Cursor = Begin + static_cast<uint32_t>(Text.size()) - 1;
      return;
    }
    // A run as long as its span would read as one to one: it stands for
    // the span as a whole instead, every byte at the span's first, so the
    // next piece may map anywhere from there on.
    if (Text.size() == Length && Length > 1)
      --Length;
    R.appendMapped(Text, Begin, Length);
    Cursor = Text.size() == Length ? Begin + Length - 1 : Begin;
  }

  uint32_t Cursor = 0; // the last file byte the text maps to so far
};

/// The table piece, quoted as gocqlx v3 quotes it.
CqlPiece tablePiece(const GocqlxStatement &S) {
  CqlPiece T = *S.Table;
  if (S.Version3 && T.Trust == SnippetTrust::Full) {
    std::string Q = quoteGocqlxTableName(T.Text);
    if (Q != T.Text) {
      T.Text = Q;
      T.Verbatim = false;
    }
  }
  return T;
}

/// \p Items as they stand for the text: written in the source after the
/// table (`qb.Select("t").Columns("a")`) but before it in the text, each
/// stands for the builder's root call, so that the table keeps its place
/// (the text's map moves forward through the file).
std::vector<CqlPiece> beforeTable(const GocqlxStatement &S,
                                  llvm::ArrayRef<CqlPiece> Items) {
  std::vector<CqlPiece> Out(Items.begin(), Items.end());
  for (CqlPiece &P : Out)
    if (S.Table && P.Begin > S.Table->Begin) {
      P.Begin = S.Head.Begin;
      P.Length = S.Head.Length;
      P.Verbatim = false;
    }
  return Out;
}

void writeSelect(Writer &W, const GocqlxStatement &Statement) {
  GocqlxStatement S = Statement;
  S.Columns = beforeTable(S, S.Columns);
  S.Distinct = beforeTable(S, S.Distinct);
  W.word("SELECT ", S.Head);
  if (S.Json)
    W.word("JSON ", S.JsonAt);
  if (!S.Distinct.empty()) {
    W.word("DISTINCT ", S.Distinct.front());
    W.list(S.Distinct);
  } else if (!S.GroupBy.empty()) {
    W.list(beforeTable(S, S.GroupBy));
    if (!S.Columns.empty()) {
      W.word(",", S.Columns.front());
      W.list(S.Columns);
    }
  } else if (S.Columns.empty()) {
    W.word("*", S.Head);
  } else {
    W.list(S.Columns);
  }
  W.word(" FROM ", S.Head);
  W.piece(tablePiece(S));
  W.word(" ", S.Head);
  W.cmps("WHERE ", S.Where);
  if (!S.GroupBy.empty()) {
    W.word("GROUP BY ", S.GroupBy.front());
    W.list(S.GroupBy);
    W.word(" ", S.GroupBy.back());
  }
  if (!S.OrderBy.empty()) {
    W.word("ORDER BY ", S.OrderBy.front());
    W.list(S.OrderBy);
    W.word(" ", S.OrderBy.back());
  }
  if (S.PerPartitionLimit) {
    W.word("PER PARTITION LIMIT ", *S.PerPartitionLimit);
    W.piece(*S.PerPartitionLimit);
    W.word(" ", *S.PerPartitionLimit);
  }
  if (S.Limit) {
    W.word("LIMIT ", *S.Limit);
    W.piece(*S.Limit);
    W.word(" ", *S.Limit);
  }
  if (S.AllowFiltering)
    W.word("ALLOW FILTERING ", *S.AllowFiltering);
  if (S.BypassCache)
    W.word("BYPASS CACHE ", *S.BypassCache);
  W.usingClause(S);
}

void writeInsert(Writer &W, const GocqlxStatement &S) {
  W.word("INSERT INTO ", S.Head);
  W.piece(tablePiece(S));
  W.word(" ", S.Head);
  if (S.Json) {
    W.word("JSON ?", S.JsonAt);
    return;
  }
  W.word("(", S.Head);
  W.list(S.Columns);
  W.word(") VALUES (", S.Head);
  W.list(S.Values);
  W.word(") ", S.Head);
  if (S.Unique)
    W.word("IF NOT EXISTS ", *S.Unique);
  W.usingClause(S);
}

void writeUpdate(Writer &W, const GocqlxStatement &S) {
  W.word("UPDATE ", S.Head);
  W.piece(tablePiece(S));
  W.word(" ", S.Head);
  W.usingClause(S);
  W.word("SET ", S.Sets.front().Column);
  for (size_t I = 0; I < S.Sets.size(); ++I) {
    const GocqlxStatement::Assignment &A = S.Sets[I];
    if (I)
      W.word(",", A.Column);
    W.piece(A.Column);
    W.word("=", A.Value);
    if (!A.Prefix.empty())
      W.word(A.Prefix, A.Value);
    W.piece(A.Value);
  }
  W.word(" ", S.Sets.back().Value);
  W.cmps("WHERE ", S.Where);
  W.cmps("IF ", S.If);
  if (S.Existing)
    W.word("IF EXISTS ", *S.Existing);
  if (S.AllowFiltering)
    W.word("ALLOW FILTERING ", *S.AllowFiltering);
}

void writeDelete(Writer &W, const GocqlxStatement &S) {
  W.word("DELETE ", S.Head);
  if (!S.Columns.empty()) {
    std::vector<CqlPiece> Cols = beforeTable(S, S.Columns);
    W.list(Cols);
    W.word(" ", Cols.back());
  }
  W.word("FROM ", S.Head);
  W.piece(tablePiece(S));
  W.word(" ", S.Head);
  W.usingClause(S);
  W.cmps("WHERE ", S.Where);
  W.cmps("IF ", S.If);
  if (S.Existing)
    W.word("IF EXISTS ", *S.Existing);
}

bool isReservedWord(llvm::StringRef Lower) {
  static const char *const Words[] = {
      "add",      "allow",  "alter",   "and",         "apply",  "asc",
      "authorize", "batch", "begin",   "by",          "columnfamily",
      "create",   "delete", "desc",    "describe",    "drop",   "entries",
      "execute",  "from",   "full",    "grant",       "if",     "in",
      "index",    "infinity", "insert", "into",       "keyspace", "limit",
      "modify",   "nan",    "norecursive", "not",     "null",   "of",
      "on",       "or",     "order",   "primary",     "rename", "replace",
      "revoke",   "schema", "select",  "set",         "table",  "to",
      "token",    "truncate", "unlogged", "update",   "use",    "using",
      "where",    "with"};
  return llvm::is_contained(Words, Lower);
}

bool needsQuoting(llvm::StringRef Id) {
  if (Id.empty())
    return false;
  for (size_t I = 0; I < Id.size(); ++I) {
    char C = Id[I];
    bool Ok = (C >= 'a' && C <= 'z') ||
              (I > 0 && ((C >= '0' && C <= '9') || C == '_'));
    if (!Ok)
      return true;
  }
  return isReservedWord(Id.lower());
}

bool isQuotedIdentifier(llvm::StringRef Id) {
  if (Id.size() < 2 || Id.front() != '"' || Id.back() != '"')
    return false;
  for (size_t I = 1; I + 1 < Id.size(); ++I) {
    if (Id[I] != '"')
      continue;
    if (I + 2 < Id.size() && Id[I + 1] == '"') {
      ++I;
      continue;
    }
    return false;
  }
  return true;
}

std::string quoteIdentifier(llvm::StringRef Id) {
  if (isQuotedIdentifier(Id) || !needsQuoting(Id))
    return Id.str();
  std::string Out = "\"";
  for (char C : Id) {
    Out += C;
    if (C == '"')
      Out += '"';
  }
  Out += '"';
  return Out;
}

} // namespace

std::string quoteGocqlxTableName(llvm::StringRef Name) {
  if (Name.find_first_of(".\"") == llvm::StringRef::npos)
    return quoteIdentifier(Name);
  std::vector<llvm::StringRef> Parts;
  size_t Start = 0;
  bool Quoted = false;
  for (size_t I = 0; I < Name.size(); ++I) {
    if (Name[I] == '"') {
      if (Quoted && I + 1 < Name.size() && Name[I + 1] == '"')
        ++I;
      else if (Quoted)
        Quoted = false;
      else if (I == Start)
        Quoted = true;
    } else if (Name[I] == '.' && !Quoted) {
      Parts.push_back(Name.slice(Start, I));
      Start = I + 1;
    }
  }
  Parts.push_back(Name.substr(Start));
  std::string Out;
  for (size_t I = 0; I < Parts.size(); ++I) {
    if (I)
      Out += '.';
    Out += quoteIdentifier(Parts[I]);
  }
  return Out;
}

std::optional<CqlSnippet> writeGocqlxStatement(const GocqlxStatement &S,
                                               FileId File) {
  if (!S.Table || S.Table->Text.empty())
    return std::nullopt;
  Writer W;
  switch (S.Op) {
  case GocqlxStatement::Kind::Select:
    writeSelect(W, S);
    break;
  case GocqlxStatement::Kind::Insert:
    if (!S.Json && (S.Columns.empty() || S.Columns.size() != S.Values.size()))
      return std::nullopt;
    writeInsert(W, S);
    break;
  case GocqlxStatement::Kind::Update:
    if (S.Sets.empty())
      return std::nullopt; // `UPDATE t SET  WHERE`: gocqlx writes no statement
    writeUpdate(W, S);
    break;
  case GocqlxStatement::Kind::Delete:
    writeDelete(W, S);
    break;
  }
  CqlSnippet Out;
  Out.Text = W.R.text();
  Out.Origin = W.R.origin(File);
  Out.Range = S.Range;
  Out.Trust = static_cast<int>(W.R.trust()) > static_cast<int>(W.Trust)
                  ? W.R.trust()
                  : W.Trust;
  Out.Holes = W.R.holes() + W.Holes;
  Out.Source = S.Source;
  Out.Reason = S.Reason;
  if (!S.Historical) // a model of then, not of the final schema
    Out.Model = S.Model;
  if (S.Historical && Out.Trust == SnippetTrust::Full) {
    Out.Trust = SnippetTrust::TableUnknown;
    Out.Reason += "; in a gocqlx migration callback, which runs against the "
                  "schema of its migration: not checked against the final one";
  }
  return Out;
}

bool applyGocqlxTable(GocqlxStatement &S, GocqlxTablePart Part,
                      const GocqlxTable &T, const CqlPiece &Method) {
  auto At = [&](std::string Text) {
    CqlPiece P;
    P.Text = std::move(Text);
    P.Begin = Method.Begin;
    P.Length = Method.Length;
    return P;
  };
  if (T.Table.Trust == SnippetTrust::Full && T.Table.Holes == 0) {
    CqlSnippet::ModelTable M;
    M.Table = T.Table.Text;
    M.PartitionKey = T.PartKey;
    M.Clustering = T.SortKey;
    if (T.ColumnsKnown)
      M.Columns = T.Columns;
    S.Model = std::move(M);
  }
  if (!S.Table) {
    CqlPiece Name = At(T.Table.Text);
    Name.Trust = T.Table.Trust;
    Name.Holes = T.Table.Holes;
    S.Table = std::move(Name);
  }
  auto Keys = [&](bool WithSort) {
    std::vector<GocqlxStatement::Cmp> Model;
    std::vector<std::string> Names = T.PartKey;
    if (WithSort)
      Names.insert(Names.end(), T.SortKey.begin(), T.SortKey.end());
    for (const std::string &K : Names)
      Model.push_back({At(K), "=", At("?")});
    S.Where.insert(S.Where.begin(), Model.begin(), Model.end());
  };
  switch (Part) {
  case GocqlxTablePart::None:
    return true;
  case GocqlxTablePart::PrimaryKey:
    Keys(true);
    return true;
  case GocqlxTablePart::PartitionKey:
    Keys(false);
    return true;
  case GocqlxTablePart::AllColumns: {
    if (!T.ColumnsKnown)
      return false;
    std::vector<CqlPiece> Cols, Vals;
    for (const std::string &C : T.Columns) {
      Cols.push_back(At(C));
      Vals.push_back(At("?"));
    }
    S.Columns.insert(S.Columns.begin(), Cols.begin(), Cols.end());
    S.Values.insert(S.Values.begin(), Vals.begin(), Vals.end());
    return true;
  }
  }
  return false;
}

} // namespace nosqlint::extract
