//===- SelectClauses.cpp - ORDER BY, GROUP BY, DISTINCT, ANN, selectors ---===//
//
// The SELECT checks Cassandra runs after the WHERE clause, in its order:
// selector functions, static-only selections, DISTINCT, GROUP BY and
// aggregates, then ORDER BY (ANN included). Each failure is a Rejection with
// Cassandra's message.
//
//===----------------------------------------------------------------------===//
#include "SelectClauses.h"

#include "Describe.h"
#include "FunctionTypes.h"
#include "LiteralTypes.h"
#include "ScyllaFunctions.h"
#include "ScyllaSelectors.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

namespace nosqlint::check {

using namespace nosqlint::cql;
using schema::ColumnRole;
using schema::CqlColumn;
using schema::CqlTable;

bool isAggregateFunction(llvm::StringRef Name) {
  return Name == "count" || Name == "min" || Name == "max" || Name == "sum" ||
         Name == "avg";
}

static bool selectorIsAggregate(const Selector &S) {
  if (S.Kind == Selector::CountStar)
    return true;
  if (S.Kind == Selector::Function && isAggregateFunction(S.Name))
    return true;
  return std::any_of(S.Args.begin(), S.Args.end(), selectorIsAggregate);
}

bool isAggregateSelection(const SelectStatement &S) {
  return std::any_of(S.Selectors.begin(), S.Selectors.end(),
                     selectorIsAggregate);
}

const Selector *firstAggregate(const SelectStatement &S) {
  for (const Selector &Sel : S.Selectors)
    if (selectorIsAggregate(Sel))
      return &Sel;
  return nullptr;
}

/// Columns selected directly (plain column selectors), or all for `*`.
static void selectedColumns(const Selector &S, const CqlTable &T,
                            std::vector<const CqlColumn *> &Out) {
  if (S.Kind == Selector::ColumnName) {
    if (const CqlColumn *C = T.column(S.Column.Name))
      Out.push_back(C);
    return;
  }
  if (S.Kind == Selector::WriteTime || S.Kind == Selector::MaxWriteTime ||
      S.Kind == Selector::Ttl) {
    if (const CqlColumn *C = T.column(S.Column.Name))
      Out.push_back(C);
    return;
  }
  for (const Selector &Arg : S.Args)
    selectedColumns(Arg, T, Out);
}

bool selectsOnlyStaticOrKey(const SelectStatement &S, const CqlTable &T) {
  if (S.Star)
    return false;
  std::vector<const CqlColumn *> Cols;
  for (const Selector &Sel : S.Selectors)
    selectedColumns(Sel, T, Cols);
  bool AnyStatic = false;
  for (const CqlColumn *C : Cols) {
    if (C->Role == ColumnRole::Static)
      AnyStatic = true;
    else if (C->Role != ColumnRole::PartitionKey)
      return false;
  }
  return AnyStatic;
}

static void reject(SelectAnalysis &A, SourceRange Range, std::string Message) {
  A.Rejections.push_back({std::move(Message), Range, false});
}

/// Selectable.WithCast: a column cast to its own type is left as it is; a
/// cast to a type no cast function produces (CastFcts makes the numeric
/// types, ascii, text, date and timestamp) is refused.
static void checkCast(const Selector &Sel, const CqlTable &T,
                      SelectAnalysis &A) {
  if (Sel.Args.size() != 1 || Sel.Args[0].Kind != Selector::ColumnName ||
      !Sel.Type || Sel.Type->Kind != CqlType::Native)
    return;
  const CqlColumn *C = T.column(Sel.Args[0].Column.Name);
  if (!C || (C->Role == ColumnRole::Clustering && C->Descending))
    return; // a reversed type never equals the target: not modelled
  std::string Target = cassandraTypeName(*Sel.Type);
  static const char *const NoCastTo[] = {"uuid", "timeuuid", "boolean", "blob",
                                         "inet", "time",     "duration"};
  if (std::find(std::begin(NoCastTo), std::end(NoCastTo), Target) ==
          std::end(NoCastTo) ||
      cassandraTypeName(C->Type) == Target)
    return;
  reject(A, Sel.Range,
         fmt::format("{} cannot be cast to {}", C->Name, Target));
}

/// The family of values a native type takes, as far as one type's values
/// are valid for another (AbstractType.isValueCompatibleWith): the integer
/// types, the strings, the UUIDs; any other type is its own.
static std::string valueFamily(const std::string &Type) {
  static const char *const Integers[] = {"tinyint", "smallint", "int",
                                         "bigint",  "varint",   "counter"};
  if (std::find(std::begin(Integers), std::end(Integers), Type) !=
      std::end(Integers))
    return "integer";
  if (Type == "ascii" || Type == "text")
    return "text";
  if (Type == "timeuuid")
    return "uuid";
  return Type;
}

/// token() as a selector (TokenFct, FunctionResolver.validateTypes): one
/// argument per partition key column, each a value of that column's type.
/// Only column arguments are judged, and only between native types of
/// different value families (a blob takes any value).
static void checkTokenSelector(const Selector &Sel, const CqlTable &T,
                               SelectAnalysis &A) {
  std::string Name = llvm::StringRef(Sel.Name).lower();
  if (Name != "token" && Name != "system.token")
    return;
  std::vector<const CqlColumn *> Key = T.partitionKey();
  if (Key.empty())
    return;
  if (Sel.Args.size() != Key.size()) {
    reject(A, Sel.Range,
           fmt::format("Invalid number of arguments in call to function "
                       "system.token: {} required but {} provided",
                       Key.size(), Sel.Args.size()));
    return;
  }
  for (size_t I = 0; I < Sel.Args.size(); ++I) {
    const Selector &Arg = Sel.Args[I];
    if (Arg.Kind != Selector::ColumnName)
      continue;
    const CqlColumn *C = T.column(Arg.Column.Name);
    if (!C || C->Type.Kind != CqlType::Native ||
        Key[I]->Type.Kind != CqlType::Native)
      continue;
    std::string From = cassandraTypeName(C->Type);
    std::string To = cassandraTypeName(Key[I]->Type);
    if (To == "blob" || valueFamily(From) == valueFamily(To))
      continue;
    reject(A, Arg.Range,
           fmt::format("Type error: {} cannot be passed as argument {} of "
                       "function system.token of type {}",
                       C->Name, I, To));
    return;
  }
}

/// The arguments of a function selector, as FunctionResolver sees them:
/// columns of their type, terms, nested calls.
static std::vector<FunctionArgument> selectorArguments(const Selector &Sel,
                                                       const CqlTable &T) {
  std::vector<FunctionArgument> Args;
  for (const Selector &Arg : Sel.Args) {
    FunctionArgument F;
    if (Arg.Kind == Selector::ColumnName) {
      if (const CqlColumn *C = T.column(Arg.Column.Name)) {
        F.Kind = FunctionArgument::Column;
        F.Type = &C->Type;
        F.Text = C->Name;
      }
    } else if (Arg.Kind == Selector::ValueTerm && Arg.Value) {
      F.Kind = FunctionArgument::Value;
      F.Term = &*Arg.Value;
      F.Text = Arg.Value->isBindMarker() ? "" : cassandraTermText(*Arg.Value);
    } else if (Arg.Kind == Selector::Function) {
      F.Kind = FunctionArgument::Call;
      F.CallName = Arg.Name;
      F.CallArgs = selectorArguments(Arg, T);
    }
    Args.push_back(std::move(F));
  }
  return Args;
}

/// WRITETIME, MAXWRITETIME or TTL of a subscript or field of a column
/// (Cassandra 5.0's selectorModifier): the selected column, which
/// Selectable.WritetimeOrTTL refuses when it is a key column before the
/// subscript or field is prepared.
static const CqlColumn *mutationAttributeInnerColumn(const Selector &Sel,
                                                     const CqlTable &T,
                                                     const char *&Kind) {
  if (Sel.Kind != Selector::Function || Sel.Args.size() != 1)
    return nullptr;
  if (Sel.Name == "writetime")
    Kind = "writetime";
  else if (Sel.Name == "maxwritetime")
    Kind = "maxwritetime";
  else if (Sel.Name == "ttl")
    Kind = "ttl";
  else
    return nullptr;
  const Selector *Inner = &Sel.Args[0];
  while (Inner->Kind == Selector::ElementAccess ||
         Inner->Kind == Selector::FieldAccess) {
    if (Inner->Args.size() != 1)
      return nullptr;
    Inner = &Inner->Args[0];
  }
  if (Inner == &Sel.Args[0] || Inner->Kind != Selector::ColumnName)
    return nullptr;
  return T.column(Inner->Column.Name);
}

/// Selectable.WithElementSelection and WithSliceSelection on a column: the
/// column must be a collection (its base type when reversed), and a list
/// takes neither (specForElementOrSlice).
static void checkElementSelection(const Selector &Sel, const CqlTable &T,
                                  SelectAnalysis &A) {
  if (Sel.Args.size() != 1 || Sel.Args[0].Kind != Selector::ColumnName)
    return;
  const CqlColumn *C = T.column(Sel.Args[0].Column.Name);
  if (!C)
    return;
  const char *What = Sel.IsSlice ? "Slice" : "Element";
  if (C->Type.Kind == CqlType::List) {
    reject(A, Sel.Range,
           fmt::format("{} selection is only allowed on sets and maps, but "
                       "{} is a list",
                       What, C->Name));
    return;
  }
  if (C->Type.Kind != CqlType::Native)
    return; // a UDT, tuple or vector: not judged here
  reject(A, Sel.Range,
         Sel.IsSlice
             ? fmt::format("Invalid slice selection: {} of type {} is not a "
                           "collection",
                           C->Name, cassandraTypeName(C->Type))
             : fmt::format("Invalid element selection: {} is of type {} is "
                           "not a collection",
                           C->Name, cassandraTypeName(C->Type)));
}

static void checkSelectors(const SelectStatement &S, const CqlTable &T,
                           SelectAnalysis &A, const AnalysisOptions &Options) {
  bool ScyllaDb = Options.ScyllaDb;
  std::function<void(const Selector &)> Visit = [&](const Selector &Sel) {
    // ScyllaDB's own rules for WRITETIME and TTL (ScyllaSelectors.h).
    if (ScyllaDb)
      if (std::optional<std::string> E =
              scyllaMutationAttributeError(Sel, T, Options.Types))
        reject(A, Sel.Range, *E);
    if (!ScyllaDb &&
        (Sel.Kind == Selector::WriteTime ||
         Sel.Kind == Selector::MaxWriteTime || Sel.Kind == Selector::Ttl)) {
      const CqlColumn *C = T.column(Sel.Column.Name);
      if (C && C->isPrimaryKey())
        reject(A, Sel.Range,
               fmt::format("Cannot use selection function {} on PRIMARY KEY "
                           "part {}",
                           Sel.Kind == Selector::WriteTime      ? "writetime"
                           : Sel.Kind == Selector::MaxWriteTime ? "maxwritetime"
                                                                : "ttl",
                           C->Name));
    }
    if (!ScyllaDb) {
      const char *Kind = nullptr;
      if (const CqlColumn *C = mutationAttributeInnerColumn(Sel, T, Kind))
        if (C->isPrimaryKey())
          reject(A, Sel.Range,
                 fmt::format("Cannot use selection function {} on PRIMARY "
                             "KEY part {}",
                             Kind, C->Name));
    }
    if (Sel.Kind == Selector::ElementAccess && !ScyllaDb)
      checkElementSelection(Sel, T, A);
    if (Sel.Kind == Selector::Cast && !ScyllaDb)
      checkCast(Sel, T, A);
    if (Sel.Kind == Selector::Function && !ScyllaDb) {
      if (std::optional<std::string> E = functionCallError(
              Sel.Name, selectorArguments(Sel, T), nullptr, ""))
        reject(A, Sel.Range, *E);
      checkTokenSelector(Sel, T, A);
    }
    // ScyllaDB resolves token() against the partition key too, in the same
    // words (functions.cc), and builds toJson, min, max and count per call
    // (ScyllaFunctions.h); its other functions are not modelled.
    if (Sel.Kind == Selector::Function && ScyllaDb) {
      if (std::optional<std::string> E = scyllaFunctionCallError(
              Sel.Name, selectorArguments(Sel, T), nullptr))
        reject(A, Sel.Range, *E);
      checkTokenSelector(Sel, T, A);
    }
    if ((Sel.Kind == Selector::Function && isAggregateFunction(Sel.Name)) ||
        Sel.Kind == Selector::CountStar)
      for (const Selector &Arg : Sel.Args)
        if (selectorIsAggregate(Arg))
          reject(A, Arg.Range, "aggregate functions cannot be used as arguments "
                               "of aggregate functions");
    for (const Selector &Arg : Sel.Args)
      Visit(Arg);
  };
  for (const Selector &Sel : S.Selectors)
    Visit(Sel);
}

/// The columns a SELECT DISTINCT requests (both dialects): only partition
/// key and static columns, and every partition key column unless the
/// partitions are pinned. Whether it was rejected.
static bool rejectDistinctColumns(const SelectStatement &S, const CqlTable &T,
                                  SelectAnalysis &A) {
  std::vector<const CqlColumn *> Cols;
  if (S.Star) {
    for (const CqlColumn &C : T.Columns)
      Cols.push_back(&C);
  } else {
    for (const Selector &Sel : S.Selectors)
      selectedColumns(Sel, T, Cols);
  }
  for (const CqlColumn *C : Cols)
    if (C->Role != ColumnRole::PartitionKey && C->Role != ColumnRole::Static) {
      reject(A, S.Star ? S.StarRange : S.Selectors.front().Range,
             fmt::format("SELECT DISTINCT queries must only request partition "
                         "key columns and/or static columns (not {})",
                         C->Name));
      return true;
    }
  if (!A.confinedToKnownPartitions())
    for (const CqlColumn *Key : T.partitionKey())
      if (std::find(Cols.begin(), Cols.end(), Key) == Cols.end()) {
        reject(A, S.Selectors.empty() ? S.Range : S.Selectors.front().Range,
               fmt::format("SELECT DISTINCT queries must request all the "
                           "partition key columns (missing {})",
                           Key->Name));
        return true;
      }
  return false;
}

static void checkDistinct(const SelectStatement &S, const CqlTable &T,
                          SelectAnalysis &A) {
  if (!S.Distinct)
    return;
  for (const Restriction &R : A.Clustering) {
    reject(A, R.Source->Range, "SELECT DISTINCT with WHERE clause only supports "
                               "restriction by partition key and/or static "
                               "columns.");
    return;
  }
  for (const Restriction &R : A.Other)
    if (R.Column->Role != ColumnRole::Static) {
      reject(A, R.Source->Range, "SELECT DISTINCT with WHERE clause only "
                                 "supports restriction by partition key and/or "
                                 "static columns.");
      return;
    }
  if (rejectDistinctColumns(S, T, A))
    return;
  if (S.PerPartitionLimit)
    reject(A, S.PerPartitionLimit->Range,
           "PER PARTITION LIMIT is not allowed with SELECT DISTINCT queries");
}

/// ScyllaDB's validate_distinct_selection: PER PARTITION LIMIT first, and
/// no restriction but on the partition key (a static column included:
/// ScyllaDB issue #10354).
static void checkScyllaDistinct(const SelectStatement &S, const CqlTable &T,
                                SelectAnalysis &A) {
  if (!S.Distinct)
    return;
  if (S.PerPartitionLimit) {
    reject(A, S.PerPartitionLimit->Range,
           "PER PARTITION LIMIT is not allowed with SELECT DISTINCT queries");
    return;
  }
  const Restriction *Off = nullptr;
  for (const std::vector<Restriction> *G : {&A.Clustering, &A.Other})
    for (const Restriction &R : *G)
      if (!Off || R.Source->Range.Begin < Off->Source->Range.Begin)
        Off = &R;
  if (Off) {
    reject(A, Off->Source->Range, "SELECT DISTINCT with WHERE clause only "
                                  "supports restriction by partition key.");
    return;
  }
  rejectDistinctColumns(S, T, A);
}

/// Whether a column is restricted by a single equality (which lets ORDER BY
/// and GROUP BY skip it).
static bool restrictedByEq(const SelectAnalysis &A, const CqlColumn *C,
                           bool TupleEquality) {
  // In Cassandra a tuple equality, (c1, c2) = (1, 2), fixes its columns too
  // (isColumnRestrictedByEq counts every EQ restriction); ScyllaDB's rule is
  // not modelled, so there only single-column ones count.
  for (const Restriction &R : A.Clustering)
    if (R.Column == C && (!R.MultiColumn || TupleEquality) &&
        (R.Op == RelationOp::Eq ||
         (!R.MultiColumn && R.Op == RelationOp::In && !R.Source->InMarker &&
          R.Source->Values.size() == 1)))
      return true;
  for (const Restriction &R : A.PartitionKey)
    if (R.Column == C && R.isEqOrIn())
      return true;
  return false;
}

static void checkGroupBy(const SelectStatement &S, const CqlTable &T,
                         SelectAnalysis &A, bool ScyllaDb) {
  if (S.GroupBy.empty()) {
    if (S.PerPartitionLimit && isAggregateSelection(S))
      reject(A, S.PerPartitionLimit->Range,
             "PER PARTITION LIMIT is not allowed with aggregate queries.");
    return;
  }
  std::vector<const CqlColumn *> Key = T.partitionKey();
  for (const CqlColumn *C : T.clustering())
    Key.push_back(C);
  size_t Next = 0;
  for (size_t I = 0; I < S.GroupBy.size(); ++I) {
    const GroupByItem &G = S.GroupBy[I];
    const CqlColumn *C = T.column(G.Column.Name);
    if (!C)
      return;
    if (!C->isPrimaryKey()) {
      reject(A, G.Range, fmt::format("Group by is currently only supported on "
                                     "the columns of the PRIMARY KEY, got {}",
                                     C->Name));
      return;
    }
    if (G.Function) {
      if (I + 1 != S.GroupBy.size()) {
        reject(A, G.Range, "Functions are only supported on the last element "
                           "of the GROUP BY clause");
        return;
      }
      if (C->Role != ColumnRole::Clustering) {
        reject(A, G.Range, fmt::format("Group by functions are only supported "
                                       "on clustering columns, got {}",
                                       C->Name));
        return;
      }
    }
    if (S.Distinct && C->Role == ColumnRole::Clustering) {
      reject(A, G.Range, "Grouping on clustering columns is not allowed for "
                         "SELECT DISTINCT queries");
      return;
    }
    // Skip key columns fixed by equality.
    while (Next < Key.size() && Key[Next] != C &&
           restrictedByEq(A, Key[Next], !ScyllaDb))
      ++Next;
    if (Next >= Key.size() || Key[Next] != C) {
      reject(A, G.Range, "Group by currently only support groups of columns "
                         "following their declared order in the PRIMARY KEY");
      return;
    }
    ++Next;
  }
  // The whole partition key must be grouped unless it is fixed.
  size_t PkSize = T.partitionKey().size();
  if (Next > 0 && Next < PkSize)
    reject(A, S.GroupBy.back().Range,
           "Group by is not supported on only a part of the partition key");
}

static void checkOrderBy(const SelectStatement &S, const CqlTable &T,
                         SelectAnalysis &A, bool ScyllaDb) {
  if (S.OrderBy.empty())
    return;
  // ANN ordering (vector search) has its own rules.
  const Ordering *Ann = nullptr;
  for (const Ordering &O : S.OrderBy)
    if (O.AnnOf)
      Ann = &O;
  if (Ann) {
    A.HasAnnOrdering = true;
    if (S.OrderBy.size() > 1) {
      reject(A, Ann->Range, "ANN ordering does not support any other ordering");
      return;
    }
    if (Ann->Descending) {
      reject(A, Ann->Range, "Descending ANN ordering is not supported");
      return;
    }
    const CqlColumn *C = T.column(Ann->Column.Name);
    if (!C)
      return;
    if (C->Type.Kind != CqlType::Vector) {
      reject(A, Ann->Range,
             "ANN ordering is only supported on float vector indexes");
      return;
    }
    bool Indexed = false;
    for (const schema::CqlIndex *I : T.indexesOn(C->Name))
      Indexed |= I->Kind == schema::IndexKind::Sai;
    if (!Indexed) {
      reject(A, Ann->Range,
             "ANN ordering by vector requires the column to be indexed");
      A.OrderByUnserved = Ann;
      return;
    }
    if (!S.Limit)
      reject(A, Ann->Range, "Top-K queries must have a limit specified and the "
                            "limit must be less than the query page size");
    else if (std::optional<long long> N = literalInteger(*S.Limit);
             N && *N > 1000)
      reject(A, S.Limit->Range,
             fmt::format("Use of ANN OF in an ORDER BY clause requires a "
                         "LIMIT that is not greater than 1000. LIMIT was {}",
                         *N));
    if (S.PerPartitionLimit)
      reject(A, S.PerPartitionLimit->Range,
             "Top-K queries do not support per-partition limits");
    if (isAggregateSelection(S))
      reject(A, Ann->Range, "Top-K queries can not be run with aggregation");
    if (!ScyllaDb) {
      // The vector is prepared against the column (Vectors.Literal); a null
      // one is refused when the query runs.
      if (std::optional<std::string> E =
              prepareError(*Ann->AnnOf, C->Type, C->Name))
        reject(A, Ann->AnnOf->Range, *E);
      else if (Ann->AnnOf->isNull())
        A.AtExecution.push_back(
            {fmt::format("Unsupported null value for column {}", C->Name),
             Ann->AnnOf->Range, false});
    }
    return;
  }

  if (A.UsesIndex) {
    reject(A, S.OrderBy.front().Range,
           "ORDER BY with 2ndary indexes is not supported, except for ANN "
           "queries.");
    return;
  }
  if (!A.confinedToKnownPartitions()) {
    reject(A, S.OrderBy.front().Range,
           "ORDER BY is only supported when the partition key is restricted by "
           "an EQ or an IN.");
    return;
  }
  std::vector<const CqlColumn *> Ck = T.clustering();
  size_t Next = 0;
  int Reversed = -1; // unknown
  for (const Ordering &O : S.OrderBy) {
    const CqlColumn *C = T.column(O.Column.Name);
    if (!C)
      return;
    if (C->Role != ColumnRole::Clustering) {
      reject(A, O.Range, fmt::format("Order by is currently only supported on "
                                     "the clustered columns of the PRIMARY "
                                     "KEY, got {}",
                                     C->Name));
      A.OrderByUnserved = &O;
      return;
    }
    while (Next < Ck.size() && Ck[Next] != C &&
           restrictedByEq(A, Ck[Next], !ScyllaDb))
      ++Next;
    if (Next >= Ck.size() || Ck[Next] != C) {
      reject(A, O.Range, "Order by currently only supports the ordering of "
                         "columns following their declared order in the "
                         "PRIMARY KEY");
      A.OrderByUnserved = &O;
      return;
    }
    ++Next;
    int ThisReversed = O.Descending != C->Descending ? 1 : 0;
    if (Reversed != -1 && Reversed != ThisReversed) {
      reject(A, O.Range, "Unsupported order by relation");
      return;
    }
    Reversed = ThisReversed;
  }
  // Rows of several partitions are sorted in memory, which paging cannot do:
  // refused when the query runs with the drivers' default paging (5000 rows)
  // unless a LIMIT keeps the result within one page.
  if (A.PartitionHasIn && !A.singlePartition()) {
    std::optional<long long> Limit =
        S.Limit ? literalInteger(*S.Limit) : std::nullopt;
    bool FitsOnePage = Limit && *Limit <= 5000;
    if (!FitsOnePage)
      reject(A, S.OrderBy.front().Range,
             "Cannot page queries with both ORDER BY and a IN restriction on "
             "the partition key; you must either remove the ORDER BY or the "
             "IN and sort client side, or disable paging for this query");
  }
}

static void checkStaticOnly(const SelectStatement &S, const CqlTable &T,
                            SelectAnalysis &A) {
  if (A.Clustering.empty() || !selectsOnlyStaticOrKey(S, T))
    return;
  reject(A, A.Clustering.front().Source->Range,
         "Cannot restrict clustering columns when selecting only static "
         "columns");
}

static void checkLimits(const SelectStatement &S, SelectAnalysis &A) {
  // An integer or a bind marker (anything else is a syntax error); -1 is
  // one integer token to Cassandra, refused when the query runs.
  auto Check = [&](const HeapOptional<Term> &L) {
    if (!L)
      return;
    if (std::optional<long long> N = literalInteger(*L); N && *N <= 0)
      reject(A, L->Range, "LIMIT must be strictly positive");
  };
  Check(S.Limit);
  Check(S.PerPartitionLimit);
}

/// ScyllaDB's select_statement::get_limit names the limit it refuses.
static void checkScyllaLimits(const SelectStatement &S, SelectAnalysis &A) {
  auto Check = [&](const HeapOptional<Term> &L, const char *Message) {
    if (!L)
      return;
    if (std::optional<long long> N = literalInteger(*L); N && *N <= 0)
      reject(A, L->Range, Message);
  };
  Check(S.Limit, "LIMIT must be strictly positive");
  Check(S.PerPartitionLimit, "PER PARTITION LIMIT must be strictly positive");
}

void validateSelectClauses(const SelectStatement &S, const CqlTable &T,
                           SelectAnalysis &A, const AnalysisOptions &Options) {
  bool ScyllaDb = Options.ScyllaDb;
  checkSelectors(S, T, A, Options);
  checkStaticOnly(S, T, A);
  if (ScyllaDb)
    checkScyllaDistinct(S, T, A);
  else
    checkDistinct(S, T, A);
  checkGroupBy(S, T, A, ScyllaDb);
  checkOrderBy(S, T, A, ScyllaDb);
  if (ScyllaDb)
    checkScyllaLimits(S, A);
  else
    checkLimits(S, A);
}

} // namespace nosqlint::check
