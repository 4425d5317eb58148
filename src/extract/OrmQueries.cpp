//===- OrmQueries.cpp - cqlengine query chains joined to their models -----===//
//
// The statement cqlengine sends for each chain (query.py, statements.py):
//   select  `SELECT * | "f", ... FROM t WHERE "c" op v ... ORDER BY ...
//            LIMIT n ALLOW FILTERING`, LIMIT 10000 unless `.limit()` says
//            otherwise (AbstractQuerySet._limit), `.only/.defer` the
//            column list;
//   count   `SELECT COUNT(*) FROM t WHERE ... LIMIT n` (no ORDER BY);
//   create  an INSERT of the given columns and the primary key (a key
//            column left out has a default, or cqlengine refuses the row),
//            `IF NOT EXISTS`, `USING TTL`;
//   update  `UPDATE t [USING TTL n] SET c = v, ... WHERE ... [IF EXISTS]`;
//   delete  `DELETE FROM t WHERE ... [IF EXISTS]`.
// Operators (operators.py): eq/none `=`, in `IN`, gt `>`, gte `>=`,
// lt `<`, lte `<=`, contains `CONTAINS`, like `LIKE`, `pk__token__gt=Token(..)`
// `token(k...) > token(...)`. Queries cqlengine refuses before sending
// them build no statement: a select whose where clause has no =/IN/CONTAINS
// on a primary key or indexed column, or (without allow_filtering) no such
// relation on an indexed or partition key column
// (ModelQuerySet._validate_select_where); a delete without every partition
// key column; an ORDER BY on a non-clustering column; an update of a key
// column. So are those we cannot know: a column the model lacks or we
// cannot type, a custom_index column (its index is managed elsewhere), ne,
// collection update operators.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/OrmFacts.h"

#include "NearestFolder.h"
#include "Rebuilt.h"

#include "nosqlint/Basic/CqlNames.h"

#include "llvm/ADT/StringMap.h"

namespace nosqlint::extract {

namespace {

using Property = MappedEntity::Property;
using Span = OrmQuery::Span;

/// Whether folder \p Dir is, or ends with, the dotted package \p Package.
bool folderIsPackage(llvm::StringRef Dir, llvm::StringRef Package) {
  if (Package.empty())
    return false;
  std::string Path = Package.str();
  std::replace(Path.begin(), Path.end(), '.', '/');
  std::string D = Dir.str();
  std::replace(D.begin(), D.end(), '\\', '/');
  llvm::StringRef DR(D);
  return DR == Path || DR.endswith("/" + Path);
}

/// The text of a statement, each piece mapped to a span of the call; a
/// piece written before the one it follows maps to that one's span (a
/// TextOrigin moves forward through the file).
class Writer {
public:
  void put(const std::string &Text, Span At) {
    if (At.Begin < Prev.Begin)
      At = Prev;
    R.appendMapped(Text, At.Begin, At.Length);
    Prev = At;
  }
  Rebuilt &rebuilt() { return R; }

private:
  Rebuilt R;
  Span Prev;
};

class OrmJoiner {
public:
  explicit OrmJoiner(llvm::ArrayRef<RepositoryFacts> Files) {
    for (const RepositoryFacts &F : Files)
      for (const MappedEntity &M : F.Entities)
        if (M.CqlEngine && !M.Table.empty())
          Models[M.QualifiedName].push_back({&M, &F});
  }

  std::vector<RepositorySnippet> run(llvm::ArrayRef<RepositoryFacts> Files) {
    for (const RepositoryFacts &F : Files)
      for (const RepositoryQuery &Q : F.Queries)
        if (Q.Kind == RepositoryQuery::Form::Orm && Q.Orm)
          if (const MappedEntity *M = model(*Q.Orm, F))
            if (std::optional<CqlSnippet> S = statement(Q, *Q.Orm, *M, F.File))
              Out.push_back({F.File, std::move(*S)});
    return std::move(Out);
  }

private:
  struct Candidate {
    const MappedEntity *Model;
    const RepositoryFacts *Facts;
  };

  /// The model a chain names: the class of its own file, else those in
  /// the folder its import names, then the nearest folder; a tie is none.
  const MappedEntity *model(const OrmQuery &Q, const RepositoryFacts &F) const {
    auto It = Models.find(Q.Model);
    if (It == Models.end())
      return nullptr;
    std::vector<const Candidate *> Exact, All;
    // `pkg.module.Class`: the module's folder is pkg, or pkg/module for
    // a package's __init__.py.
    llvm::StringRef Path(Q.QualifiedModel);
    llvm::StringRef Module = Path.rsplit('.').first;
    for (const Candidate &C : It->second) {
      All.push_back(&C);
      if (Q.Local ? C.Model->File == F.File
                  : !Path.startswith(".") && Path.contains('.') &&
                        (folderIsPackage(C.Facts->Directory,
                                         Module.rsplit('.').first) ||
                         folderIsPackage(C.Facts->Directory, Module) ||
                         (!Module.contains('.') &&
                          C.Facts->Directory == F.Directory)))
        Exact.push_back(&C);
    }
    if (Q.Local && Exact.empty())
      return nullptr; // the file's own class of that name is no model
    const Candidate *Best = nearestByFolder<const Candidate *>(
        Exact.empty() ? All : Exact, F.Directory,
        [](const Candidate &C) -> llvm::StringRef { return C.Facts->Directory; });
    return Best ? Best->Model : nullptr;
  }

  static const Property *column(const MappedEntity &M, llvm::StringRef Name) {
    for (const Property &P : M.Properties)
      if (P.Name == Name)
        return P.CqlType.empty() ? nullptr : &P; // untyped: not in the table
    return nullptr;
  }

  static std::string name(const Property &P) {
    return spellUnquotedCqlName(P.Column);
  }

  static std::string tableOf(const MappedEntity &M) {
    return M.Keyspace.empty() ? spellUnquotedCqlName(M.Table)
                              : spellUnquotedCqlName(M.Keyspace) + "." +
                                    spellUnquotedCqlName(M.Table);
  }

  static std::vector<const Property *> partitionKeys(const MappedEntity &M) {
    std::vector<const Property *> Keys;
    for (const Property &P : M.Properties)
      if (P.Partition)
        Keys.push_back(&P);
    std::stable_sort(Keys.begin(), Keys.end(),
                     [](const Property *A, const Property *B) {
                       return A->Ordinal < B->Ordinal;
                     });
    return Keys;
  }

  struct Relation {
    const OrmQuery::Keyword *Keyword;
    const Property *Column; // null: the token of the partition key
    std::string Operator;   // the CQL operator
    bool Equality = false;  // an EqualsOperator (=, IN, CONTAINS, LIKE)
  };

  /// The where clause's relations; nothing if one is not ours to read or
  /// cqlengine refuses it.
  static std::optional<std::vector<Relation>>
  relations(const OrmQuery &Q, const MappedEntity &M) {
    std::vector<Relation> Out;
    for (const OrmQuery::Keyword &K : Q.Where) {
      Relation R;
      R.Keyword = &K;
      // operators.py: the symbol each BaseWhereOperator answers to.
      static const struct {
        const char *Symbol, *Cql;
        bool Equality; // an EqualsOperator subclass
      } Operators[] = {{"", "=", true},       {"eq", "=", true},
                       {"in", "IN", true},    {"contains", "CONTAINS", true},
                       {"like", "LIKE", true}, {"gt", ">", false},
                       {"gte", ">=", false},  {"lt", "<", false},
                       {"lte", "<=", false}};
      auto Found = llvm::find_if(Operators, [&](const auto &O) {
        return K.Operator == O.Symbol;
      });
      if (Found == std::end(Operators))
        return std::nullopt; // ne, or no operator cqlengine knows
      R.Operator = std::string(Found->Cql);
      R.Equality = Found->Equality;
      if (K.Name == "pk__token") {
        if (!K.TokenValue || partitionKeys(M).empty())
          return std::nullopt;
        R.Column = nullptr;
      } else {
        if (K.TokenValue)
          return std::nullopt; // only pk__token takes a Token()
        R.Column = column(M, K.Name);
        if (!R.Column || R.Column->CustomIndex)
          return std::nullopt;
        if (R.Operator == "CONTAINS" && !R.Column->Collection)
          return std::nullopt;
      }
      Out.push_back(R);
    }
    return Out;
  }

  /// What ModelQuerySet._validate_select_where lets through.
  static bool cqlengineSends(const OrmQuery &Q,
                             const std::vector<Relation> &Rels) {
    if (Rels.empty())
      return true;
    bool Token = false, KeyOrIndex = false, Index = false, Partition = false;
    for (const Relation &R : Rels) {
      if (!R.Column) {
        Token = true;
        continue;
      }
      if (!R.Equality)
        continue;
      bool Indexed = R.Column->Indexed || R.Column->CustomIndex;
      KeyOrIndex |= R.Column->Partition || R.Column->Clustering || Indexed;
      Index |= Indexed;
      Partition |= R.Column->Partition;
    }
    if (!KeyOrIndex && !Token && !Q.AllowFiltering)
      return false; // "Where clauses require either =, a IN or a CONTAINS ..."
    if (!Q.AllowFiltering && !Index && !Partition && !Token)
      return false; // "Filtering on a clustering key without a partition key ..."
    return true;
  }

  static void where(Writer &W, const std::vector<Relation> &Rels,
                    const MappedEntity &M) {
    bool First = true;
    for (const Relation &R : Rels) {
      std::string Column, Value = " ?";
      if (!R.Column) {
        std::string Keys, Marks;
        for (const Property *P : partitionKeys(M)) {
          Keys += std::string(Keys.empty() ? "" : ", ") + name(*P);
          Marks += Marks.empty() ? "?" : ", ?";
        }
        Column = "token(" + Keys + ")";
        Value = " token(" + Marks + ")";
      } else {
        Column = name(*R.Column);
      }
      W.put(First ? " WHERE " : " AND ", R.Keyword->Key);
      W.put(Column, R.Keyword->Key);
      W.put(" " + R.Operator + Value, R.Keyword->Value);
      First = false;
    }
  }

  std::optional<CqlSnippet> statement(const RepositoryQuery &RQ,
                                      const OrmQuery &Q,
                                      const MappedEntity &M,
                                      FileId File) const {
    std::optional<std::vector<Relation>> Rels = relations(Q, M);
    if (!Rels)
      return std::nullopt;
    Writer W;
    std::string Table = tableOf(M);
    switch (Q.Op) {
    case OrmQuery::Operation::Select:
    case OrmQuery::Operation::Count: {
      if (!cqlengineSends(Q, *Rels))
        return std::nullopt;
      bool Count = Q.Op == OrmQuery::Operation::Count;
      std::string Fields = "*";
      if (Count) {
        Fields = "COUNT(*)";
      } else if (!Q.Only.empty() || !Q.Defer.empty()) {
        for (const std::string &F : Q.Only)
          if (!column(M, F))
            return std::nullopt; // "Can't resolve fields"
        std::vector<const Property *> Picked;
        for (const Property &P : M.Properties) {
          bool Deferred = llvm::is_contained(Q.Defer, P.Name);
          bool Kept = Q.Only.empty() || llvm::is_contained(Q.Only, P.Name);
          if (!Deferred && Kept)
            Picked.push_back(&P);
        }
        if (Picked.empty() && Q.Only.empty())
          for (const Property *P : partitionKeys(M))
            Picked.push_back(P);
        if (Picked.empty())
          return std::nullopt; // "No fields in select query"
        Fields.clear();
        for (const Property *P : Picked) {
          if (P->CqlType.empty())
            return std::nullopt;
          Fields += std::string(Fields.empty() ? "" : ", ") + name(*P);
        }
      }
      W.put("SELECT " + Fields + " FROM " + Table, Q.Head);
      where(W, *Rels, M);
      if (!Count && !Q.OrderBy.empty()) {
        const Property *FirstKey = nullptr;
        for (const Property &P : M.Properties)
          if (P.Partition || P.Clustering) {
            FirstKey = &P;
            break;
          }
        std::string Order = " ORDER BY ";
        for (size_t I = 0; I < Q.OrderBy.size(); ++I) {
          const Property *P = column(M, Q.OrderBy[I].Name);
          if (!P || !(P->Partition || P->Clustering) || P == FirstKey)
            return std::nullopt; // cqlengine refuses the ordering
          Order += std::string(I ? ", " : "") + name(*P) +
                   (Q.OrderBy[I].Descending ? " DESC" : " ASC");
        }
        W.put(Order, Q.OrderBy.front().At);
      }
      if (!Q.Limit.empty())
        W.put(" LIMIT " + Q.Limit, Q.LimitSet ? Q.LimitAt : Q.End);
      if (Q.AllowFiltering)
        W.put(" ALLOW FILTERING", Q.AllowFilteringAt);
      break;
    }
    case OrmQuery::Operation::Insert: {
      if (Q.IfExists)
        return std::nullopt;
      std::vector<std::pair<const Property *, Span>> Columns;
      for (const Property &P : M.Properties) {
        if (P.CqlType == "counter")
          return std::nullopt; // saved as an UPDATE
        bool Given = llvm::any_of(Q.Values, [&](const OrmQuery::Keyword &K) {
          return K.Name == P.Name;
        });
        if ((P.Partition || P.Clustering) && !Given)
          Columns.push_back({&P, Q.Head});
      }
      for (const OrmQuery::Keyword &K : Q.Values) {
        const Property *P = column(M, K.Name);
        if (!P)
          return std::nullopt; // "Incorrect columns passed"
        Columns.push_back({P, K.Key});
      }
      W.put("INSERT INTO " + Table + " (", Q.Head);
      std::string Marks;
      for (size_t I = 0; I < Columns.size(); ++I) {
        W.put(std::string(I ? ", " : "") + name(*Columns[I].first),
              Columns[I].second);
        Marks += I ? ", ?" : "?";
      }
      W.put(") VALUES (" + Marks + ")", Q.ValuesEnd);
      if (Q.IfNotExists)
        W.put(" IF NOT EXISTS", Q.ConditionAt);
      std::string Using;
      if (!Q.Ttl.empty())
        Using = " USING TTL " + Q.Ttl;
      if (Q.Timestamp)
        Using += std::string(Using.empty() ? " USING" : " AND") + std::string(" TIMESTAMP ?");
      if (!Using.empty())
        W.put(Using, Q.TtlAt.Length ? Q.TtlAt : Q.End);
      break;
    }
    case OrmQuery::Operation::Update: {
      if (Q.Values.empty())
        return std::nullopt; // nothing is sent
      std::string Set;
      for (const OrmQuery::Keyword &K : Q.Values) {
        const Property *P = column(M, K.Name);
        if (!P || P->Partition || P->Clustering || !K.Operator.empty())
          return std::nullopt;
        Set += std::string(Set.empty() ? " SET " : ", ") + name(*P) + " = ?";
      }
      std::string Using;
      if (!Q.Ttl.empty())
        Using = " USING TTL " + Q.Ttl;
      if (Q.Timestamp)
        Using += std::string(Using.empty() ? " USING" : " AND") + std::string(" TIMESTAMP ?");
      W.put("UPDATE " + Table + Using + Set, Q.Head);
      where(W, *Rels, M);
      if (Q.IfExists)
        W.put(" IF EXISTS", Q.ConditionAt);
      break;
    }
    case OrmQuery::Operation::Delete: {
      for (const Property *P : partitionKeys(M))
        if (!llvm::any_of(*Rels, [&](const Relation &R) {
              return R.Column == P;
            }))
          return std::nullopt; // "The partition key must be defined on delete queries"
      std::string Head = "DELETE FROM " + Table;
      if (Q.Timestamp)
        Head += " USING TIMESTAMP ?";
      W.put(Head, Q.Head);
      where(W, *Rels, M);
      if (Q.IfExists)
        W.put(" IF EXISTS", Q.ConditionAt);
      break;
    }
    }
    CqlSnippet S;
    Rebuilt &R = W.rebuilt();
    S.Text = R.text();
    S.Origin = R.origin(File);
    S.Range = RQ.Range;
    S.Source = SnippetSource::Orm;
    S.Reason = "a cqlengine query (" + RQ.Method + ") on model " +
               M.QualifiedName + " (table " + Table + ")";
    return S;
  }

  llvm::StringMap<std::vector<Candidate>> Models;
  std::vector<RepositorySnippet> Out;
};

} // namespace

std::vector<RepositorySnippet>
joinOrmQueries(llvm::ArrayRef<RepositoryFacts> Files) {
  OrmJoiner J(Files);
  return J.run(Files);
}

} // namespace nosqlint::extract
