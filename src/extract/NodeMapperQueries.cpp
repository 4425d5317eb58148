//===- NodeMapperQueries.cpp - cassandra-driver Mapper calls joined to models ===//
//
// What the Node.js driver's mapper sends (lib/mapping/query-generator.js):
//   find/get  `SELECT "f", ... | * FROM ks.t WHERE "c" = ? AND "d" > ?
//              ORDER BY "c" DESC LIMIT ?` (the document's properties, each
//              with its q operator; docInfo's fields, orderBy, limit);
//   findAll   `SELECT * FROM ks.t ORDER BY ... LIMIT ?` on the model's
//              first table;
//   insert    `INSERT INTO ks.t ("a", ...) VALUES (?, ...) IF NOT EXISTS
//              USING TTL ?`;
//   update    `UPDATE ks.t USING TTL ? SET "a" = ? ... WHERE "k" = ? ...`;
//   remove    `DELETE FROM ks.t WHERE "k" = ? ...`.
// Columns are quoted as the driver quotes them; a property's column is
// the model's `columns` entry, or the property itself (snake_case under
// UnderscoreCqlToCamelCaseMappings). The keyspace is the model's, or the
// client's (the table is then written unqualified, as a string run by
// that client would be). A model with several tables: which one a
// document selects is decided against the live schema, so its table is a
// hole.
//
// A find whose document is not a key prefix of the table (`find({ email
// })`) is refused by the mapper at run time ("No table matches the
// filter"); it is checked as written, so the findings say why.
// Writes are listed, never checked: the mapper drops the properties the
// table lacks and splits keys from other columns with the table's
// metadata at run time, so their exact text is not known from the code.
// A read whose document or options are computed at run time is listed
// alike. A model no MappingOptions of the run declares: no statement.
//
//===----------------------------------------------------------------------===//
#include "BuilderJoins.h"
#include "NearestFolder.h"
#include "Rebuilt.h"

#include "nosqlint/Extract/BuilderFacts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace nosqlint::extract {

namespace {

struct Declared {
  const NodeMapperModel *Model;
  const RepositoryFacts *Facts;
};

std::string columnOf(const NodeMapperModel &M, llvm::StringRef Property) {
  for (const auto &[P, C] : M.Columns)
    if (P == Property)
      return C;
  if (!M.Underscore)
    return Property.str();
  // UnderscoreCqlToCamelCaseMappings.getColumnName: `userId` -> `user_id`.
  std::string Out;
  for (size_t I = 0; I < Property.size(); ++I) {
    char C = Property[I];
    if (I > 0 && C >= 'A' && C <= 'Z' && Property[I - 1] >= 'a' &&
        Property[I - 1] <= 'z')
      Out += '_';
    Out += llvm::toLower(C);
  }
  return Out;
}

std::string quoted(llvm::StringRef Column) {
  std::string Out = "\"";
  for (char C : Column) {
    Out += C;
    if (C == '"')
      Out += '"';
  }
  return Out + "\"";
}

/// The text in the order the driver writes it; a piece whose span lies
/// before what the text already maps to stands at the last byte mapped
/// (a TextOrigin moves forward through the file).
class Writer {
public:
  explicit Writer(const CqlPiece &At) : At(At) {}
  void word(llvm::StringRef W) { word(W, At); }
  void word(llvm::StringRef W, const CqlPiece &P) {
    if (W.empty())
      return;
    uint32_t Length = std::max<uint32_t>(P.Length, 1);
    if (P.Begin < Cursor) {
      R.appendMapped(W, Cursor, 1);
      return;
    }
    // A run as long as its span would read as one to one: it stands for
    // the span as a whole.
    if (W.size() == Length && Length > 1)
      --Length;
    R.appendMapped(W, P.Begin, Length);
    Cursor = W.size() == Length ? P.Begin + Length - 1 : P.Begin;
  }
  void hole() {
    uint32_t Begin = std::max(At.Begin, Cursor);
    R.appendHole(Begin, Begin == At.Begin ? std::max<uint32_t>(At.Length, 1) : 1);
    Cursor = Begin;
  }
  Rebuilt R;

private:
  CqlPiece At;
  uint32_t Cursor = 0;
};

std::optional<CqlSnippet> statement(const NodeMapperCall &C,
                                    const NodeMapperModel &M, FileId File) {
  Writer W(C.MethodAt);
  std::string Keyspace = M.Keyspace.empty() ? "" : M.Keyspace + ".";
  bool Read = C.Method == "find" || C.Method == "get" || C.Method == "findAll";
  auto Table = [&] {
    if (M.Tables.size() <= 1 || C.Method == "findAll") {
      W.word(Keyspace + (M.Tables.empty() ? M.Name : M.Tables.front()));
    } else {
      if (!Keyspace.empty())
        W.word(Keyspace);
      W.hole(); // the live schema picks one of the tables
    }
  };
  auto Relations = [&](llvm::StringRef Keyword) {
    if (C.Method != "findAll" && !C.DocKnown) {
      W.word(Keyword);
      W.hole();
      W.word(" = ?");
      return;
    }
    for (size_t I = 0; I < C.Doc.size(); ++I) {
      const NodeMapperCall::Property &P = C.Doc[I];
      W.word(I ? " AND " : Keyword, P.At);
      W.word(quoted(columnOf(M, P.Name)), P.At);
      W.word(" " + P.Op + " ?", P.At);
    }
  };
  if (Read) {
    if (C.Method != "findAll" && C.DocKnown && C.Doc.empty())
      return std::nullopt; // "Expected object with keys"
    W.word("SELECT ");
    if (C.Fields.empty())
      W.word("*");
    // The fields (written after the document) stand for the method, so
    // the document's relations keep their places.
    for (size_t I = 0; I < C.Fields.size(); ++I) {
      if (I)
        W.word(", ");
      W.word(quoted(columnOf(M, C.Fields[I].Name)));
    }
    W.word(" FROM ");
    Table();
    if (C.Method != "findAll")
      Relations(" WHERE ");
    for (size_t I = 0; I < C.OrderBy.size(); ++I) {
      const NodeMapperCall::Order &O = C.OrderBy[I];
      W.word(I ? ", " : " ORDER BY ", O.At);
      W.word(quoted(columnOf(M, O.Name)) + (O.Descending ? " DESC" : " ASC"),
             O.At);
    }
    if (C.Limit)
      W.word(" LIMIT ?", *C.Limit);
  } else if (C.Method == "insert") {
    W.word("INSERT INTO ");
    Table();
    W.word(" (");
    if (!C.DocKnown || C.Doc.empty()) {
      W.hole();
      W.word(") VALUES (?)");
    } else {
      for (size_t I = 0; I < C.Doc.size(); ++I) {
        if (I)
          W.word(", ", C.Doc[I].At);
        W.word(quoted(columnOf(M, C.Doc[I].Name)), C.Doc[I].At);
      }
      W.word(") VALUES (");
      for (size_t I = 0; I < C.Doc.size(); ++I)
        W.word(I ? ", ?" : "?");
      W.word(")");
    }
    if (C.IfNotExists)
      W.word(" IF NOT EXISTS", *C.IfNotExists);
    if (C.Ttl)
      W.word(" USING TTL ?", *C.Ttl);
  } else if (C.Method == "update") {
    W.word("UPDATE ");
    Table();
    if (C.Ttl)
      W.word(" USING TTL ?", *C.Ttl);
    W.word(" SET ");
    W.hole(); // which properties are key columns: the table's metadata
    W.word(" = ? WHERE ");
    W.hole();
    W.word(" = ?");
    if (C.IfExists)
      W.word(" IF EXISTS", *C.IfExists);
  } else if (C.Method == "remove") {
    W.word("DELETE FROM ");
    Table();
    Relations(" WHERE ");
    if (C.IfExists)
      W.word(" IF EXISTS", *C.IfExists);
  } else {
    return std::nullopt;
  }
  CqlSnippet S;
  S.Text = W.R.text();
  S.Origin = W.R.origin(File);
  S.Range = C.Range;
  S.Trust = W.R.trust();
  S.Holes = W.R.holes();
  // Writes, and reads the code leaves open: listed, never reported.
  if (!Read || !C.InfoKnown)
    S.Trust = SnippetTrust::Opaque;
  S.Source = SnippetSource::Mapper;
  S.Reason = C.Reason + ", model " + M.Name;
  return S;
}

bool sameModel(const NodeMapperModel &A, const NodeMapperModel &B) {
  return A.Tables == B.Tables && A.Keyspace == B.Keyspace &&
         A.Underscore == B.Underscore && A.Columns == B.Columns;
}

/// The model a call of file \p F means: the file's own, else the one
/// every declaration agrees on, else the nearest folder's.
const Declared *pick(const std::vector<Declared> &All,
                     const RepositoryFacts &F) {
  for (const Declared &D : All)
    if (D.Facts == &F)
      return &D;
  if (llvm::all_of(All, [&](const Declared &D) {
        return sameModel(*D.Model, *All.front().Model);
      }))
    return &All.front();
  std::vector<const Declared *> Candidates;
  for (const Declared &D : All)
    Candidates.push_back(&D);
  return nearestByFolder<const Declared *>(
      Candidates, F.Directory,
      [](const Declared &X) -> llvm::StringRef { return X.Facts->Directory; });
}

} // namespace

std::vector<RepositorySnippet>
joinNodeMapperQueries(llvm::ArrayRef<RepositoryFacts> Files) {
  llvm::StringMap<std::vector<Declared>> Models;
  for (const RepositoryFacts &F : Files)
    if (F.Builders)
      for (const NodeMapperModel &M : F.Builders->NodeModels)
        Models[M.Name].push_back({&M, &F});
  std::vector<RepositorySnippet> Out;
  if (Models.empty())
    return Out;
  for (const RepositoryFacts &F : Files) {
    if (!F.Builders)
      continue;
    for (const NodeMapperCall &C : F.Builders->NodeCalls) {
      auto It = Models.find(C.Model);
      if (It == Models.end())
        continue;
      const Declared *D = pick(It->second, F);
      if (!D)
        continue;
      if (std::optional<CqlSnippet> S = statement(C, *D->Model, F.File))
        Out.push_back({F.File, std::move(*S)});
    }
  }
  return Out;
}

} // namespace nosqlint::extract
