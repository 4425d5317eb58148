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

#include "DerivedQueries.h"
#include "NearestFolder.h"
#include "Rebuilt.h"

#include "nosqlint/Basic/CqlNames.h"

#include "llvm/ADT/StringMap.h"

#include <map>

namespace nosqlint::extract {

namespace {

llvm::StringRef simpleOf(llvm::StringRef Qualified) {
  Qualified = Qualified.take_until([](char C) { return C == '<'; });
  return Qualified.substr(Qualified.rfind('.') + 1);
}

template <typename T> struct Located {
  const T *Item;
  const RepositoryFacts *Facts;
};

/// The one of \p Candidates a use in \p Directory means: those with its
/// qualified name if any, then the nearest folder; a tie is nothing.
template <typename T>
const Located<T> *pick(const std::vector<Located<T>> &Candidates,
                       llvm::StringRef Qualified, llvm::StringRef Directory,
                       llvm::function_ref<llvm::StringRef(const T &)> NameOf) {
  std::vector<const Located<T> *> Exact, All;
  for (const Located<T> &C : Candidates) {
    All.push_back(&C);
    if (NameOf(*C.Item) == Qualified)
      Exact.push_back(&C);
  }
  return nearestByFolder<const Located<T> *>(
      Exact.empty() ? All : Exact, Directory,
      [](const Located<T> &C) -> llvm::StringRef { return C.Facts->Directory; });
}

class Joiner {
public:
  explicit Joiner(llvm::ArrayRef<RepositoryFacts> Files) {
    for (const RepositoryFacts &F : Files) {
      for (const MappedEntity &M : F.Entities)
        if (!M.CqlEngine) // Python models: OrmQueries.cpp
          Entities[simpleOf(M.QualifiedName)].push_back({&M, &F});
      for (const RepositoryInterface &I : F.Interfaces)
        Interfaces[simpleOf(I.QualifiedName)].push_back({&I, &F});
    }
  }

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
  const MappedEntity *entity(llvm::StringRef Simple, llvm::StringRef Qualified,
                             llvm::StringRef Directory) const {
    auto It = Entities.find(Simple);
    if (It == Entities.end())
      return nullptr;
    auto *L = pick<MappedEntity>(It->second, Qualified, Directory,
                                 [](const MappedEntity &M) -> llvm::StringRef {
                                   return M.QualifiedName;
                                 });
    return L ? L->Item : nullptr;
  }

  /// The key class of a @PrimaryKey property, near the entity.
  const MappedEntity *keyClass(const MappedEntity &M,
                               const MappedEntity::Property &P,
                               llvm::StringRef Directory) const {
    llvm::StringRef Simple = simpleOf(P.Type);
    std::string Qualified =
        llvm::StringRef(M.QualifiedName).rsplit('.').first.str() + "." +
        Simple.str();
    const MappedEntity *K = entity(Simple, Qualified, Directory);
    return K && K->Table.empty() ? K : nullptr;
  }

  /// The columns of the entity's primary key, in key order: its own key
  /// properties, or those of its composite key class. Empty when unknown.
  std::vector<const MappedEntity::Property *>
  keyColumns(const MappedEntity &M, llvm::StringRef Directory) const {
    std::vector<const MappedEntity::Property *> Keys;
    for (const MappedEntity::Property &P : M.Properties) {
      if (P.Key && P.CqlType.empty()) {
        const MappedEntity *K = keyClass(M, P, Directory);
        if (!K)
          return {};
        for (const MappedEntity::Property &KP : K->Properties)
          if (KP.Partition || KP.Clustering)
            Keys.push_back(&KP);
      } else if (P.Partition || P.Clustering) {
        Keys.push_back(&P);
      }
    }
    std::stable_sort(Keys.begin(), Keys.end(),
                     [](const MappedEntity::Property *A,
                        const MappedEntity::Property *B) {
                       if (A->Partition != B->Partition)
                         return A->Partition;
                       return A->Ordinal < B->Ordinal;
                     });
    return Keys;
  }

  /// A property path as a derived name spells it (`CustomerId`,
  /// `KeyCustomerId`, `Key_CustomerId`) resolved against \p M: the
  /// property it ends at, through a composite key class.
  const MappedEntity::Property *resolve(const MappedEntity &M,
                                        llvm::StringRef Path,
                                        llvm::StringRef Directory,
                                        unsigned Depth = 0) const {
    if (Depth > 2 || Path.empty())
      return nullptr;
    auto Find = [&](llvm::StringRef Name) -> const MappedEntity::Property * {
      for (const MappedEntity::Property &P : M.Properties)
        if (P.Name == Name)
          return &P;
      return nullptr;
    };
    auto Nested = [&](const MappedEntity::Property *P,
                      llvm::StringRef Rest) -> const MappedEntity::Property * {
      if (!P || !P->Key || !P->CqlType.empty())
        return nullptr;
      const MappedEntity *K = keyClass(M, *P, Directory);
      return K ? resolve(*K, Rest, Directory, Depth + 1) : nullptr;
    };
    if (size_t U = Path.find('_'); U != llvm::StringRef::npos)
      return Nested(Find(decapitalize(Path.take_front(U))),
                    Path.drop_front(U + 1));
    if (const MappedEntity::Property *P = Find(decapitalize(Path)))
      return P;
    // The longest head that is a property, the rest inside it.
    for (size_t I = Path.size() - 1; I > 0; --I) {
      if (!(Path[I] >= 'A' && Path[I] <= 'Z'))
        continue;
      if (const MappedEntity::Property *P =
              Nested(Find(decapitalize(Path.take_front(I))), Path.drop_front(I)))
        return P;
    }
    return nullptr;
  }

  /// The table as a statement names it (`"order"`: a reserved word is
  /// quoted, as Spring Data and the mapper quote it).
  static std::string tableOf(const MappedEntity &M) {
    return M.Keyspace.empty()
               ? spellUnquotedCqlName(M.Table)
               : spellUnquotedCqlName(M.Keyspace) + "." + spellUnquotedCqlName(M.Table);
  }
  static std::string column(const MappedEntity::Property &P) {
    return spellUnquotedCqlName(P.Column);
  }

  /// An entity whose key is a @PrimaryKeyClass: its CREATE TABLE, once the
  /// key class is known (per file, its key columns were not).
  void compositeTable(const MappedEntity &M, const RepositoryFacts &F) {
    bool Composite = false;
    for (const MappedEntity::Property &P : M.Properties)
      Composite |= P.Key && P.CqlType.empty();
    if (!Composite)
      return;
    std::vector<const MappedEntity::Property *> Keys =
        keyColumns(M, F.Directory);
    if (Keys.empty() || !Keys.front()->Partition)
      return;
    std::string Text = "CREATE TABLE IF NOT EXISTS " + tableOf(M) + " (";
    for (const MappedEntity::Property *K : Keys) {
      if (K->CqlType.empty())
        return; // a key column we cannot type
      Text += column(*K) + " " + K->CqlType + ", ";
    }
    for (const MappedEntity::Property &P : M.Properties)
      if (!P.Key && !P.CqlType.empty())
        Text += column(P) + " " + P.CqlType + ", ";
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
    Rebuilt R;
    uint32_t NameLength = static_cast<uint32_t>(simpleOf(M.QualifiedName).size());
    R.appendMapped(Text, M.NameBegin, NameLength);
    CqlSnippet S;
    S.Text = R.text();
    S.Origin = R.origin(M.File);
    S.Range = M.Range;
    S.Source = SnippetSource::Keyword; // ours: a failure to parse is ours too
    S.Reason = "the table an entity class maps (@Table with a @PrimaryKeyClass)";
    Out.push_back({M.File, std::move(S)});
  }

  void query(const RepositoryQuery &Q, const RepositoryFacts &F) {
    const MappedEntity *M = nullptr;
    if (Q.Kind == RepositoryQuery::Form::DaoQuery && Q.Type.empty()) {
      // A @Query of no entity: its text names its table itself.
      if (std::optional<CqlSnippet> S = dao(Q, nullptr, F))
        Out.push_back({F.File, std::move(*S)});
      return;
    }
    if (Q.Kind != RepositoryQuery::Form::Crud || Q.TypeIsEntity) {
      M = entity(Q.Type, Q.QualifiedType, F.Directory);
    } else {
      auto It = Interfaces.find(Q.Type);
      if (It == Interfaces.end())
        return;
      auto *I = pick<RepositoryInterface>(
          It->second, Q.QualifiedType, F.Directory,
          [](const RepositoryInterface &R) -> llvm::StringRef {
            return R.QualifiedName;
          });
      if (!I)
        return;
      M = entity(I->Item->Entity, I->Item->QualifiedEntity, I->Facts->Directory);
    }
    if (!M || M->Table.empty())
      return;
    std::optional<CqlSnippet> S;
    switch (Q.Kind) {
    case RepositoryQuery::Form::Derived: S = derived(Q, *M, F); break;
    case RepositoryQuery::Form::Crud: S = crud(Q, *M, F); break;
    default: S = dao(Q, M, F); break;
    }
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

  /// ` WHERE k1 = ? AND k2 = ?` on the first \p N of \p Keys.
  static std::string keyEquals(
      llvm::ArrayRef<const MappedEntity::Property *> Keys, size_t N) {
    std::string W;
    for (size_t I = 0; I < N; ++I)
      W += (I ? " AND " : " WHERE ") + column(*Keys[I]) + " = ?";
    return W;
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
    if (Q.Method == "findAll" && Q.Arguments <= 1) {
      Text = "SELECT * FROM " + Table; // findAll(Sort/Pageable) too
    } else if (Q.Method == "count" && Q.Arguments == 0) {
      Text = "SELECT count(1) FROM " + Table;
    } else if (Q.Method == "deleteAll" && Q.Arguments == 0) {
      Text = "TRUNCATE " + Table;
    } else if ((Q.Method == "findById" || Q.Method == "existsById" ||
                Q.Method == "deleteById") &&
               Q.Arguments == 1) {
      std::vector<const MappedEntity::Property *> Keys =
          keyColumns(M, F.Directory);
      if (Keys.empty())
        return std::nullopt;
      std::string W = keyEquals(Keys, Keys.size());
      Text = (Q.Method == "deleteById" ? "DELETE FROM " : "SELECT * FROM ") +
             Table + W + (Q.Method == "existsById" ? " LIMIT 1" : "");
    } else {
      return std::nullopt;
    }
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

  /// The entity's columns: its key columns (through a @PrimaryKeyClass),
  /// then its regular ones; empty when the key is not known.
  std::vector<const MappedEntity::Property *>
  allColumns(const MappedEntity &M, llvm::StringRef Directory,
             std::vector<const MappedEntity::Property *> &Regular) const {
    std::vector<const MappedEntity::Property *> Keys = keyColumns(M, Directory);
    if (Keys.empty())
      return {};
    for (const MappedEntity::Property &P : M.Properties)
      if (!P.Key && !P.Partition && !P.Clustering)
        Regular.push_back(&P);
    return Keys;
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
      return true;
    }
    R.appendMapped(Head + keyEquals(Keys, Keys.size()) + Tail, Name, Length);
    return true;
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
        if (Keys.empty() || N > Keys.size() || (!Select && N == 0))
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
    }
    CqlSnippet S = finish(R, Q, F.File,
                          "a DataStax mapper " + What + " method of a @Dao" +
                              (M ? " of " + M->QualifiedName : std::string()));
    S.Source = SnippetSource::Mapper;
    return S;
  }

  llvm::StringMap<std::vector<Located<MappedEntity>>> Entities;
  llvm::StringMap<std::vector<Located<RepositoryInterface>>> Interfaces;
  std::vector<RepositorySnippet> Out;
};

} // namespace

std::vector<RepositorySnippet>
joinRepositoryQueries(llvm::ArrayRef<RepositoryFacts> Files) {
  Joiner J(Files);
  std::vector<RepositorySnippet> Out = J.run(Files);
  for (RepositorySnippet &S : joinOrmQueries(Files)) // cqlengine chains
    Out.push_back(std::move(S));
  return Out;
}

} // namespace nosqlint::extract
