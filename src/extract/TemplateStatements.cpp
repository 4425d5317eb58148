//===- TemplateStatements.cpp - The CQL a template call sends -------------===//
//
// StatementFactory's statements: select `SELECT * FROM t WHERE c op ?
// ... ORDER BY c ASC|DESC LIMIT n ALLOW FILTERING` (count `SELECT
// count(1)`, exists `LIMIT 1`; a page request reads one page, `LIMIT ?`),
// `UPDATE t [USING TTL ?] SET c = ?, ... WHERE ... [IF EXISTS]`, `DELETE
// FROM t WHERE ... [IF EXISTS]`; by id, the whole primary key `k = ?`;
// an entity's insert, update or delete its every column, its regular
// columns, its key (EntityIndex); `TRUNCATE t`. Each piece maps to what
// the call writes for it: the criterion's key for its relation, the
// `limit(..)` call for the LIMIT, the method's name for the rest.
//
//===----------------------------------------------------------------------===//
#include "TemplateStatements.h"

#include "Rebuilt.h"

#include "nosqlint/Basic/CqlNames.h"
#include "nosqlint/Extract/TemplateFacts.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

using Span = TemplateQuery::Span;
using Operation = TemplateQuery::Operation;
using Property = MappedEntity::Property;

/// The text of a statement, each piece mapped to a span of the call; a
/// piece written before the one it follows maps to that one's span (a
/// TextOrigin moves forward through the file).
class Writer {
public:
  /// \p TableAt: the table is named at run time there; TableMark in a
  /// text stands for it.
  explicit Writer(std::optional<Span> TableAt = std::nullopt)
      : TableAt(TableAt) {}
  static constexpr char TableMark = '\x01';

  void put(const std::string &Text, Span At) {
    size_t Mark = Text.find(TableMark);
    if (Mark != std::string::npos && TableAt) {
      put(Text.substr(0, Mark), At);
      hole(*TableAt);
      put(Text.substr(Mark + 1), *TableAt);
      return;
    }
    if (Text.empty())
      return;
    clamp(At);
    R.appendMapped(Text, At.Begin, At.Length);
  }
  void hole(Span At) {
    clamp(At);
    R.appendHole(At.Begin, At.Length);
  }
  Rebuilt &rebuilt() { return R; }

private:
  void clamp(Span &At) {
    if (At.Begin < Prev.Begin)
      At = Prev;
    Prev = At;
  }
  std::optional<Span> TableAt;
  Rebuilt R;
  Span Prev;
};

class Translator {
public:
  Translator(const TemplateQuery &T, const MappedEntity &M,
             const EntityIndex &Index, llvm::StringRef Directory)
      : T(T), M(M), Index(Index), Directory(Directory) {}

  /// Writes the statement; false when Spring would send none we know.
  bool write(Writer &W) {
    std::string Override =
        T.TableAt       ? std::string(1, Writer::TableMark)
        : T.Table.empty() ? ""
                          : spellUnquotedCqlName(T.Table);
    std::string Table = Override.empty() ? EntityIndex::tableOf(M) : Override;
    Span Method = T.MethodAt;
    switch (T.Op) {
    case Operation::Select:
    case Operation::Count:
    case Operation::Exists:
      W.put(std::string(T.Op == Operation::Count ? "SELECT count(1)"
                                                 : "SELECT *") +
                " FROM " + Table,
            Method);
      if (!where(W) || !orderBy(W))
        return false;
      if (T.Op == Operation::Exists)
        W.put(" LIMIT 1", Method);
      else if (T.LimitAt)
        W.put(" LIMIT " + T.Limit, *T.LimitAt);
      else if (T.PagedAt)
        W.put(" LIMIT ?", *T.PagedAt); // one page
      if (T.AllowFilteringAt)
        W.put(" ALLOW FILTERING", *T.AllowFilteringAt);
      return true;
    case Operation::Update: {
      std::string Head = "UPDATE " + Table + (T.Ttl ? " USING TTL ?" : "") +
                         " SET ";
      if (T.UpdateUnknown) {
        // Placeholders that parse: `SET <hole> = ?`.
        W.put(Head, Method);
        W.hole(T.UnknownAt);
        W.put(" = ?", T.UnknownAt);
      } else {
        if (T.Assignments.empty())
          return false; // Spring refuses an update of nothing
        for (size_t I = 0; I < T.Assignments.size(); ++I) {
          std::optional<std::string> C = column(T.Assignments[I].Key);
          if (!C)
            return false;
          Head += (I ? ", " : "") + assignment(*C, T.Assignments[I].How);
        }
        W.put(Head, Method);
      }
      if (!where(W))
        return false;
      if (T.IfExists)
        W.put(" IF EXISTS", T.OptionsAt.value_or(Method));
      return true;
    }
    case Operation::Delete:
      W.put("DELETE FROM " + Table, Method);
      if (!where(W))
        return false;
      if (T.IfExists)
        W.put(" IF EXISTS", T.OptionsAt.value_or(Method));
      return true;
    case Operation::SelectById:
    case Operation::ExistsById: {
      std::vector<const Property *> Keys = Index.keyColumns(M, Directory);
      if (Keys.empty())
        return false;
      W.put("SELECT * FROM " + Table +
                EntityIndex::keyEquals(Keys, Keys.size()) +
                (T.Op == Operation::ExistsById ? " LIMIT 1" : ""),
            Method);
      return true;
    }
    case Operation::DeleteById:
    case Operation::DeleteEntity:
      return whole(W, Index.deleteOf(M, Directory, Override),
                   T.IfExists ? " IF EXISTS" : "");
    case Operation::Insert:
      return whole(W, Index.insertOf(M, Directory, Override),
                   std::string(T.IfNotExists ? " IF NOT EXISTS" : "") +
                       (T.Ttl ? " USING TTL ?" : ""));
    case Operation::UpdateEntity: {
      std::string U = Index.updateOf(M, Directory, Override);
      if (!U.empty() && T.Ttl) // `UPDATE t USING TTL ? SET ...`
        U.insert(std::string("UPDATE ").size() + Table.size(), " USING TTL ?");
      return whole(W, U, T.IfExists ? " IF EXISTS" : "");
    }
    case Operation::Truncate:
      W.put("TRUNCATE " + Table, Method);
      return true;
    }
    return false;
  }

private:
  /// A statement of the whole entity, and its options' clause.
  bool whole(Writer &W, const std::string &Text, const std::string &Tail) {
    if (Text.empty())
      return false;
    W.put(Text, T.MethodAt);
    if (!Tail.empty())
      W.put(Tail, T.OptionsAt.value_or(T.MethodAt));
    return true;
  }

  /// The column a criterion's or assignment's key names: the column of
  /// the property it is the path of, else the key itself (a column name,
  /// as CqlIdentifier.fromCql reads it).
  std::optional<std::string> column(llvm::StringRef Key) const {
    if (const Property *P = Index.resolve(M, Key, Directory)) {
      if (isCompositeKey(*P))
        return std::nullopt; // "Cannot use composite primary key directly"
      return EntityIndex::column(*P);
    }
    // A key class we do not know may have a property of that name.
    for (const Property &P : M.Properties)
      if (isCompositeKey(P) && !Index.keyClass(M, P, Directory))
        return std::nullopt;
    if (Key.size() > 2 && Key.front() == '"' && Key.back() == '"')
      return Key.str();
    if (!llvm::all_of(Key, [](char C) { return llvm::isAlnum(C) || C == '_'; }))
      return std::nullopt;
    return spellUnquotedCqlName(Key.lower());
  }

  static std::string assignment(const std::string &C,
                                TemplateQuery::Assignment::Kind How) {
    using Kind = TemplateQuery::Assignment::Kind;
    switch (How) {
    case Kind::Set: return C + " = ?";
    case Kind::Add: return C + " = " + C + " + ?";
    case Kind::Prepend: return C + " = ? + " + C;
    case Kind::Subtract: return C + " = " + C + " - ?";
    case Kind::SetAt: return C + "[?] = ?";
    }
    return C + " = ?";
  }

  bool where(Writer &W) {
    if (T.QueryUnknown) {
      // `WHERE <hole> = ?`: the clause is unknown, the text still parses.
      W.put(" WHERE ", T.UnknownAt);
      W.hole(T.UnknownAt);
      W.put(" = ?", T.UnknownAt);
      return true;
    }
    bool First = true;
    for (const TemplateQuery::Criterion &C : T.Where) {
      std::optional<std::string> Col = column(C.Key);
      if (!Col)
        return false;
      // The relation maps to its key: a finding on the column points at
      // the property or column the criterion names.
      W.put(First ? " WHERE " : " AND ", C.KeyAt);
      W.put(*Col, C.KeyAt);
      W.put(" " + C.Operator + (C.Operator == "IS NOT NULL" ? "" : " ?"),
            C.At);
      First = false;
    }
    return true;
  }

  bool orderBy(Writer &W) {
    if (T.QueryUnknown || T.OrderBy.empty())
      return true;
    bool First = true;
    for (const TemplateQuery::Order &O : T.OrderBy) {
      std::optional<std::string> Col = column(O.Key);
      if (!Col)
        return false;
      W.put((First ? " ORDER BY " : ", ") + *Col +
                (O.Descending ? " DESC" : " ASC"),
            O.At);
      First = false;
    }
    return true;
  }

  const TemplateQuery &T;
  const MappedEntity &M;
  const EntityIndex &Index;
  llvm::StringRef Directory;
};

llvm::StringRef operationName(Operation Op) {
  switch (Op) {
  case Operation::Select: return "select";
  case Operation::Count: return "count";
  case Operation::Exists: return "exists";
  case Operation::Update: return "update";
  case Operation::Delete: return "delete";
  case Operation::SelectById: return "selectOneById";
  case Operation::ExistsById: return "exists (by id)";
  case Operation::DeleteById: return "deleteById";
  case Operation::Insert: return "insert";
  case Operation::UpdateEntity: return "update (of an entity)";
  case Operation::DeleteEntity: return "delete (of an entity)";
  case Operation::Truncate: return "truncate";
  }
  return "";
}

} // namespace

std::optional<CqlSnippet> templateStatement(const RepositoryQuery &Q,
                                            const MappedEntity *M,
                                            const EntityIndex &Index,
                                            const RepositoryFacts &F) {
  if (!Q.Template)
    return std::nullopt;
  const TemplateQuery &T = *Q.Template;
  Writer W(T.TableAt);
  std::string Of;
  if (M) {
    if (!Translator(T, *M, Index, F.Directory).write(W))
      return std::nullopt;
    Of = " of " + M->QualifiedName;
  } else {
    // The class of the value is known only at run time: an entity's
    // write, its table and columns unknown (listed, never checked).
    if (T.Op != Operation::Insert && T.Op != Operation::UpdateEntity &&
        T.Op != Operation::DeleteEntity)
      return std::nullopt;
    if (T.Op == Operation::Insert) {
      W.put("INSERT INTO ", T.MethodAt);
      W.hole(T.UnknownAt);
      W.put(" (", T.UnknownAt);
      W.hole(T.UnknownAt);
      W.put(") VALUES (?)", T.UnknownAt);
    } else if (T.Op == Operation::UpdateEntity) {
      W.put("UPDATE ", T.MethodAt);
      W.hole(T.UnknownAt);
      W.put(" SET ", T.UnknownAt);
      W.hole(T.UnknownAt);
      W.put(" = ? WHERE ", T.UnknownAt);
      W.hole(T.UnknownAt);
      W.put(" = ?", T.UnknownAt);
    } else {
      W.put("DELETE FROM ", T.MethodAt);
      W.hole(T.UnknownAt);
      W.put(" WHERE ", T.UnknownAt);
      W.hole(T.UnknownAt);
      W.put(" = ?", T.UnknownAt);
    }
    Of = " of an entity whose class is known at run time";
  }
  Rebuilt &R = W.rebuilt();
  CqlSnippet S;
  S.Text = R.text();
  S.Origin = R.origin(F.File);
  S.Range = Q.Range;
  S.Trust = R.trust();
  S.Holes = R.holes();
  S.Source = SnippetSource::Mapper;
  S.Reason = ((T.Batch ? "a Spring Data CassandraBatchOperations "
                       : "a Spring Data CassandraTemplate ") +
              operationName(T.Op) + Of + ": " + T.Row)
                 .str();
  return S;
}

} // namespace nosqlint::extract
