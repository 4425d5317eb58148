//===- ScyllaRestrictions.cpp - ScyllaDB's restriction rules --------------===//
//
// Follows the order in which ScyllaDB prepares a WHERE clause: every relation
// is validated and prepared first (expr::validate_and_prepare_new_restriction),
// then the relations are added one by one to the partition-key, clustering
// and non-key restrictions (the statement_restrictions constructor), then
// the partition key, the clustering columns and the non-key columns are
// processed, and for a SELECT check_needs_filtering decides whether ALLOW
// FILTERING is required. ScyllaDB stops at the first error: Rejections holds
// that one. Errors raised only without ALLOW FILTERING are marked as lifted
// by it.
//
//===----------------------------------------------------------------------===//
#include "ScyllaRestrictions.h"

#include "Describe.h"
#include "ScyllaColumnDefinition.h"
#include "ScyllaValues.h"

#include "nosqlint/Schema/TypeNames.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

namespace nosqlint::check {

using namespace nosqlint::cql;
using schema::ColumnRole;
using schema::CqlColumn;
using schema::CqlIndex;
using schema::CqlTable;
using schema::IndexKind;

namespace {

bool isLowerBound(RelationOp Op) {
  return Op == RelationOp::Gt || Op == RelationOp::Ge;
}

/// needs_filtering(oper_t): operators no key range answers (NOT IN is a
/// Relation with Op Neq and NotIn set).
bool opNeedsFiltering(RelationOp Op) {
  return Op == RelationOp::Contains || Op == RelationOp::ContainsKey ||
         Op == RelationOp::Like || Op == RelationOp::IsNotNull ||
         Op == RelationOp::Neq;
}

/// A single-element IN list is prepared as an equality.
RelationOp effectiveOp(const Relation &R) {
  if (R.Op == RelationOp::In && !R.InMarker && R.Values.size() == 1)
    return RelationOp::Eq;
  return R.Op;
}

bool isStringType(const CqlType &T) {
  return T.Kind == CqlType::Native &&
         (T.Name == "text" || T.Name == "varchar" || T.Name == "ascii");
}

enum class Kind { Select, Update, Delete };

class ScyllaAnalyzer {
public:
  ScyllaAnalyzer(const CqlTable &T, Kind K, bool AllowFiltering,
                 const AnalysisOptions &Options, SelectAnalysis &A)
      : T(T), K(K), AllowFiltering(AllowFiltering), Options(Options), A(A) {}

  /// \p KnownNeed: whether the statement needs ALLOW FILTERING, when this
  /// run has it (found by a run without).
  void run(const std::vector<Relation> &Where, bool OnlyStatic,
           std::optional<bool> KnownNeed);

  /// The "Cannot execute this query ... use ALLOW FILTERING" error.
  bool FilteringThrown = false;
  /// strict_allow_filtering=warn: ScyllaDB runs it, with a warning.
  bool FilteringWarned = false;
  /// strict_allow_filtering=true alone made ALLOW FILTERING necessary.
  bool FilteringByStrictSetting = false;

private:
  bool thrown() const { return !A.Rejections.empty() || FilteringThrown; }
  /// Records ScyllaDB's error unless an earlier one already ended the
  /// preparation. \p Liftable: raised only without ALLOW FILTERING.
  void fail(SourceRange Range, std::string Message, bool Liftable = false) {
    if (!thrown())
      A.Rejections.push_back({std::move(Message), Range, Liftable});
  }
  void failFiltering() {
    if (!thrown())
      FilteringThrown = true;
  }

  void validate(const Relation &R);
  void validateColumn(const Relation &R, const CqlColumn &C);
  bool prepareColumnValues(const Relation &R, const CqlColumn &C);
  bool prepareTupleValues(const Relation &R, const Term *Bound);
  void collectNullKeys();
  void add(const Relation &R);
  void addColumn(const Relation &R, const CqlColumn &C);
  void addMultiColumn(const Relation &R);
  void addToken(const Relation &R);
  void decide(bool OnlyStatic);
  bool needFiltering() const;
  void collectFilter();

  bool selects() const { return K == Kind::Select; }
  size_t distinctColumns(const std::vector<Restriction> &Group) const {
    std::set<const CqlColumn *> Seen;
    for (const Restriction &R : Group)
      Seen.insert(R.Column);
    return Seen.size();
  }
  bool pkUnrestrictedComponents() const {
    return distinctColumns(A.PartitionKey) < T.partitionKey().size();
  }
  bool pkNeedsFiltering() const {
    return !PkEmpty && !HasToken &&
           (pkUnrestrictedComponents() || PkHasSliceOrFilter);
  }
  bool ckNeedsFiltering() const {
    return !HasMultiColumn && CkPrefix < distinctColumns(A.Clustering);
  }
  bool served(const Restriction &R) const { return R.ServingIndex; }
  std::string sortedNames(const std::vector<const CqlColumn *> &Cols) const;
  std::string commonColumns(const Relation &X, const Relation &Y) const;
  std::string tokenConflict(std::vector<const CqlColumn *> Cols) const;

  const CqlTable &T;
  Kind K;
  bool AllowFiltering;
  const AnalysisOptions &Options;
  SelectAnalysis &A;

  // The state the statement_restrictions constructor keeps while adding.
  bool PkEmpty = true, PkAllEq = true, PkHasSliceOrFilter = false;
  bool HasToken = false, PartitionRangeIsSimple = true;
  bool CkEmpty = true, HasMultiColumn = false, CkHasSlice = false;
  bool CkOnCollection = false;
  const CqlColumn *CkLast = nullptr;
  std::vector<const Relation *> MultiColumn; // in the order added
  /// Clustering columns that need no filtering (the clustering prefix).
  size_t CkPrefix = 0;
  bool UsesIndex = false, KeyRange = false;
  bool CkIndex = false, PkIndex = false, RegularIndex = false;
};

} // namespace

std::string ScyllaAnalyzer::sortedNames(
    const std::vector<const CqlColumn *> &Cols) const {
  std::vector<const CqlColumn *> Sorted = Cols;
  std::sort(Sorted.begin(), Sorted.end(),
            [](const CqlColumn *X, const CqlColumn *Y) {
              return X->Position < Y->Position;
            });
  Sorted.erase(std::unique(Sorted.begin(), Sorted.end()), Sorted.end());
  std::vector<std::string> Names;
  for (const CqlColumn *C : Sorted)
    Names.push_back(C->Name);
  return joinNames(Names);
}

/// The columns of the partition-key restrictions so far, sorted by
/// position, each as column_definition's formatter prints it
/// (statement_restrictions.cc formats them through maybe_column_definition);
/// by name only when a type cannot be named for certain.
std::string ScyllaAnalyzer::tokenConflict(
    std::vector<const CqlColumn *> Cols) const {
  std::sort(Cols.begin(), Cols.end(),
            [](const CqlColumn *X, const CqlColumn *Y) {
              return X->Position < Y->Position;
            });
  Cols.erase(std::unique(Cols.begin(), Cols.end()), Cols.end());
  std::string Printed;
  for (const CqlColumn *C : Cols) {
    std::optional<std::string> Def = scyllaColumnDefinition(*C, Options.Types);
    if (!Def)
      return fmt::format("Columns \"{}\" cannot be restricted by both a "
                         "normal relation and a token relation",
                         sortedNames(Cols));
    Printed += (Printed.empty() ? "" : ", ") + *Def;
  }
  return fmt::format("Columns \"{}\" cannot be restricted by both a normal "
                     "relation and a token relation",
                     Printed);
}

/// expr::get_columns_in_commons: the columns two multi-column relations
/// share, joined the way ScyllaDB joins them (" ,").
std::string ScyllaAnalyzer::commonColumns(const Relation &X,
                                          const Relation &Y) const {
  std::string S;
  for (const CqlColumn *C : T.clustering()) {
    auto Has = [&](const Relation &R) {
      return std::any_of(R.Columns.begin(), R.Columns.end(),
                         [&](const Identifier &I) { return I.Name == C->Name; });
    };
    if (Has(X) && Has(Y))
      S += (S.empty() ? "" : " ,") + C->Name;
  }
  return S;
}

/// ScyllaDB's `(c1, c2) > SCYLLA_CLUSTERING_BOUND (v1, v2)`, a bound that
/// compares in clustering order (its relation rule: relationType
/// K_SCYLLA_CLUSTERING_BOUND tupleLiteral). The grammar both dialects share
/// reads it as a call, whose arguments are the tuple.
static bool isClusteringBound(const Relation &R) {
  return R.Target == Relation::ColumnTuple && isSliceOp(R.Op) &&
         R.Values.size() == 1 && R.Values[0].Kind == Term::FunctionCall &&
         llvm::StringRef(R.Values[0].Text)
             .equals_insensitive("scylla_clustering_bound");
}

/// The tuple literal a SCYLLA_CLUSTERING_BOUND holds.
static Term clusteringBoundTuple(const Term &Call) {
  Term Tuple = Call;
  Tuple.Kind = Term::Tuple;
  Tuple.Text.clear();
  return Tuple;
}

/// validate_and_prepare_new_restriction (with the receiver checks of
/// prepare_binary_operator that come first).
void ScyllaAnalyzer::validate(const Relation &R) {
  if (R.Op == RelationOp::Neq && !R.NotIn) {
    fail(R.Range,
         fmt::format("Unsupported \"!=\" relation: {}", describeRelation(R)));
    return;
  }
  switch (R.Target) {
  case Relation::CustomIndex:
    return;
  case Relation::ColumnTuple: {
    std::vector<Term> Bound;
    if (isClusteringBound(R))
      Bound.push_back(clusteringBoundTuple(R.Values[0]));
    for (const Term &V : Bound.empty() ? R.Values : Bound)
      if (V.Kind == Term::Tuple && V.Children.size() != R.Columns.size()) {
        fail(V.Range, fmt::format("Expected {} elements in value tuple, but "
                                  "got {}: {}",
                                  R.Columns.size(), V.Children.size(),
                                  describeTerm(V)));
        return;
      }
    if (!prepareTupleValues(R, Bound.empty() ? nullptr : &Bound[0]))
      return;
    int Previous = -1;
    for (const Identifier &Id : R.Columns) {
      const CqlColumn *C = T.column(Id.Name);
      if (!C)
        return;
      if (C->Role != ColumnRole::Clustering) {
        fail(R.Range, fmt::format("Multi-column relations can only be applied "
                                  "to clustering columns but was applied to: "
                                  "{}",
                                  C->Name));
        return;
      }
      if (static_cast<int>(C->Position) != Previous + 1) {
        fail(R.Range,
             Previous == -1
                 ? "Clustering columns may not be skipped in multi-column "
                   "relations. They should appear in the PRIMARY KEY order"
                 : "Clustering columns must appear in the PRIMARY KEY order "
                   "in multi-column relations");
        return;
      }
      Previous = static_cast<int>(C->Position);
    }
    return;
  }
  case Relation::Token: {
    std::vector<const CqlColumn *> Pk = T.partitionKey();
    std::vector<const CqlColumn *> Args;
    for (const Identifier &Id : R.Columns) {
      const CqlColumn *C = T.column(Id.Name);
      if (!C)
        return;
      Args.push_back(C);
    }
    if (Args.size() != Pk.size()) {
      // token() is a function of the partition key's arity.
      fail(R.Range, fmt::format("Invalid number of arguments in call to "
                                "function system.token: {} required but {} "
                                "provided",
                                Pk.size(), Args.size()));
      return;
    }
    if (std::equal(Args.begin(), Args.end(), Pk.begin())) {
      if (!R.Values.empty())
        if (std::optional<std::string> E = scyllaPrepareError(
                R.Values[0], nativeType("bigint"), "partition key token",
                Options.Types, ScyllaClause::Where))
          fail(R.Values[0].Range, *E);
      return;
    }
    std::vector<const CqlColumn *> Unique = Args;
    Unique.erase(std::unique(Unique.begin(), Unique.end()), Unique.end());
    std::vector<std::string> Names;
    for (const CqlColumn *C : Pk)
      Names.push_back(C->Name);
    if (Unique.size() < Args.size())
      fail(R.Range, "The token() function contains duplicate partition key "
                    "components");
    else
      fail(R.Range, fmt::format("The token function arguments must be in the "
                                "partition key order: {}",
                                joinNames(Names)));
    return;
  }
  case Relation::Column:
  case Relation::MapElement:
    if (R.Columns.empty())
      return;
    if (const CqlColumn *C = T.column(R.Columns[0].Name))
      validateColumn(R, *C);
    return;
  }
}

void ScyllaAnalyzer::validateColumn(const Relation &R, const CqlColumn &C) {
  const CqlType &Ty = C.Type;
  bool Subscripted = R.Target == Relation::MapElement;
  // prepare_expression of the left-hand side: a subscript needs a
  // collection (its key is prepared there too).
  if (Subscripted && !Ty.isCollection()) {
    fail(R.Range, fmt::format("Column {} is not a map/set/list, cannot be "
                              "subscripted",
                              C.Name));
    return;
  }
  if (Subscripted && R.Key) {
    const CqlType *Key = Ty.Kind == CqlType::Map ? mapKeyType(Ty)
                         : Ty.Kind == CqlType::Set ? elementType(Ty)
                                                   : nullptr;
    CqlType Index = nativeType("int");
    std::string Receiver = Ty.Kind == CqlType::Map   ? keyReceiverName(C.Name)
                           : Ty.Kind == CqlType::Set ? valueReceiverName(C.Name)
                                                     : "index(" + C.Name + ")";
    if (std::optional<std::string> E =
            scyllaPrepareError(*R.Key, Key ? *Key : Index, Receiver,
                               Options.Types, ScyllaClause::Where)) {
      fail(R.Key->Range, *E);
      return;
    }
  }
  // prepare_binary_operator: no slice on what references a duration.
  const CqlType *Lhs = Subscripted ? elementType(Ty) : &Ty;
  if (Lhs && isSliceOp(R.Op) && referencesDuration(*Lhs)) {
    fail(R.Range, fmt::format("Duration type is unordered for {}",
                              Subscripted ? valueReceiverName(C.Name)
                                          : C.Name));
    return;
  }
  // get_rhs_receiver
  if (R.Op == RelationOp::Contains && !Ty.isCollection()) {
    fail(R.Range, fmt::format("Cannot use CONTAINS on non-collection column "
                              "\"{}\"",
                              C.Name));
    return;
  }
  if (R.Op == RelationOp::ContainsKey && Ty.Kind != CqlType::Map) {
    fail(R.Range,
         fmt::format("Cannot use CONTAINS KEY on non-map column {}", C.Name));
    return;
  }
  if (R.Op == RelationOp::Like && !Subscripted && !isStringType(Ty)) {
    fail(R.Range, fmt::format("LIKE is allowed only on string types, which {} "
                              "is not",
                              C.Name));
    return;
  }
  if (!prepareColumnValues(R, C))
    return;
  // validate_single_column_relation
  if (Subscripted) {
    if (Ty.Kind != CqlType::Map && Ty.Kind != CqlType::List) {
      fail(R.Range, fmt::format("Column {} cannot be subscripted", C.Name));
      return;
    }
    if (Ty.Frozen) {
      if (Ty.Kind == CqlType::Map)
        fail(R.Range, fmt::format("Map-entry equality predicates on frozen "
                                  "map column {} are not supported",
                                  C.Name));
      else
        fail(R.Range, fmt::format("List element equality predicates on "
                                  "frozen list column {} are not supported",
                                  C.Name));
      return;
    }
    if (R.Op != RelationOp::Eq) {
      fail(R.Range, "Only EQ relations are supported on map/list entries");
      return;
    }
    return;
  }
  if (Ty.isCollection() && !Ty.Frozen && R.Op != RelationOp::Contains &&
      R.Op != RelationOp::ContainsKey) {
    fail(R.Range, fmt::format("Collection column '{}' ({}) cannot be "
                              "restricted by a '{}' relation",
                              C.Name, schema::describeType(Ty),
                              R.NotIn ? std::string("NOT IN")
                                      : relationOpSpelling(effectiveOp(R))
                                            .str()));
    return;
  }
}

/// The right-hand side prepared against its receiver (get_rhs_receiver):
/// the column, "value(c)"/"key(c)" for CONTAINS and CONTAINS KEY and a
/// subscript, an IN or NOT IN list as a list literal named "in(c)".
bool ScyllaAnalyzer::prepareColumnValues(const Relation &R, const CqlColumn &C) {
  const CqlType &Ty = C.Type;
  auto Fail = [&](SourceRange Range, std::string Message) {
    fail(Range, std::move(Message));
    return false;
  };
  if (R.Op == RelationOp::In || R.NotIn) {
    if (R.InMarker)
      return true;
    if (std::optional<std::string> E = scyllaInListError(
            R.Values, Ty, C.Name, R.NotIn, Options.Types, ScyllaClause::Where))
      return Fail(R.Range, *E);
    return true;
  }
  if (R.Values.empty())
    return true;
  const CqlType *Receiver = &Ty;
  std::string Name = C.Name;
  if (R.Target == Relation::MapElement) {
    Receiver = elementType(Ty);
    Name = valueReceiverName(C.Name);
  } else if (R.Op == RelationOp::Contains) {
    Receiver = elementType(Ty);
    Name = valueReceiverName(C.Name);
  } else if (R.Op == RelationOp::ContainsKey) {
    Receiver = mapKeyType(Ty);
    Name = keyReceiverName(C.Name);
  }
  if (!Receiver || R.Op == RelationOp::IsNotNull)
    return true;
  if (std::optional<std::string> E = scyllaPrepareError(
          R.Values[0], *Receiver, Name, Options.Types, ScyllaClause::Where))
    return Fail(R.Values[0].Range, *E);
  return true;
}

/// A multi-column relation's values against the tuple of its columns,
/// named "(c1,c2)" (get_lhs_receiver); an IN list as "in((c1,c2))".
/// The values of a tuple relation against the tuple of its columns;
/// \p Bound: a SCYLLA_CLUSTERING_BOUND's tuple, prepared in its place.
bool ScyllaAnalyzer::prepareTupleValues(const Relation &R, const Term *Bound) {
  CqlType Tuple;
  Tuple.Kind = CqlType::Tuple;
  std::string Name = "(";
  for (const Identifier &Id : R.Columns) {
    const CqlColumn *C = T.column(Id.Name);
    if (!C)
      return true;
    Tuple.Params.push_back(C->Type);
    Name += (Name.size() > 1 ? "," : "") + C->Name;
  }
  Name += ")";
  std::optional<std::string> E;
  if (R.Op == RelationOp::In && !R.InMarker)
    E = scyllaInListError(R.Values, Tuple, Name, false, Options.Types,
                          ScyllaClause::Where);
  else if (!R.Values.empty())
    E = scyllaPrepareError(Bound ? *Bound : R.Values[0], Tuple, Name,
                           Options.Types, ScyllaClause::Where);
  if (!E)
    return true;
  fail(R.Range, *E);
  return false;
}

/// statement_restrictions::validate_primary_key, for writes: a literal null
/// compared with = to a key column fails when the statement runs (a SELECT
/// reads nothing instead: test_aggregate.py test_count_empty_eq_null).
void ScyllaAnalyzer::collectNullKeys() {
  for (const std::vector<Restriction> *Group : {&A.PartitionKey, &A.Clustering})
    for (const Restriction &R : *Group)
      if (!R.MultiColumn && R.Op == RelationOp::Eq &&
          R.Source->Target == Relation::Column && !R.Source->Values.empty() &&
          R.Source->Values[0].isNull())
        A.AtExecution.push_back(
            {fmt::format("Invalid null value in condition for column {}",
                         R.Column->Name),
             R.Source->Range, false});
}

void ScyllaAnalyzer::add(const Relation &R) {
  switch (R.Target) {
  case Relation::CustomIndex:
    return;
  case Relation::Token:
    return addToken(R);
  case Relation::ColumnTuple:
    return addMultiColumn(R);
  case Relation::Column:
  case Relation::MapElement:
    if (R.Columns.empty())
      return;
    if (const CqlColumn *C = T.column(R.Columns[0].Name))
      addColumn(R, *C);
    return;
  }
}

void ScyllaAnalyzer::addToken(const Relation &R) {
  if (!PkEmpty && !HasToken) {
    std::vector<const CqlColumn *> Cols;
    for (const Restriction &P : A.PartitionKey)
      Cols.push_back(P.Column);
    fail(R.Range, tokenConflict(Cols));
  }
  PkEmpty = false;
  HasToken = true;
  if (R.Op != RelationOp::Eq)
    PkAllEq = false;
  A.TokenRelations.push_back(&R);
}

/// How a multi-column bound compares, as ScyllaDB names it.
static const char *boundOrder(const Relation &R) {
  return isClusteringBound(R) ? "SCYLLA_CLUSTERING_BOUND" : "plain";
}

void ScyllaAnalyzer::addMultiColumn(const Relation &R) {
  RelationOp Op = effectiveOp(R);
  if (!CkEmpty) {
    if (!HasMultiColumn) {
      fail(R.Range, "Mixing single column relations and multi column "
                    "relations on clustering columns is not allowed");
    } else {
      // The columns this relation shares with the ones before it.
      std::string Common;
      for (const Relation *Prev : MultiColumn) {
        std::string Part = commonColumns(*Prev, R);
        if (!Part.empty() && Common.find(Part) == std::string::npos)
          Common += (Common.empty() ? "" : " ,") + Part;
      }
      const Relation &First = *MultiColumn.front();
      if (Op == RelationOp::Eq)
        fail(R.Range, fmt::format("{} cannot be restricted by more than one "
                                  "relation if it includes an Equal",
                                  Common));
      else if (Op == RelationOp::In)
        fail(R.Range, fmt::format("{} cannot be restricted by more than one "
                                  "relation if it includes a IN",
                                  Common));
      else if (isSliceOp(Op) && !CkHasSlice)
        fail(R.Range, fmt::format("Column \"{}\" cannot be restricted by both "
                                  "an equality and an inequality relation",
                                  Common));
      else if (isSliceOp(Op) &&
               isClusteringBound(First) != isClusteringBound(R))
        // Plain bounds compare in CQL order, SCYLLA_CLUSTERING_BOUND ones in
        // clustering order: they do not combine.
        fail(R.Range, fmt::format("Invalid combination of restrictions ({} / "
                                  "{})",
                                  boundOrder(First), boundOrder(R)));
      else if (isSliceOp(Op) && isLowerBound(Op) == isLowerBound(First.Op))
        fail(R.Range, fmt::format("More than one restriction was found for "
                                  "the {} bound on {}",
                                  isLowerBound(Op) ? "start" : "end",
                                  commonColumns(R, First)));
    }
  }
  CkEmpty = false;
  HasMultiColumn = true;
  MultiColumn.push_back(&R);
  if (isSliceOp(Op))
    CkHasSlice = true;
  for (const Identifier &Id : R.Columns)
    if (const CqlColumn *C = T.column(Id.Name)) {
      Restriction Res;
      Res.Column = C;
      Res.Source = &R;
      Res.Op = Op;
      Res.MultiColumn = true;
      A.Clustering.push_back(Res);
    }
}

void ScyllaAnalyzer::addColumn(const Relation &R, const CqlColumn &C) {
  RelationOp Op = effectiveOp(R);
  bool Equality = Op == RelationOp::Eq && R.Target != Relation::MapElement;
  if (Op == RelationOp::IsNotNull) {
    fail(R.Range, fmt::format("restriction '{} IS NOT null' is only supported "
                              "in materialized view creation",
                              C.Name));
    return;
  }
  Restriction Res;
  Res.Column = &C;
  Res.Source = &R;
  Res.Op = Op;
  switch (C.Role) {
  case ColumnRole::PartitionKey:
    if (!Equality && Op != RelationOp::In && !AllowFiltering)
      fail(R.Range, "Only EQ and IN relation are supported on the partition "
                    "key (unless you use the token() function or ALLOW "
                    "FILTERING)",
           /*Liftable=*/selects());
    if (HasToken) {
      std::vector<const CqlColumn *> Cols;
      for (const Relation *Tok : A.TokenRelations)
        for (const Identifier &Id : Tok->Columns)
          if (const CqlColumn *P = T.column(Id.Name))
            Cols.push_back(P);
      fail(R.Range, tokenConflict(Cols));
    }
    PkEmpty = false;
    PartitionRangeIsSimple &= Op != RelationOp::In;
    PkHasSliceOrFilter |= isSliceOp(Op) || opNeedsFiltering(Op);
    PkAllEq &= Equality;
    A.PartitionKey.push_back(Res);
    return;
  case ColumnRole::Clustering:
    if (HasMultiColumn) {
      fail(R.Range, "Mixing single column relations and multi column "
                    "relations on clustering columns is not allowed");
    } else if (CkLast && !AllowFiltering) {
      if (CkHasSlice && C.Position > CkLast->Position)
        fail(R.Range,
             fmt::format("Clustering column \"{}\" cannot be restricted "
                         "(preceding column \"{}\" is restricted by a non-EQ "
                         "relation)",
                         C.Name, CkLast->Name),
             /*Liftable=*/selects());
      else if (C.Position < CkLast->Position && isSliceOp(Op))
        fail(R.Range,
             fmt::format("PRIMARY KEY column \"{}\" cannot be restricted "
                         "(preceding column \"{}\" is restricted by a non-EQ "
                         "relation)",
                         CkLast->Name, C.Name),
             /*Liftable=*/selects());
    }
    CkEmpty = false;
    CkHasSlice |= isSliceOp(Op);
    CkOnCollection |=
        Op == RelationOp::Contains || Op == RelationOp::ContainsKey;
    if (!CkLast || C.Position > CkLast->Position)
      CkLast = &C;
    A.Clustering.push_back(Res);
    return;
  case ColumnRole::Static:
  case ColumnRole::Regular:
    A.Other.push_back(Res);
    return;
  }
}

/// need_filtering(): whether the rows read must still be filtered.
bool ScyllaAnalyzer::needFiltering() const {
  size_t Regular = distinctColumns(A.Other);
  size_t Clustering = distinctColumns(A.Clustering);
  if (UsesIndex && HasToken)
    return Clustering + Regular > 1;
  size_t Partition = distinctColumns(A.PartitionKey);
  if (Partition > 0 && Partition < T.partitionKey().size())
    return !(Partition == 1 && PkIndex && A.Clustering.empty() &&
             A.Other.empty());
  if (pkNeedsFiltering())
    return true;
  if (Regular > 1 || (Regular == 1 && !RegularIndex))
    return true;
  if (Regular == 1) {
    if (Partition == 0 && A.Clustering.empty())
      return false;
    bool TokenKnown = !pkUnrestrictedComponents() && PkAllEq;
    return !TokenKnown || ckNeedsFiltering() || HasMultiColumn;
  }
  if (HasMultiColumn)
    return false;
  if (CkIndex && UsesIndex)
    return Clustering > 1;
  return ckNeedsFiltering();
}

void ScyllaAnalyzer::decide(bool OnlyStatic) {
  std::vector<const CqlColumn *> Ck = T.clustering();
  // _clustering_prefix_restrictions
  if (!HasMultiColumn)
    for (const CqlColumn *Col : Ck) {
      bool Found = false, Slice = false, Filtered = false;
      for (const Restriction &R : A.Clustering)
        if (R.Column == Col) {
          Found = true;
          Slice |= isSliceOp(R.Op);
          Filtered |= opNeedsFiltering(R.Op);
        }
      if (!Found || Filtered)
        break;
      ++CkPrefix;
      if (Slice)
        break;
    }

  // The indexes (a SELECT only): a local index needs the partition key
  // given by equalities.
  if (selects()) {
    bool AllowLocal = !pkUnrestrictedComponents() && PkAllEq;
    for (std::vector<Restriction> *Group :
         {&A.PartitionKey, &A.Clustering, &A.Other})
      for (Restriction &R : *Group) {
        if (R.MultiColumn)
          continue;
        R.ServingIndex = servingIndex(T, *R.Column, R.Op,
                                      R.Source->Target == Relation::MapElement);
        if (R.ServingIndex && R.ServingIndex->Kind == IndexKind::ScyllaLocal &&
            !AllowLocal)
          R.ServingIndex = nullptr;
      }
    auto Any = [&](const std::vector<Restriction> &G) {
      return std::any_of(G.begin(), G.end(),
                         [&](const Restriction &R) { return served(R); });
    };
    CkIndex = !HasMultiColumn && Any(A.Clustering);
    PkIndex = !HasToken && Any(A.PartitionKey);
    RegularIndex = Any(A.Other);
  }

  // process_partition_key_restrictions
  if (HasToken) {
    KeyRange = true;
  } else if (PkEmpty) {
    KeyRange = true;
    UsesIndex = PkIndex;
  }
  if (pkNeedsFiltering()) {
    if (!AllowFiltering && !PkIndex && selects())
      failFiltering();
    KeyRange = true;
    UsesIndex = PkIndex;
  }

  if (OnlyStatic && !A.Clustering.empty() && !selects())
    fail(A.Clustering.front().Source->Range,
         fmt::format("Invalid restrictions on clustering columns since the {} "
                     "statement modifies only static columns",
                     K == Kind::Update ? "UPDATE" : "DELETE"));

  // process_clustering_columns_restrictions
  if (!A.Clustering.empty()) {
    if (CkOnCollection && !CkIndex && !AllowFiltering) {
      for (const Restriction &R : A.Clustering)
        if (R.Op == RelationOp::Contains || R.Op == RelationOp::ContainsKey) {
          fail(R.Source->Range,
               "Cannot restrict clustering columns by a CONTAINS relation "
               "without a secondary index or filtering",
               /*Liftable=*/selects());
          break;
        }
    }
    if (ckNeedsFiltering()) {
      if (CkIndex) {
        UsesIndex = true;
      } else if (!AllowFiltering) {
        std::vector<const CqlColumn *> Restricted;
        for (const Restriction &R : A.Clustering)
          Restricted.push_back(R.Column);
        std::sort(Restricted.begin(), Restricted.end(),
                  [](const CqlColumn *X, const CqlColumn *Y) {
                    return X->Position < Y->Position;
                  });
        Restricted.erase(std::unique(Restricted.begin(), Restricted.end()),
                         Restricted.end());
        for (size_t I = 0; I < Restricted.size(); ++I)
          if (Restricted[I] != Ck[I]) {
            const Restriction *At = nullptr;
            for (const Restriction &R : A.Clustering)
              if (R.Column == Restricted[I] && !At)
                At = &R;
            fail(At->Source->Range,
                 fmt::format("PRIMARY KEY column \"{}\" cannot be restricted "
                             "as preceding column \"{}\" is not restricted",
                             Restricted[I]->Name, Ck[I]->Name),
                 /*Liftable=*/selects());
            break;
          }
      }
    }
  }
  if (KeyRange && CkIndex && !HasMultiColumn)
    UsesIndex = true;

  if (!A.Other.empty()) {
    if (RegularIndex && PartitionRangeIsSimple)
      UsesIndex = true;
    else if (!AllowFiltering && selects())
      failFiltering();
  }
  bool KeyIsIn = std::any_of(
      A.PartitionKey.begin(), A.PartitionKey.end(),
      [](const Restriction &R) { return R.Op == RelationOp::In; });
  if (UsesIndex && !AllowFiltering && KeyIsIn)
    fail(A.PartitionKey.front().Source->Range,
         "Index cannot be used if the partition key is restricted with IN "
         "clause. This query would require filtering instead.",
         /*Liftable=*/true);

  // select_statement::check_needs_filtering
  if (selects() && !AllowFiltering && (KeyRange || UsesIndex)) {
    if (needFiltering()) {
      failFiltering();
    } else if ((PkEmpty || HasToken) && !A.Clustering.empty() && !UsesIndex) {
      // needs_allow_filtering_anyway: a clustering slice in every partition.
      switch (Options.StrictAllowFiltering) {
      case ScyllaStrictAllowFiltering::True:
        if (!thrown())
          FilteringByStrictSetting = true;
        failFiltering();
        break;
      case ScyllaStrictAllowFiltering::Warn:
        if (!thrown())
          FilteringWarned = true;
        break;
      case ScyllaStrictAllowFiltering::False:
        break;
      }
    }
  }
}

/// The restrictions read as a row filter (the columns for filtering), and
/// which of them no index serves.
void ScyllaAnalyzer::collectFilter() {
  const CqlIndex *Used = nullptr;
  if (UsesIndex)
    for (const std::vector<Restriction> *G :
         {&A.Other, &A.Clustering, &A.PartitionKey})
      for (const Restriction &R : *G)
        if (!Used && R.ServingIndex)
          Used = R.ServingIndex;
  auto Filtered = [&](const Restriction &R) {
    A.Filter.push_back(&R);
    if (R.ServingIndex != Used || !Used)
      A.Unserved.push_back(&R);
  };
  if (pkNeedsFiltering())
    for (const Restriction &R : A.PartitionKey)
      Filtered(R);
  bool PkOpen = pkUnrestrictedComponents();
  if (PkOpen || ckNeedsFiltering() || HasMultiColumn)
    for (const Restriction &R : A.Clustering)
      if (PkOpen || HasMultiColumn || R.Column->Position >= CkPrefix)
        Filtered(R);
  for (const Restriction &R : A.Other)
    Filtered(R);
  std::sort(A.Unserved.begin(), A.Unserved.end(),
            [](const Restriction *X, const Restriction *Y) {
              return X->Source->Range.Begin < Y->Source->Range.Begin;
            });
  if (A.Unserved.empty() && A.NeedsFiltering)
    A.Unserved = A.Filter;
}

void ScyllaAnalyzer::run(const std::vector<Relation> &Where, bool OnlyStatic,
                         std::optional<bool> KnownNeed) {
  for (const Relation &R : Where)
    validate(R);
  for (const Relation &R : Where)
    add(R);
  decide(OnlyStatic);
  if (!selects())
    collectNullKeys();

  // What the rules read.
  if (HasToken) {
    A.Scope = PartitionScope::TokenRange;
  } else if (A.PartitionKey.empty()) {
    A.Scope = PartitionScope::All;
  } else {
    A.Scope = PartitionScope::Known;
    unsigned Count = 1;
    for (const CqlColumn *C : T.partitionKey()) {
      const Restriction *EqOrIn = nullptr;
      for (const Restriction &R : A.PartitionKey)
        if (R.Column == C && R.isEqOrIn() && !EqOrIn)
          EqOrIn = &R;
      if (!EqOrIn) {
        A.Scope = PartitionScope::Filtered;
        break;
      }
      if (EqOrIn->Op == RelationOp::In) {
        A.PartitionHasIn = true;
        if (EqOrIn->Source->InMarker)
          A.PartitionCountKnown = false;
        else
          Count *= static_cast<unsigned>(EqOrIn->Source->Values.size());
      }
    }
    A.PartitionCount = A.PartitionCountKnown ? Count : 0;
  }
  A.NarrowsClustering = !A.Clustering.empty();
  A.ClusteringIsPrefix = !ckNeedsFiltering() && !CkOnCollection;
  A.UsesIndex = UsesIndex;
  A.NeedsFiltering =
      KnownNeed ? *KnownNeed
                : FilteringThrown ||
      std::any_of(A.Rejections.begin(), A.Rejections.end(),
                  [](const Rejection &R) { return R.LiftedByAllowFiltering; });
  collectFilter();
}

SelectAnalysis analyzeScyllaSelect(const SelectStatement &S,
                                   const CqlTable &Table,
                                   const AnalysisOptions &Options) {
  // As if ALLOW FILTERING were absent: whether it is needed.
  SelectAnalysis Strict;
  Strict.Table = &Table;
  ScyllaAnalyzer Z(Table, Kind::Select, false, Options, Strict);
  Z.run(S.Where, false, std::nullopt);
  Strict.FilteringWarning = Z.FilteringWarned;
  Strict.FilteringByStrictSetting = Z.FilteringByStrictSetting;
  if (!S.AllowFiltering)
    return Strict;
  SelectAnalysis Lenient;
  Lenient.Table = &Table;
  ScyllaAnalyzer L(Table, Kind::Select, true, Options, Lenient);
  // Under strict_allow_filtering=warn the clause is what silences the
  // warning: not unnecessary.
  L.run(S.Where, false, Strict.NeedsFiltering || Strict.FilteringWarning);
  return Lenient;
}

SelectAnalysis analyzeScyllaWhere(const std::vector<Relation> &Where,
                                  const CqlTable &Table, ScyllaWrite Write,
                                  bool OnlyStatic,
                                  const AnalysisOptions &Options) {
  SelectAnalysis A;
  A.Table = &Table;
  ScyllaAnalyzer Z(Table, Write == ScyllaWrite::Delete ? Kind::Delete
                                                      : Kind::Update,
                   false, Options, A);
  // statement_restrictions rejects clustering restrictions beside static-only
  // changes in an UPDATE or a DELETE, never in an INSERT.
  Z.run(Where, OnlyStatic && Write != ScyllaWrite::Insert, std::nullopt);
  return A;
}

std::vector<Rejection> scyllaWriteRejections(const SelectAnalysis &Where,
                                             const CqlTable &T,
                                             const ScyllaWriteShape &Shape) {
  std::vector<Rejection> Out = Where.Rejections;
  if (!Out.empty())
    return Out; // the restrictions failed first
  auto Fail = [&](SourceRange Range, std::string Message) {
    Out.push_back({std::move(Message), Range, false});
    return Out;
  };
  if (!Where.TokenRelations.empty()) {
    std::string Text;
    for (const Relation *R : Where.TokenRelations)
      Text += (Text.empty() ? "" : " AND ") + describeRelation(*R);
    return Fail(Where.TokenRelations.front()->Range,
                fmt::format("The token function cannot be used in WHERE "
                            "clauses for UPDATE and DELETE statements: {}",
                            Text));
  }
  if (!Where.Other.empty()) {
    std::vector<std::string> Names;
    for (const Restriction &R : Where.Other)
      if (std::find(Names.begin(), Names.end(), R.Column->Name) == Names.end())
        Names.push_back(R.Column->Name);
    return Fail(Where.Other.front().Source->Range,
                fmt::format("Invalid where clause contains non PRIMARY KEY "
                            "columns: {}",
                            joinNames(Names)));
  }
  bool Slice = std::any_of(Where.Clustering.begin(), Where.Clustering.end(),
                           [](const Restriction &R) { return R.isSlice(); });
  if (Slice && Shape.Kind != ScyllaWrite::Delete) {
    const Restriction *First = nullptr;
    for (const Restriction &R : Where.Clustering)
      if (R.isSlice() && !First)
        First = &R;
    return Fail(First->Source->Range,
                fmt::format("Invalid operator in where clause {}",
                            describeRelation(*First->Source)));
  }
  std::vector<const CqlColumn *> Ck = T.clustering();
  const CqlColumn *MissingCk = nullptr;
  for (const CqlColumn *C : Ck) {
    bool Given = std::any_of(Where.Clustering.begin(), Where.Clustering.end(),
                             [&](const Restriction &R) { return R.Column == C; });
    if (!Given) {
      MissingCk = C;
      break;
    }
  }
  if (MissingCk && !Shape.ModifiesOnlyStatic) {
    if (Shape.Kind != ScyllaWrite::Delete)
      return Fail(Shape.StatementRange,
                  fmt::format("Missing mandatory PRIMARY KEY part {}",
                              MissingCk->Name));
    // A DELETE of columns, not of rows, needs the whole clustering key.
    if (!Slice && !Shape.FirstRegularColumn.empty())
      return Fail(Shape.StatementRange,
                  fmt::format("Primary key column '{}' must be specified in "
                              "order to modify column '{}'",
                              MissingCk->Name, Shape.FirstRegularColumn));
  }
  for (const CqlColumn *C : T.partitionKey()) {
    bool Given =
        std::any_of(Where.PartitionKey.begin(), Where.PartitionKey.end(),
                    [&](const Restriction &R) { return R.Column == C; });
    if (!Given)
      return Fail(Shape.StatementRange,
                  fmt::format("Missing mandatory PRIMARY KEY part {}", C->Name));
  }
  if (Shape.Conditional) {
    const char *Which =
        Shape.Kind == ScyllaWrite::Delete ? "deletions" : "updates";
    for (const Restriction &R : Where.PartitionKey)
      if (R.Op == RelationOp::In)
        return Fail(R.Source->Range,
                    fmt::format("IN on the partition key is not supported with "
                                "conditional {}",
                                Which));
    for (const Restriction &R : Where.Clustering)
      if (R.Op == RelationOp::In)
        return Fail(R.Source->Range,
                    fmt::format("IN on the clustering key columns is not "
                                "supported with conditional {}",
                                Which));
    bool AllEq = std::all_of(Where.Clustering.begin(), Where.Clustering.end(),
                             [](const Restriction &R) {
                               return R.Op == RelationOp::Eq;
                             });
    if (Shape.Kind == ScyllaWrite::Delete && (MissingCk || !AllEq)) {
      if (Shape.ModifiesRegular)
        return Fail(Shape.StatementRange,
                    "DELETE statements must restrict all PRIMARY KEY columns "
                    "with equality relations in order to delete non static "
                    "columns");
      if (Shape.RegularConditions)
        return Fail(Shape.StatementRange,
                    "DELETE statements must restrict all PRIMARY KEY columns "
                    "with equality relations in order to use IF condition on "
                    "non static columns");
    }
  }
  // delete_statement::prepare_internal, after the WHERE clause.
  if (Shape.Kind == ScyllaWrite::Delete && Slice && Shape.NamesColumns)
    return Fail(Shape.StatementRange,
                "Range deletions are not supported for specific columns");
  return Out;
}

} // namespace nosqlint::check
