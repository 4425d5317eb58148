//===- SelectAnalysis.cpp - Cassandra's restriction rules -----------------===//
//
// Mirrors the order of Cassandra 5.0's StatementRestrictions: relations are
// checked one by one (relation-level errors first), merged per column,
// classified into partition key / clustering / other, then the partition key,
// the clustering prefix, the other columns and finally the index group that
// would have to serve the row filter are examined.
//
//===----------------------------------------------------------------------===//
#include "SelectAnalysis.h"

#include "Describe.h"
#include "LiteralTypes.h"
#include "ScyllaRestrictions.h"

#include "nosqlint/Schema/TypeNames.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace nosqlint::check {

using namespace nosqlint::cql;
using schema::ColumnRole;
using schema::CqlColumn;
using schema::CqlIndex;
using schema::CqlTable;
using schema::IndexKind;
using schema::describeType;

llvm::StringRef relationOpSpelling(RelationOp Op) {
  switch (Op) {
  case RelationOp::Eq:
    return "=";
  case RelationOp::Lt:
    return "<";
  case RelationOp::Le:
    return "<=";
  case RelationOp::Gt:
    return ">";
  case RelationOp::Ge:
    return ">=";
  case RelationOp::Neq:
    return "!=";
  case RelationOp::In:
    return "IN";
  case RelationOp::Contains:
    return "CONTAINS";
  case RelationOp::ContainsKey:
    return "CONTAINS KEY";
  case RelationOp::Like:
    return "LIKE";
  case RelationOp::IsNotNull:
    return "IS NOT NULL";
  }
  return "?";
}

bool isSliceOp(RelationOp Op) {
  return Op == RelationOp::Lt || Op == RelationOp::Le || Op == RelationOp::Gt ||
         Op == RelationOp::Ge;
}

/// SAI answers ranges only on types it orders: not on strings, booleans,
/// uuids, or frozen and composite values (equality only there).
static bool saiSupportsRange(const CqlType &T) {
  if (T.Kind != CqlType::Native || T.Frozen)
    return false;
  static const char *const EqOnly[] = {"text", "varchar", "ascii", "boolean",
                                       "uuid"};
  return std::find(std::begin(EqOnly), std::end(EqOnly), T.Name) ==
         std::end(EqOnly);
}

static bool indexServes(const CqlIndex &I, const CqlColumn &C, RelationOp Op,
                        bool MapElement) {
  const CqlType &T = C.Type;
  if (T.Kind == CqlType::Vector)
    return false; // vector indexes serve ANN ordering only
  switch (I.Target) {
  case IndexTarget::Keys:
    return Op == RelationOp::ContainsKey && !MapElement;
  case IndexTarget::Entries:
    return MapElement && Op == RelationOp::Eq;
  case IndexTarget::Values:
    return Op == RelationOp::Contains && !MapElement;
  case IndexTarget::Full:
    return Op == RelationOp::Eq && !MapElement;
  case IndexTarget::Simple:
    break;
  }
  if (MapElement)
    return false;
  switch (I.Kind) {
  case IndexKind::Legacy:
  case IndexKind::ScyllaGlobal:
  case IndexKind::ScyllaLocal:
    return Op == RelationOp::Eq;
  case IndexKind::Sai:
    return Op == RelationOp::Eq || (isSliceOp(Op) && saiSupportsRange(T));
  case IndexKind::Sasi:
  case IndexKind::Custom:
    return Op == RelationOp::Eq || isSliceOp(Op) || Op == RelationOp::Like;
  }
  return false;
}

const CqlIndex *servingIndex(const CqlTable &Table, const CqlColumn &Column,
                             RelationOp Op, bool MapElement) {
  for (const CqlIndex &I : Table.Indexes)
    if (I.Column == Column.Name && indexServes(I, Column, Op, MapElement))
      return &I;
  return nullptr;
}

namespace {

class Analyzer {
public:
  Analyzer(const CqlTable &Table, const AnalysisOptions &Options,
           SelectAnalysis &A)
      : Table(Table), Options(Options), A(A) {}

  void addRelations(const std::vector<Relation> &Where);
  void classifyPartitionKey();
  void classifyClustering(bool AnyIndex);
  void decideFiltering();
  void collectNullValues();

private:
  void reject(SourceRange Range, std::string Message, bool Liftable = false) {
    A.Rejections.push_back({std::move(Message), Range, Liftable});
  }
  bool checkRelationLevel(const Relation &R, const CqlColumn &C);
  bool checkRelationValues(const Relation &R, const CqlColumn &C);
  void checkTupleValues(const Relation &R);
  void addRestriction(const Relation &R, const CqlColumn &C, bool MultiColumn);
  bool mergeSingleWithMulti(const Restriction &Prev, const Relation &R,
                            const CqlColumn &C, bool NewIsMulti);
  void checkToken(const Relation &R);
  bool mergeToken(const Relation &R, const std::vector<std::string> &Columns);

  const CqlTable &Table;
  const AnalysisOptions &Options;
  SelectAnalysis &A;
};

} // namespace

bool Analyzer::checkRelationLevel(const Relation &R, const CqlColumn &C) {
  const CqlType &T = C.Type;
  bool MapElement = R.Target == Relation::MapElement;
  if (T.Kind == CqlType::Vector && !Table.indexesOn(C.Name).empty()) {
    reject(R.Range, "Vector indexes only support ANN queries");
    return false;
  }
  if (R.Op == RelationOp::Neq) {
    reject(R.Range,
           fmt::format("Unsupported \"!=\" relation: {}", describeRelation(R)));
    return false;
  }
  if (R.Op == RelationOp::IsNotNull) {
    reject(R.Range,
           fmt::format("Unsupported restriction: {} IS NOT NULL", C.Name));
    return false;
  }
  if (R.Op == RelationOp::Like &&
      !servingIndex(Table, C, R.Op, false)) {
    reject(R.Range,
           fmt::format("LIKE restriction is only supported on properly indexed "
                       "columns. {} is not valid.",
                       describeRelation(R)));
    return false;
  }
  if (MapElement) {
    if (T.Kind == CqlType::List) {
      reject(R.Range, fmt::format("Indexes on list entries ({}[index] = value) "
                                  "are not currently supported.",
                                  C.Name));
      return false;
    }
    if (T.Kind != CqlType::Map) {
      reject(R.Range, fmt::format("Column {} cannot be used as a map", C.Name));
      return false;
    }
    if (T.Frozen) {
      reject(R.Range, fmt::format("Map-entry equality predicates on frozen map "
                                  "column {} are not supported",
                                  C.Name));
      return false;
    }
    if (R.Op != RelationOp::Eq) {
      reject(R.Range, "Only EQ relations are supported on map entries");
      return false;
    }
    return true;
  }
  if (R.Op == RelationOp::Contains && !T.isCollection()) {
    reject(R.Range,
           fmt::format("Cannot use CONTAINS on non-collection column {}", C.Name));
    return false;
  }
  if (R.Op == RelationOp::ContainsKey && T.Kind != CqlType::Map) {
    reject(R.Range,
           fmt::format("Cannot use CONTAINS KEY on non-map column {}", C.Name));
    return false;
  }
  // Slices on durations are refused before the receiver is looked at
  // (SingleColumnRelation.newSliceRestriction).
  if (isSliceOp(R.Op) && referencesDuration(T)) {
    if (T.isCollection()) {
      reject(R.Range, "Slice restrictions are not supported on collections "
                      "containing durations");
      return false;
    }
    if (T.Kind == CqlType::Tuple) {
      reject(R.Range, "Slice restrictions are not supported on tuples "
                      "containing durations");
      return false;
    }
  }
  if (T.isCollection() && !T.Frozen &&
      (R.Op == RelationOp::Eq || R.Op == RelationOp::In || isSliceOp(R.Op))) {
    reject(R.Range,
           fmt::format("Collection column '{}' ({}) cannot be restricted by a "
                       "'{}' relation",
                       C.Name, describeType(T), relationOpSpelling(R.Op).str()));
    return false;
  }
  if (T.Kind == CqlType::Udt && !T.Frozen) {
    reject(R.Range, fmt::format("Non-frozen UDT column '{}' ({}) cannot be "
                                "restricted by any relation",
                                C.Name, describeType(T)));
    return false;
  }
  if (isSliceOp(R.Op) && T.Kind == CqlType::Native && T.Name == "duration") {
    reject(R.Range, "Slice restrictions are not supported on duration columns");
    return false;
  }
  return true;
}

/// The values of a relation against their receivers (the column, or the
/// keys or values of a collection column), as Cassandra prepares them.
bool Analyzer::checkRelationValues(const Relation &R, const CqlColumn &C) {
  const CqlType &T = C.Type;
  auto Check = [&](const Term &V, const CqlType &Type,
                   const std::string &Receiver) {
    if (std::optional<std::string> E =
            prepareError(V, Type, Receiver, Options.Types)) {
      reject(V.Range, *E);
      return false;
    }
    return true;
  };
  if (R.Target == Relation::MapElement) {
    const CqlType *K = mapKeyType(T), *V = elementType(T);
    if (!K || !V)
      return true;
    if (R.Key && !Check(*R.Key, *K, keyReceiverName(C.Name)))
      return false;
    return R.Values.empty() ||
           Check(R.Values[0], *V, valueReceiverName(C.Name));
  }
  if (R.Op == RelationOp::Contains || R.Op == RelationOp::ContainsKey) {
    const CqlType *Elem =
        R.Op == RelationOp::ContainsKey ? mapKeyType(T) : elementType(T);
    if (!Elem || R.Values.empty())
      return true;
    return Check(R.Values[0], *Elem,
                 R.Op == RelationOp::ContainsKey ? keyReceiverName(C.Name)
                                                 : valueReceiverName(C.Name));
  }
  if (R.Op == RelationOp::In && R.InMarker)
    return true;
  for (const Term &V : R.Values)
    if (!Check(V, T, C.Name))
      return false;
  return true;
}

/// Literal nulls Cassandra refuses when it builds the partition keys, the
/// clustering bounds and the row filter of the query.
void Analyzer::collectNullValues() {
  auto HasNull = [](const std::vector<Term> &Values) {
    return std::any_of(Values.begin(), Values.end(),
                       [](const Term &V) { return V.isNull(); });
  };
  for (std::vector<Restriction> *Group : {&A.PartitionKey, &A.Clustering})
    for (const Restriction &R : *Group)
      if (!R.MultiColumn && R.isEqOrIn() && !R.Source->InMarker &&
          HasNull(R.Source->Values))
        A.AtExecution.push_back(
            {fmt::format("Invalid null value in condition for column {}",
                         R.Column->Name),
             R.Source->Range, false});
  // A multi-column slice names the first null element's column.
  const Relation *Last = nullptr;
  for (const Restriction &R : A.Clustering) {
    const Relation &Rel = *R.Source;
    if (!R.MultiColumn || !R.isSlice() || &Rel == Last || Rel.Values.empty() ||
        Rel.Values[0].Kind != Term::Tuple)
      continue;
    Last = &Rel;
    const std::vector<Term> &Elements = Rel.Values[0].Children;
    for (size_t I = 0; I < Elements.size() && I < Rel.Columns.size(); ++I)
      if (Elements[I].isNull()) {
        A.AtExecution.push_back(
            {fmt::format("Invalid null value in condition for column {}",
                         Rel.Columns[I].Name),
             Elements[I].Range, false});
        break;
      }
  }
  for (const Restriction &R : A.Other) {
    if (R.ServingIndex)
      continue;
    const Relation &Rel = *R.Source;
    if (Rel.Target == Relation::MapElement) {
      if (Rel.Key && Rel.Key->isNull())
        A.AtExecution.push_back(
            {fmt::format("Unsupported null map key for column {}",
                         R.Column->Name),
             Rel.Range, false});
      else if (!Rel.Values.empty() && Rel.Values[0].isNull())
        A.AtExecution.push_back(
            {fmt::format("Unsupported null map value for column {}",
                         R.Column->Name),
             Rel.Range, false});
      continue;
    }
    if ((R.Op == RelationOp::Eq || R.isSlice() ||
         R.Op == RelationOp::Contains || R.Op == RelationOp::ContainsKey) &&
        !Rel.Values.empty() && Rel.Values[0].isNull())
      A.AtExecution.push_back(
          {fmt::format("Unsupported null value for column {}", R.Column->Name),
           Rel.Range, false});
  }
}

/// The value tuples of a multi-column relation: as many elements as
/// columns (Tuples.Literal), each prepared against its column.
void Analyzer::checkTupleValues(const Relation &R) {
  if (R.Op == RelationOp::In && R.InMarker)
    return;
  for (const Term &V : R.Values) {
    if (V.Kind != Term::Tuple)
      continue; // a bind marker for the whole tuple
    if (V.Children.size() != R.Columns.size()) {
      reject(V.Range, fmt::format("Expected {} elements in value tuple, but "
                                  "got {}: {}",
                                  R.Columns.size(), V.Children.size(),
                                  describeTerm(V)));
      return;
    }
    for (size_t I = 0; I < V.Children.size(); ++I) {
      const CqlColumn *C = Table.column(R.Columns[I].Name);
      if (!C)
        continue;
      if (std::optional<std::string> E =
              prepareError(V.Children[I], C->Type, C->Name, Options.Types)) {
        reject(V.Children[I].Range, *E);
        return;
      }
    }
  }
}

void Analyzer::addRestriction(const Relation &R, const CqlColumn &C,
                              bool MultiColumn) {
  std::vector<Restriction> *Group = &A.Other;
  if (C.Role == ColumnRole::PartitionKey)
    Group = &A.PartitionKey;
  else if (C.Role == ColumnRole::Clustering)
    Group = &A.Clustering;

  // Merge with earlier restrictions of the same column (Cassandra's
  // mergeWith): equality and IN admit nothing else; bounds at most one each.
  for (const Restriction &Prev : *Group) {
    if (Prev.Column != &C)
      continue;
    if (MultiColumn != Prev.MultiColumn) {
      if (mergeSingleWithMulti(Prev, R, C, MultiColumn))
        continue;
      return;
    }
    if (MultiColumn && Prev.Source == &R)
      continue;
    if (Prev.Source->Target == Relation::MapElement ||
        R.Target == Relation::MapElement)
      continue;
    RelationOp P = Prev.Op, N = R.Op;
    auto IsContains = [](RelationOp Op) {
      return Op == RelationOp::Contains || Op == RelationOp::ContainsKey;
    };
    if (IsContains(P) && IsContains(N))
      continue;
    if (P == RelationOp::Eq) {
      reject(R.Range, fmt::format("{} cannot be restricted by more than one "
                                  "relation if it includes an Equal",
                                  C.Name));
      return;
    }
    if (P == RelationOp::In) {
      reject(R.Range, fmt::format("{} cannot be restricted by more than one "
                                  "relation if it includes a IN",
                                  C.Name));
      return;
    }
    if (isSliceOp(P) && (N == RelationOp::Eq || N == RelationOp::In)) {
      reject(R.Range,
             fmt::format("Column \"{}\" cannot be restricted by both an "
                         "equality and an inequality relation",
                         C.Name));
      return;
    }
    bool PStart = P == RelationOp::Gt || P == RelationOp::Ge;
    bool NStart = N == RelationOp::Gt || N == RelationOp::Ge;
    if (isSliceOp(P) && isSliceOp(N) && PStart == NStart) {
      reject(R.Range,
             fmt::format("More than one restriction was found for the {} bound "
                         "on {}",
                         NStart ? "start" : "end", C.Name));
      return;
    }
  }

  Restriction Res;
  Res.Column = &C;
  Res.Source = &R;
  Res.Op = R.Op;
  Res.MultiColumn = MultiColumn;
  if (!MultiColumn)
    Res.ServingIndex =
        servingIndex(Table, C, R.Op, R.Target == Relation::MapElement);
  Group->push_back(Res);
}

/// Merging a single-column restriction with a multi-column one on the same
/// column (Cassandra's SingleColumnRestriction / MultiColumnRestriction
/// mergeWith). Returns true when they combine.
bool Analyzer::mergeSingleWithMulti(const Restriction &Prev, const Relation &R,
                                    const CqlColumn &C, bool NewIsMulti) {
  RelationOp P = Prev.Op, N = R.Op;
  if (P == RelationOp::Eq || (P == RelationOp::In && !Prev.MultiColumn)) {
    reject(R.Range, fmt::format("{} cannot be restricted by more than one "
                                "relation if it includes {}",
                                C.Name,
                                P == RelationOp::Eq ? "an Equal" : "a IN"));
    return false;
  }
  if (isSliceOp(P) && (N == RelationOp::Eq || N == RelationOp::In)) {
    reject(R.Range, fmt::format("Column \"{}\" cannot be restricted by both "
                                "an equality and an inequality relation",
                                C.Name));
    return false;
  }
  if (isSliceOp(P) && isSliceOp(N)) {
    // Slices combine only when both start with the same column.
    const Relation &Multi = NewIsMulti ? R : *Prev.Source;
    bool SameStart = !Multi.Columns.empty() && Multi.Columns[0].Name == C.Name;
    if (!SameStart) {
      reject(R.Range, fmt::format("Column \"{}\" cannot be restricted by two "
                                  "inequalities not starting with the same "
                                  "column",
                                  C.Name));
      return false;
    }
    // Then at most one start and one end bound (SliceRestriction.mergeWith),
    // named by the columns the two have in common: here the one.
    bool PStart = P == RelationOp::Gt || P == RelationOp::Ge;
    bool NStart = N == RelationOp::Gt || N == RelationOp::Ge;
    if (PStart == NStart) {
      reject(R.Range, fmt::format("More than one restriction was found for the "
                                  "{} bound on {}",
                                  NStart ? "start" : "end", C.Name));
      return false;
    }
  }
  return true;
}

void Analyzer::checkToken(const Relation &R) {
  // Relation.toRestriction refuses != before looking at the columns.
  if (R.Op == RelationOp::Neq) {
    reject(R.Range,
           fmt::format("Unsupported \"!=\" relation: {}", describeRelation(R)));
    return;
  }
  std::vector<const CqlColumn *> Pk = Table.partitionKey();
  std::vector<std::string> Seen;
  for (const Identifier &Id : R.Columns) {
    const CqlColumn *C = Table.column(Id.Name);
    if (!C || C->Role != ColumnRole::PartitionKey) {
      reject(R.Range, "The token() function must contains only partition key "
                      "components");
      return;
    }
    if (std::find(Seen.begin(), Seen.end(), Id.Name) != Seen.end()) {
      reject(R.Range, "The token() function contains duplicate partition key "
                      "components");
      return;
    }
    Seen.push_back(Id.Name);
  }
  if (Seen.size() != Pk.size()) {
    reject(R.Range, "The token() function must be applied to all partition key "
                    "components or none of them");
    return;
  }
  for (size_t I = 0; I < Pk.size(); ++I)
    if (Seen[I] != Pk[I]->Name) {
      std::vector<std::string> Names;
      for (const CqlColumn *C : Pk)
        Names.push_back(C->Name);
      reject(R.Range, fmt::format("The token function arguments must be in the "
                                  "partition key order: {}",
                                  joinNames(Names)));
      return;
    }
  // TokenRelation.toTerm: the value against "partition key token", of the
  // partitioner's token type (bigint for Murmur3Partitioner, the default).
  if (!R.Values.empty())
    if (std::optional<std::string> E =
            prepareError(R.Values[0], nativeType("bigint"),
                         "partition key token", Options.Types))
      reject(R.Values[0].Range, *E); // the relation keeps its shape
  if (!mergeToken(R, Seen))
    return;
  A.TokenRelations.push_back(&R);
}

/// TokenRestriction.mergeWith: an equality admits nothing else, and a slice
/// at most one start and one end bound.
bool Analyzer::mergeToken(const Relation &R,
                          const std::vector<std::string> &Columns) {
  std::string Names = joinNames(Columns);
  auto IsStart = [](RelationOp Op) {
    return Op == RelationOp::Gt || Op == RelationOp::Ge;
  };
  for (const Relation *Prev : A.TokenRelations) {
    if (Prev->Op == RelationOp::Eq) {
      reject(R.Range, fmt::format("{} cannot be restricted by more than one "
                                  "relation if it includes an Equal",
                                  Names));
      return false;
    }
    if (!isSliceOp(Prev->Op))
      continue;
    if (!isSliceOp(R.Op)) {
      reject(R.Range, fmt::format("Columns \"{}\" cannot be restricted by "
                                  "both an equality and an inequality "
                                  "relation",
                                  Names));
      return false;
    }
    if (IsStart(Prev->Op) == IsStart(R.Op)) {
      reject(R.Range, fmt::format("More than one restriction was found for "
                                  "the {} bound on {}",
                                  IsStart(R.Op) ? "start" : "end", Names));
      return false;
    }
  }
  return true;
}

void Analyzer::addRelations(const std::vector<Relation> &Where) {
  for (const Relation &R : Where) {
    switch (R.Target) {
    case Relation::CustomIndex:
      continue;
    case Relation::Token:
      checkToken(R);
      continue;
    case Relation::ColumnTuple: {
      bool Ok = true;
      const CqlColumn *Previous = nullptr;
      for (size_t I = 0; I < R.Columns.size(); ++I) {
        const CqlColumn *C = Table.column(R.Columns[I].Name);
        if (!C) {
          Ok = false;
          break;
        }
        if (C->Role != ColumnRole::Clustering) {
          reject(R.Range, fmt::format("Multi-column relations can only be "
                                      "applied to clustering columns but was "
                                      "applied to: {}",
                                      C->Name));
          Ok = false;
          break;
        }
        // MultiColumnRelation.receivers: each column once, in key order.
        bool Twice = std::any_of(R.Columns.begin(), R.Columns.begin() + I,
                                 [&](const Identifier &Id) {
                                   return Id.Name == C->Name;
                                 });
        if (Twice) {
          reject(R.Range, fmt::format("Column \"{}\" appeared twice in a "
                                      "relation: {}",
                                      C->Name, describeRelation(R)));
          Ok = false;
          break;
        }
        if (Previous && C->Position != Previous->Position + 1) {
          reject(R.Range, fmt::format("Clustering columns must appear in the "
                                      "PRIMARY KEY order in multi-column "
                                      "relations: {}",
                                      describeRelation(R)));
          Ok = false;
          break;
        }
        Previous = C;
      }
      if (!Ok)
        continue;
      checkTupleValues(R);
      for (const Identifier &Id : R.Columns)
        addRestriction(R, *Table.column(Id.Name), /*MultiColumn=*/true);
      continue;
    }
    case Relation::Column:
    case Relation::MapElement: {
      if (R.Columns.empty())
        continue;
      const CqlColumn *C = Table.column(R.Columns[0].Name);
      if (!C)
        continue; // unknown-column is reported by the binder
      if (!checkRelationLevel(R, *C))
        continue;
      // A refused value leaves the restriction's shape as it is.
      checkRelationValues(R, *C);
      addRestriction(R, *C, /*MultiColumn=*/false);
      continue;
    }
    }
  }
}

void Analyzer::classifyPartitionKey() {
  if (!A.TokenRelations.empty()) {
    A.Scope = PartitionScope::TokenRange;
    return;
  }
  if (A.PartitionKey.empty()) {
    A.Scope = PartitionScope::All;
    return;
  }
  std::vector<const CqlColumn *> Pk = Table.partitionKey();
  unsigned Count = 1;
  bool CountKnown = true;
  for (const CqlColumn *C : Pk) {
    const Restriction *EqOrIn = nullptr;
    for (const Restriction &R : A.PartitionKey)
      if (R.Column == C && R.isEqOrIn())
        EqOrIn = &R;
    if (!EqOrIn) {
      A.Scope = PartitionScope::Filtered;
      return;
    }
    if (EqOrIn->Op == RelationOp::In) {
      A.PartitionHasIn = true;
      if (EqOrIn->Source->InMarker)
        CountKnown = false;
      else
        Count *= static_cast<unsigned>(EqOrIn->Source->Values.size());
    }
  }
  // Restrictions beyond = / IN (a slice next to an equality is a merge
  // error, reported already) still leave the key known.
  A.Scope = PartitionScope::Known;
  A.PartitionCount = CountKnown ? Count : 0;
  A.PartitionCountKnown = CountKnown;
}

void Analyzer::classifyClustering(bool AnyIndex) {
  std::vector<const CqlColumn *> Ck = Table.clustering();
  A.NarrowsClustering = !A.Clustering.empty();
  // Walk the clustering columns in key order.
  bool SeenSlice = false;
  std::string SliceColumn;
  // The relations of the slice: a multi-column slice spans later columns.
  std::vector<const Relation *> SliceSources;
  const Relation *SliceFirst = nullptr;
  size_t RestrictedSoFar = 0;
  for (size_t I = 0; I < Ck.size(); ++I) {
    std::vector<const Restriction *> Here;
    for (const Restriction &R : A.Clustering)
      if (R.Column == Ck[I])
        Here.push_back(&R);
    if (Here.empty())
      continue;
    const Restriction &First = *Here.front();
    bool Served = std::all_of(Here.begin(), Here.end(),
                              [](const Restriction *R) { return R->ServingIndex; });
    bool Contains = std::any_of(Here.begin(), Here.end(), [](const Restriction *R) {
      return R->Op == RelationOp::Contains || R->Op == RelationOp::ContainsKey;
    });
    if (Contains) {
      A.ClusteringIsPrefix = false;
      if (!AnyIndex)
        reject(First.Source->Range,
               "Clustering columns can only be restricted with CONTAINS with a "
               "secondary index or filtering",
               /*Liftable=*/true);
    } else if (SeenSlice &&
               std::all_of(Here.begin(), Here.end(), [&](const Restriction *R) {
                 return R->MultiColumn &&
                        std::find(SliceSources.begin(), SliceSources.end(),
                                  R->Source) != SliceSources.end();
               })) {
      // The same multi-column slice, (c1, c2) > (1, 2): one restriction.
    } else if (SeenSlice) {
      A.ClusteringIsPrefix = false;
      // Written before the slice it follows, Cassandra names it a PRIMARY
      // KEY column.
      bool WrittenFirst =
          SliceFirst && First.Source->Range.Begin < SliceFirst->Range.Begin;
      if (!Served)
        reject(First.Source->Range,
               fmt::format("{} \"{}\" cannot be restricted (preceding column "
                           "\"{}\" is restricted by a non-EQ relation)",
                           WrittenFirst ? "PRIMARY KEY column"
                                        : "Clustering column",
                           Ck[I]->Name, SliceColumn),
               /*Liftable=*/true);
    } else if (RestrictedSoFar != I) {
      A.ClusteringIsPrefix = false;
      if (!AnyIndex)
        reject(First.Source->Range,
               fmt::format("PRIMARY KEY column \"{}\" cannot be restricted as "
                           "preceding column \"{}\" is not restricted",
                           Ck[I]->Name, Ck[RestrictedSoFar]->Name),
               /*Liftable=*/true);
    }
    ++RestrictedSoFar;
    bool HasSlice = std::any_of(Here.begin(), Here.end(),
                                [](const Restriction *R) { return R->isSlice(); });
    if (HasSlice && !SeenSlice) {
      SeenSlice = true;
      SliceColumn = Ck[I]->Name;
      for (const Restriction *R : Here)
        if (R->isSlice()) {
          SliceSources.push_back(R->Source);
          if (!SliceFirst || R->Source->Range.Begin < SliceFirst->Range.Begin)
            SliceFirst = R->Source;
        }
    }
  }
}

void Analyzer::decideFiltering() {
  // A ScyllaDB local index answers only inside a partition given by =.
  if (A.Scope != PartitionScope::Known || A.PartitionHasIn)
    for (std::vector<Restriction> *Group : {&A.PartitionKey, &A.Clustering, &A.Other})
      for (Restriction &R : *Group)
        if (R.ServingIndex && R.ServingIndex->Kind == IndexKind::ScyllaLocal)
          R.ServingIndex = nullptr;
  auto Served = [](const Restriction &R) { return R.ServingIndex != nullptr; };
  bool AnyIndex =
      std::any_of(A.PartitionKey.begin(), A.PartitionKey.end(), Served) ||
      std::any_of(A.Clustering.begin(), A.Clustering.end(), Served) ||
      std::any_of(A.Other.begin(), A.Other.end(), Served);

  classifyClustering(AnyIndex);

  bool KeyRange = A.Scope != PartitionScope::Known;
  A.UsesIndex = AnyIndex && (KeyRange || !A.ClusteringIsPrefix || !A.Other.empty());

  // Cassandra refuses an index read with IN on the partition key outright.
  if (A.UsesIndex && A.PartitionHasIn)
    reject(A.PartitionKey.front().Source->Range,
           "Select on indexed columns and with IN clause for the PRIMARY KEY "
           "are not supported");

  // The restrictions Cassandra evaluates row by row.
  for (const Restriction &R : A.Other)
    A.Filter.push_back(&R);
  if (!A.ClusteringIsPrefix || (KeyRange && A.UsesIndex))
    for (const Restriction &R : A.Clustering)
      A.Filter.push_back(&R);
  if (A.Scope == PartitionScope::Filtered && A.UsesIndex)
    for (const Restriction &R : A.PartitionKey)
      A.Filter.push_back(&R);

  bool Needs = false;
  if (A.Scope == PartitionScope::Filtered && !AnyIndex)
    Needs = true;
  if (!A.Other.empty() && !AnyIndex)
    Needs = true;
  for (const Rejection &R : A.Rejections)
    Needs |= R.LiftedByAllowFiltering;
  if (!A.ClusteringIsPrefix && !AnyIndex)
    Needs = true;

  if (KeyRange || A.UsesIndex) {
    if (A.Filter.empty()) {
      // A key range with clustering restrictions but nothing an index could
      // take: every partition is read and filtered.
      if (KeyRange && !A.Clustering.empty())
        Needs = true;
    } else {
      bool AllSai = std::all_of(A.Filter.begin(), A.Filter.end(),
                                [](const Restriction *R) {
                                  return R->ServingIndex &&
                                         (R->ServingIndex->Kind == IndexKind::Sai ||
                                          R->ServingIndex->Kind == IndexKind::Sasi ||
                                          R->ServingIndex->Kind == IndexKind::Custom);
                                });
      bool OneIndex = A.Filter.size() == 1 && A.Filter.front()->ServingIndex;
      if (!AllSai && !OneIndex)
        Needs = true;
    }
  }
  A.NeedsFiltering = Needs;

  if (!Needs)
    return;
  // What makes it filter: restrictions that no key or index serves.
  for (const Restriction &R : A.Other)
    if (!R.ServingIndex)
      A.Unserved.push_back(&R);
  if (A.Scope == PartitionScope::Filtered)
    for (const Restriction &R : A.PartitionKey)
      if (!R.ServingIndex)
        A.Unserved.push_back(&R);
  if (KeyRange || !A.ClusteringIsPrefix)
    for (const Restriction &R : A.Clustering)
      if (!R.ServingIndex)
        A.Unserved.push_back(&R);
  // Several indexed restrictions that no single index group answers.
  if (A.Unserved.empty())
    for (const Restriction *R : A.Filter)
      A.Unserved.push_back(R);
  std::sort(A.Unserved.begin(), A.Unserved.end(),
            [](const Restriction *X, const Restriction *Y) {
              return X->Source->Range.Begin < Y->Source->Range.Begin;
            });
  A.Unserved.erase(std::unique(A.Unserved.begin(), A.Unserved.end()),
                   A.Unserved.end());
}

void noteMultiColumnSliceFilters(const CqlTable &Table, SelectAnalysis &A) {
  unsigned Position = 0;
  std::vector<const Relation *> Seen;
  for (const CqlColumn *C : Table.clustering())
    for (const Restriction &R : A.Clustering) {
      if (R.Column != C ||
          std::find(Seen.begin(), Seen.end(), R.Source) != Seen.end())
        continue;
      Seen.push_back(R.Source);
      const Relation &Rel = *R.Source;
      const CqlColumn *First =
          R.MultiColumn && !Rel.Columns.empty() ? Table.column(Rel.Columns[0].Name)
                                                : R.Column;
      if (!First)
        continue;
      bool Contains = R.Op == RelationOp::Contains ||
                      R.Op == RelationOp::ContainsKey ||
                      R.Op == RelationOp::Like;
      if (Contains || First->Position != Position || R.ServingIndex) {
        if (R.MultiColumn && R.isSlice()) {
          A.AtExecution.push_back({"Multi-column slice restrictions cannot be "
                                   "used for filtering.",
                                   Rel.Range, false});
          return;
        }
        continue;
      }
      if (!R.isSlice()) {
        const CqlColumn *Last =
            R.MultiColumn ? Table.column(Rel.Columns.back().Name) : R.Column;
        if (Last)
          Position = Last->Position + 1;
      }
    }
}

SelectAnalysis analyzeWhere(const std::vector<Relation> &Where,
                            const CqlTable &Table,
                            const AnalysisOptions &Options) {
  SelectAnalysis A;
  A.Table = &Table;
  Analyzer Z(Table, Options, A);
  Z.addRelations(Where);
  Z.classifyPartitionKey();
  Z.collectNullValues();
  return A;
}

SelectAnalysis analyzeSelect(const SelectStatement &S, const CqlTable &Table,
                             const AnalysisOptions &Options) {
  if (Options.ScyllaDb)
    return analyzeScyllaSelect(S, Table, Options);
  SelectAnalysis A;
  A.Table = &Table;
  Analyzer Z(Table, Options, A);
  Z.addRelations(S.Where);
  Z.classifyPartitionKey();
  Z.decideFiltering();
  Z.collectNullValues();
  return A;
}

} // namespace nosqlint::check
