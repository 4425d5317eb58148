//===- RepositoryQueries.cpp - Spring Data repositories' CQL, joined ------===//
//
// What Spring Data Cassandra sends for each repository query (its
// CassandraQueryCreator and SimpleCassandraRepository): a derived method is
// `SELECT * FROM t WHERE ...` (count: `SELECT count(1)`, exists: `LIMIT 1`,
// delete: `DELETE FROM t WHERE ...`), each part a relation on the column
// its property maps to (After/GreaterThan `>`, Before/LessThan `<`, Between
// `> ? AND < ?`, In `IN ?`, Like/StartingWith/EndingWith `LIKE ?`,
// Containing `CONTAINS ?` on a collection, `LIKE ?` on text, True/False
// `= true`), First/Top a LIMIT, OrderBy an ORDER BY, @AllowFiltering the
// clause. Or, Not, IsNull and the other keywords Spring Data Cassandra
// rejects build no statement. The inherited methods: findAll() is
// `SELECT * FROM t`, count() `SELECT count(1) FROM t`, deleteAll()
// `TRUNCATE t`, findById/existsById/deleteById a read or delete of one row.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/Repositories.h"
#include "nosqlint/Extract/OrmFacts.h"

#include "BuilderJoins.h"
#include "DerivedQueries.h"
#include "EntityIndex.h"
#include "MapperDaos.h"
#include "Rebuilt.h"
#include "TemplateStatements.h"

#include <map>

namespace nosqlint::extract {

namespace {

/// The joins, over the index of the run's mapped classes.
class Joiner : EntityIndex {
public:
  explicit Joiner(llvm::ArrayRef<RepositoryFacts> Files) : EntityIndex(Files) {}

  std::vector<RepositorySnippet> run(llvm::ArrayRef<RepositoryFacts> Files) {
    for (const RepositoryFacts &F : Files)
      for (const MappedEntity &M : F.Entities)
        if (!M.Table.empty())
          compositeTable(M, F);
    for (const RepositoryFacts &F : Files)
      for (const RepositoryQuery &Q : F.Queries)
        query(Q, F);
    return std::move(Out);
  }

private:
  /// An entity whose key is a @PrimaryKeyClass: its CREATE TABLE, once the
  /// key class is known (per file, its key columns were not).
  void compositeTable(const MappedEntity &M, const RepositoryFacts &F) {
    bool Composite = false;
    for (const MappedEntity::Property &P : M.Properties)
      Composite |= isCompositeKey(P);
    if (!Composite)
      return;
    // The key class's other properties are regular columns too.
    std::vector<const MappedEntity::Property *> Regular;
    std::vector<const MappedEntity::Property *> Keys =
        allColumns(M, F.Directory, Regular);
    if (Keys.empty() || !Keys.front()->Partition)
      return;
    std::string Text = "CREATE TABLE IF NOT EXISTS " + tableOf(M) + " (";
    for (const MappedEntity::Property *K : Keys) {
      if (K->CqlType.empty())
        return; // a key column we cannot type
      Text += column(*K) + " " + K->CqlType + ", ";
    }
    for (const MappedEntity::Property *P : Regular)
      if (!P->CqlType.empty())
        Text += column(*P) + " " + P->CqlType + ", ";
    Text += "PRIMARY KEY ((";
    bool First = true;
    for (const MappedEntity::Property *K : Keys)
      if (K->Partition) {
        Text += (First ? "" : ", ") + column(*K);
        First = false;
      }
    Text += ")";
    for (const MappedEntity::Property *K : Keys)
      if (K->Clustering)
        Text += ", " + column(*K);
    Text += "))";
    bool Descending = false;
    for (const MappedEntity::Property *K : Keys)
      Descending |= K->Clustering && K->Descending;
    if (Descending) {
      Text += " WITH CLUSTERING ORDER BY (";
      First = true;
      for (const MappedEntity::Property *K : Keys)
        if (K->Clustering) {
          Text += std::string(First ? "" : ", ") + column(*K) +
                  (K->Descending ? " DESC" : " ASC");
          First = false;
        }
      Text += ")";
    }
    uint32_t NameLength =
        static_cast<uint32_t>(simpleTypeName(M.QualifiedName).size());
    auto Emit = [&](const std::string &Cql, std::string Reason) {
      Rebuilt R;
      R.appendMapped(Cql, M.NameBegin, NameLength);
      CqlSnippet S;
      S.Text = R.text();
      S.Origin = R.origin(M.File);
      S.Range = M.Range;
      S.Source = SnippetSource::Keyword; // ours: a failure to parse is ours too
      S.Reason = std::move(Reason);
      Out.push_back({M.File, std::move(S)});
    };
    Emit(Text, "the table an entity class maps (@Table with a @PrimaryKeyClass)");
    for (const MappedEntity::Property &P : M.Properties)
      if (P.Indexed && !P.CqlType.empty() && !P.Partition && !P.Clustering)
        Emit(springIndexStatement(tableOf(M), P.Column, P.CustomIndex),
             "the index a Spring Data schema action creates (@Indexed/@SASI)");
  }

  void query(const RepositoryQuery &Q, const RepositoryFacts &F) {
    const MappedEntity *M = nullptr;
    if (Q.Kind == RepositoryQuery::Form::DaoQuery && Q.Type.empty()) {
      // A @Query of no entity: its text names its table itself.
      if (std::optional<CqlSnippet> S = dao(Q, nullptr, F))
        Out.push_back({F.File, std::move(*S)});
      return;
    }
    if (Q.Kind == RepositoryQuery::Form::Template) {
      // The entity of a template call; none when only the run knows it.
      M = Q.Type.empty() ? nullptr
                         : entity(Q.Type, Q.QualifiedType, F.Directory);
      if (std::optional<CqlSnippet> S = templateStatement(
              Q, M && !M->Table.empty() ? M : nullptr, *this, F))
        Out.push_back({F.File, std::move(*S)});
      return;
    }
    if (Q.Kind != RepositoryQuery::Form::Crud || Q.TypeIsEntity) {
      M = entity(Q.Type, Q.QualifiedType, F.Directory);
    } else {
      M = repositoryEntity(Q.Type, Q.QualifiedType, F.Directory);
    }
    if (!M || M->Table.empty())
      return;
    std::optional<CqlSnippet> S;
    switch (Q.Kind) {
    case RepositoryQuery::Form::Derived: S = derived(Q, *M, F); break;
    case RepositoryQuery::Form::Crud: S = crud(Q, *M, F); break;
    default: S = dao(Q, M, F); break;
    }
    // A superclass the run does not map may add columns: the statement is
    // listed and parsed, never checked against the schema.
    if (S && M->OpenColumns && S->Trust == SnippetTrust::Full)
      S->Trust = SnippetTrust::TableUnknown;
    if (S)
      Out.push_back({F.File, std::move(*S)});
  }

  CqlSnippet finish(Rebuilt &R, const RepositoryQuery &Q, FileId File,
                    std::string Reason) {
    CqlSnippet S;
    S.Text = R.text();
    S.Origin = R.origin(File);
    S.Range = Q.Range;
    S.Source = SnippetSource::Repository;
    S.Reason = std::move(Reason);
    return S;
  }

  std::optional<CqlSnippet> derived(const RepositoryQuery &Q,
                                    const MappedEntity &M,
                                    const RepositoryFacts &F) {
    std::optional<DerivedQuery> D = parseDerivedQuery(Q.Method);
    // Spring Data Cassandra has no OR, and ignores nothing it would send.
    if (!D || D->Or.size() > 1 || D->Distinct)
      return std::nullopt;
    uint32_t Name = Q.NameBegin;
    uint32_t NameEnd = Name + static_cast<uint32_t>(Q.Method.size());
    Rebuilt R;
    std::string Table = tableOf(M);
    uint32_t SubjectEnd =
        D->Or.empty() ? NameEnd : Name + static_cast<uint32_t>(D->Or[0][0].Offset);
    switch (D->Subject) {
    case DerivedSubject::Find:
    case DerivedSubject::Exists:
      R.appendMapped("SELECT * FROM " + Table, Name, SubjectEnd - Name);
      break;
    case DerivedSubject::Count:
      R.appendMapped("SELECT count(1) FROM " + Table, Name, SubjectEnd - Name);
      break;
    case DerivedSubject::Delete:
      R.appendMapped("DELETE FROM " + Table, Name, SubjectEnd - Name);
      break;
    }
    bool First = true;
    if (!D->Or.empty()) {
      const std::vector<DerivedPart> &Parts = D->Or[0];
      for (size_t I = 0; I < Parts.size(); ++I) {
        const DerivedPart &P = Parts[I];
        const MappedEntity::Property *Prop =
            resolve(M, P.Property, F.Directory);
        if (!Prop)
          return std::nullopt; // Spring would not start: not a query of ours
        std::string C = column(*Prop);
        std::string Rel;
        switch (P.Operator) {
        case DerivedOperator::SimpleProperty: Rel = C + " = ?"; break;
        case DerivedOperator::True: Rel = C + " = true"; break;
        case DerivedOperator::False: Rel = C + " = false"; break;
        case DerivedOperator::After:
        case DerivedOperator::GreaterThan: Rel = C + " > ?"; break;
        case DerivedOperator::GreaterThanEqual: Rel = C + " >= ?"; break;
        case DerivedOperator::Before:
        case DerivedOperator::LessThan: Rel = C + " < ?"; break;
        case DerivedOperator::LessThanEqual: Rel = C + " <= ?"; break;
        case DerivedOperator::Between: Rel = C + " > ? AND " + C + " < ?"; break;
        case DerivedOperator::In: Rel = C + " IN ?"; break;
        case DerivedOperator::Like:
        case DerivedOperator::StartingWith:
        case DerivedOperator::EndingWith: Rel = C + " LIKE ?"; break;
        case DerivedOperator::Containing:
          Rel = C + (Prop->Collection ? " CONTAINS ?" : " LIKE ?");
          break;
        default:
          return std::nullopt; // "Unsupported keyword": Spring rejects it
        }
        uint32_t Begin = Name + static_cast<uint32_t>(P.Offset);
        uint32_t End = I + 1 < Parts.size()
                           ? Name + static_cast<uint32_t>(Parts[I + 1].Offset)
                           : (D->OrderBy.empty()
                                  ? NameEnd
                                  : Name + static_cast<uint32_t>(D->OrderBy[0].Offset));
        // The relation maps to its part of the name, the column's name
        // first: a finding on the column points at the property.
        R.appendMapped(std::string(First ? " WHERE " : " AND "), Begin, 0);
        R.appendMapped(C, Begin, static_cast<uint32_t>(P.Property.size()));
        R.appendMapped(Rel.substr(C.size()), Begin, End - Begin);
        First = false;
      }
    }
    if (!D->OrderBy.empty()) {
      if (D->Subject != DerivedSubject::Find)
        return std::nullopt;
      std::string Order = " ORDER BY ";
      for (size_t I = 0; I < D->OrderBy.size(); ++I) {
        const MappedEntity::Property *Prop =
            resolve(M, D->OrderBy[I].Property, F.Directory);
        if (!Prop)
          return std::nullopt;
        Order += (I ? ", " : "") + column(*Prop) +
                 (D->OrderBy[I].Descending ? " DESC" : " ASC");
      }
      uint32_t Begin = Name + static_cast<uint32_t>(D->OrderBy[0].Offset);
      R.appendMapped(Order, Begin, NameEnd - Begin);
    }
    // The clauses the subject and annotations add map to the whole name
    // (they are written before it, or around it): a range that ends in
    // them ends with the name.
    uint32_t Whole = NameEnd - Name;
    if (D->Subject == DerivedSubject::Exists)
      R.appendMapped(" LIMIT 1", Name, Whole);
    else if (D->Limit && D->Subject == DerivedSubject::Find && !Q.Paged)
      R.appendMapped(" LIMIT " + std::to_string(*D->Limit), Name, Whole);
    else if (Q.Paged && D->Subject == DerivedSubject::Find)
      // A Pageable/Limit parameter: Spring Data fetches one page (the
      // driver's page size, not a LIMIT), which bounds each result alike.
      R.appendMapped(" LIMIT ?", Name, Whole);
    if (Q.AllowFiltering && D->Subject != DerivedSubject::Delete)
      R.appendMapped(" ALLOW FILTERING", Name, Whole);
    return finish(R, Q, F.File,
                  "a Spring Data derived query method of a repository of " +
                      M.QualifiedName);
  }

  /// \p Head, then ` WHERE ` and a mapper method's custom clause, mapped
  /// to the annotation and to the clause's string.
  static void appendCustomWhere(Rebuilt &R, const RepositoryQuery &Q,
                                const std::string &Head) {
    R.appendMapped(Head + " WHERE ", Q.AnnotationBegin, Q.AnnotationLength);
    if (Q.ClauseVerbatim)
      R.appendVerbatim(Q.Clause, Q.ClauseBegin);
    else
      R.appendMapped(Q.Clause, Q.ClauseBegin, Q.ClauseLength);
  }

  std::optional<CqlSnippet> crud(const RepositoryQuery &Q,
                                 const MappedEntity &M,
                                 const RepositoryFacts &F) {
    std::string Table = tableOf(M);
    std::string Text;
    std::vector<const MappedEntity::Property *> Keys =
        keyColumns(M, F.Directory);
    llvm::StringRef Method(Q.Method);
    if (Method == "findAll" && Q.Arguments <= 1) {
      // findAll(Sort/Pageable) too; a Pageable redeclared: one page.
      Text = "SELECT * FROM " + Table + (Q.Paged ? " LIMIT ?" : "");
    } else if (Method == "count" && Q.Arguments == 0) {
      Text = "SELECT count(1) FROM " + Table;
    } else if (Method == "deleteAll" && Q.Arguments == 0) {
      Text = "TRUNCATE " + Table;
    } else if (Q.Arguments != 1 || Keys.empty()) {
      return std::nullopt;
    } else if (Method == "findById" || Method == "existsById") {
      Text = "SELECT * FROM " + Table + keyEquals(Keys, Keys.size()) +
             (Method == "existsById" ? " LIMIT 1" : "");
    } else if (Method == "deleteById" || Method == "delete" ||
               Method == "deleteAll" ||
               (Method == "deleteAllById" && Keys.size() > 1)) {
      // delete(entity) deletes by its id; deleteAll(entities) and
      // deleteAllById of composite ids, one statement each.
      Text = deleteOf(M, F.Directory);
    } else if (Method == "findAllById" || Method == "deleteAllById") {
      if (Keys.size() != 1)
        return std::nullopt;
      Text = (Method == "findAllById" ? "SELECT * FROM " : "DELETE FROM ") +
             Table + " WHERE " + column(*Keys[0]) + " IN ?";
    } else if (Method == "save" || Method == "saveAll" || Method == "insert") {
      // A new entity, or one without @Version: an INSERT of every column
      // (nulls included).
      Text = insertOf(M, F.Directory);
    }
    if (Text.empty())
      return std::nullopt;
    Rebuilt R;
    R.appendMapped(Text, Q.NameBegin, static_cast<uint32_t>(Q.Method.size()));
    return finish(R, Q, F.File,
                  "CrudRepository." + Q.Method + "() of a Spring Data repository of " +
                      M.QualifiedName);
  }

  /// `${keyspaceId}.${tableId}` and the other placeholders of a mapper
  /// @Query, replaced by the entity's names; false on one it lacks.
  static bool expandPlaceholders(const RepositoryQuery &Q,
                                 const MappedEntity *M, Rebuilt &R) {
    llvm::StringRef T(Q.Clause);
    size_t From = 0;
    auto Verbatim = [&](size_t B, size_t E) {
      if (B < E)
        R.appendVerbatim(T.slice(B, E), Q.ClauseBegin + static_cast<uint32_t>(B));
    };
    for (size_t I = T.find("${"); I != llvm::StringRef::npos;
         I = T.find("${", I)) {
      size_t End = T.find('}', I);
      if (End == llvm::StringRef::npos || !M)
        return false;
      llvm::StringRef Name = T.slice(I + 2, End);
      size_t Next = End + 1;
      std::string Value;
      if (Name == "keyspaceId") {
        // No keyspace of its own: the session's (`ks.` dropped).
        if (M->Keyspace.empty() && T.substr(Next).startswith("."))
          ++Next;
        else
          Value = M->Keyspace;
        if (Value.empty() && Next == End + 1)
          return false; // `${keyspaceId}` alone, and no keyspace known
      } else if (Name == "tableId") {
        Value = M->Table;
      } else if (Name == "qualifiedTableId") {
        Value = tableOf(*M);
      } else {
        return false;
      }
      Verbatim(From, I);
      if (!Value.empty())
        R.appendMapped(Value, Q.ClauseBegin + static_cast<uint32_t>(I),
                       static_cast<uint32_t>(End + 1 - I));
      From = I = Next;
    }
    Verbatim(From, T.size());
    return true;
  }

  /// @Insert: `INSERT INTO t (every column) VALUES (?, ...)`; @Update:
  /// `UPDATE t SET regular = ?, ... WHERE key = ? ...` (or the custom
  /// WHERE clause); their IF and USING clauses.
  bool write(const RepositoryQuery &Q, const MappedEntity &M,
             const RepositoryFacts &F, Rebuilt &R) {
    std::vector<const MappedEntity::Property *> Regular;
    std::vector<const MappedEntity::Property *> Keys =
        allColumns(M, F.Directory, Regular);
    if (Keys.empty())
      return false;
    uint32_t Name = Q.NameBegin, Length = static_cast<uint32_t>(Q.Method.size());
    if (Q.Kind == RepositoryQuery::Form::DaoInsert) {
      if (!Q.Clause.empty())
        return false; // an insert has no WHERE clause
      std::string Cols, Marks;
      for (const auto *List : {&Keys, &Regular})
        for (const MappedEntity::Property *P : *List) {
          Cols += (Cols.empty() ? "" : ", ") + column(*P);
          Marks += Marks.empty() ? "?" : ", ?";
        }
      R.appendMapped("INSERT INTO " + tableOf(M) + " (" + Cols + ") VALUES (" +
                         Marks + ")" + (Q.IfNotExists ? " IF NOT EXISTS" : "") +
                         (Q.Ttl ? " USING TTL ?" : ""),
                     Name, Length);
      return true;
    }
    if (Regular.empty())
      return false; // nothing to set: the mapper refuses it
    std::string Head = "UPDATE " + tableOf(M) + (Q.Ttl ? " USING TTL ?" : "") +
                       " SET ";
    for (size_t I = 0; I < Regular.size(); ++I)
      Head += (I ? ", " : "") + column(*Regular[I]) + " = ?";
    std::string Tail = Q.IfExists ? " IF EXISTS" : "";
    if (!Q.Clause.empty()) {
      appendCustomWhere(R, Q, Head);
      if (!Tail.empty())
        R.appendMapped(Tail, Q.ClauseBegin, Q.ClauseLength);
      appendCustomIf(R, Q, Q.ClauseBegin, Q.ClauseLength);
      return true;
    }
    R.appendMapped(Head + keyEquals(Keys, Keys.size()) + Tail, Name, Length);
    appendCustomIf(R, Q, Name, Length);
    return true;
  }

  /// ` IF ` and a mapper method's customIfClause: its own string when it
  /// comes after the span \p At / \p Length the text maps to so far,
  /// otherwise that span (a text's map only moves forward).
  static void appendCustomIf(Rebuilt &R, const RepositoryQuery &Q, uint32_t At,
                             uint32_t Length) {
    if (Q.IfClause.empty())
      return;
    if (Q.IfClauseBegin < At + Length) {
      R.appendMapped(" IF " + Q.IfClause, At, Length);
      return;
    }
    R.appendMapped(" IF ", Q.IfClauseBegin, 0);
    if (Q.IfClauseVerbatim)
      R.appendVerbatim(Q.IfClause, Q.IfClauseBegin);
    else
      R.appendMapped(Q.IfClause, Q.IfClauseBegin, Q.IfClauseLength);
  }

  std::optional<CqlSnippet> dao(const RepositoryQuery &Q, const MappedEntity *M,
                                const RepositoryFacts &F) {
    Rebuilt R;
    std::string What;
    if (Q.Kind == RepositoryQuery::Form::DaoQuery) {
      if (Q.ClauseVerbatim) {
        if (!expandPlaceholders(Q, M, R))
          return std::nullopt;
      } else {
        if (llvm::StringRef(Q.Clause).contains("${"))
          return std::nullopt;
        R.appendMapped(Q.Clause, Q.ClauseBegin, Q.ClauseLength);
      }
      What = "@Query";
    } else if (Q.Kind == RepositoryQuery::Form::DaoInsert ||
               Q.Kind == RepositoryQuery::Form::DaoUpdate) {
      if (!M || !write(Q, *M, F, R))
        return std::nullopt;
      What = Q.Kind == RepositoryQuery::Form::DaoInsert ? "@Insert" : "@Update";
    } else {
      if (!M)
        return std::nullopt;
      bool Select = Q.Kind == RepositoryQuery::Form::DaoSelect;
      std::string Head = (Select ? "SELECT * FROM " : "DELETE FROM ") + tableOf(*M);
      What = Select ? "@Select" : "@Delete";
      if (!Q.Clause.empty()) {
        appendCustomWhere(R, Q, Head);
      } else {
        std::vector<const MappedEntity::Property *> Keys =
            keyColumns(*M, F.Directory);
        unsigned N = Q.Arguments == RepositoryQuery::AllKeys
                         ? static_cast<unsigned>(Keys.size())
                         : Q.Arguments;
        if (Keys.empty() || N > Keys.size() || (!Select && N == 0) ||
            (Q.WholeKey && N != Keys.size()))
          return std::nullopt; // the mapper would refuse the method
        R.appendMapped(Head + keyEquals(Keys, N), Q.NameBegin,
                       static_cast<uint32_t>(Q.Method.size()));
      }
      uint32_t TailAt = Q.Clause.empty() ? Q.NameBegin : Q.ClauseBegin;
      uint32_t TailLength = Q.Clause.empty()
                                ? static_cast<uint32_t>(Q.Method.size())
                                : Q.ClauseLength;
      if (Select && Q.Limited)
        R.appendMapped(" LIMIT ?", TailAt, TailLength);
      if (Select && Q.AllowFiltering)
        R.appendMapped(" ALLOW FILTERING", TailAt, TailLength);
      if (!Select && Q.IfExists)
        R.appendMapped(" IF EXISTS", TailAt, TailLength);
      if (!Select)
        appendCustomIf(R, Q, TailAt, TailLength);
    }
    CqlSnippet S = finish(R, Q, F.File,
                          Q.Api.empty()
                              ? "a DataStax mapper " + What + " method of a @Dao" +
                                    (M ? " of " + M->QualifiedName : std::string())
                              : Q.Api + (M ? " of " + M->QualifiedName : std::string()));
    S.Source = SnippetSource::Mapper;
    return S;
  }

  std::vector<RepositorySnippet> Out;
};

} // namespace

std::vector<RepositorySnippet>
joinRepositoryQueries(llvm::ArrayRef<RepositoryFacts> Files) {
  // The queries of generic DAO bases, made for each @Dao that extends one
  // (MapperDaos.h).
  std::vector<RepositoryFacts> WithInherited;
  if (std::vector<RepositoryFacts> I = inheritedDaoQueries(Files); !I.empty()) {
    WithInherited.assign(Files.begin(), Files.end());
    for (RepositoryFacts &F : I)
      WithInherited.push_back(std::move(F));
    Files = WithInherited;
  }
  Joiner J(Files);
  std::vector<RepositorySnippet> Out = J.run(Files);
  for (RepositorySnippet &S : joinOrmQueries(Files)) // cqlengine chains
    Out.push_back(std::move(S));
  for (auto Join : {joinGocqlxTables, joinGoFieldStatements,
                    joinNodeMapperQueries}) // BuilderFacts.h
    for (RepositorySnippet &S : Join(Files))
      Out.push_back(std::move(S));
  return Out;
}

} // namespace nosqlint::extract
