//===- WriteRules.cpp - invalid-query for INSERT, UPDATE and DELETE -------===//
//
// Cassandra's key requirements for writes (ModificationStatement with the
// UPDATE/DELETE statement types): the full partition key by = or IN; every
// clustering column for INSERT and UPDATE; a clustering prefix (with a
// slice on its last column) for DELETE; only key columns in WHERE; counter,
// conditional-update and view rules.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include "Describe.h"
#include "LiteralTypes.h"
#include "ScyllaRestrictions.h"

#include <fmt/format.h>

namespace nosqlint::check {

using namespace nosqlint::cql;
using schema::ColumnRole;
using schema::CqlColumn;
using schema::CqlTable;

namespace {

class WriteChecker {
public:
  WriteChecker(const StatementContext &C, const char *Kind)
      : C(C), T(*C.Table), Kind(Kind) {}

  void reject(SourceRange Range, std::string Message) {
    Reasons.push_back({std::move(Message), Range, false});
  }
  void rejectAtExecution(SourceRange Range, std::string Message) {
    AtExecution.push_back({std::move(Message), Range, false});
  }
  void flush();

  /// The typed-literal checks are Cassandra's (ScyllaDB's wording and
  /// verdicts are not modelled here).
  bool typesLiterals() const { return !C.analysisOptions().ScyllaDb; }
  /// The UDTs of the table's keyspace, for UDT literals.
  TypeScope typeScope() const {
    return TypeScope{C.Checker.catalog().keyspace(T.Keyspace)};
  }
  /// \p V prepared against a receiver (Term.Raw.prepare); false if refused.
  bool checkValue(const Term &V, const CqlType &Type,
                  const std::string &Receiver);
  void checkAssignment(const Assignment &A, const CqlColumn &Col);
  void checkDeleteTarget(const DeleteTarget &Target, const CqlColumn &Col);

  void checkView(const QualifiedName &Name);
  void checkUsing(const UsingOptions &U, bool Conditional);
  void checkWhere(const std::vector<Relation> &Where, bool AllowsRanges,
                  bool OnlyStatic, bool Conditional);
  /// ScyllaDB's WHERE rules for writes (ScyllaRestrictions.cpp).
  void checkScyllaWhere(const std::vector<Relation> &Where,
                        const ScyllaWriteShape &Shape);
  void checkConditions(const std::vector<Condition> &Conditions,
                       bool IfExists);

  const StatementContext &C;
  const CqlTable &T;
  const char *Kind; // "UPDATE", "DELETE"
  SelectAnalysis Where;
  std::vector<Rejection> Reasons;
  /// What fails only when the statement runs (reported when nothing else
  /// refuses it).
  std::vector<Rejection> AtExecution;
};

} // namespace

void WriteChecker::flush() {
  if (Reasons.empty())
    Reasons = AtExecution;
  if (Reasons.empty())
    return;
  DiagnosticBuilder B = C.report(
      RuleId::InvalidQuery, Reasons.front().Range,
      fmt::format("{} rejects this statement: \"{}\"",
                  databaseName(C.analysisOptions()), Reasons.front().Message));
  for (size_t I = 1; I < Reasons.size(); ++I)
    B.note(Reasons[I].Range,
           fmt::format("also rejected: \"{}\"", Reasons[I].Message));
  noteTable(B, T);
}

bool WriteChecker::checkValue(const Term &V, const CqlType &Type,
                              const std::string &Receiver) {
  if (!typesLiterals())
    return true;
  if (std::optional<std::string> E =
          prepareError(V, Type, Receiver, typeScope())) {
    reject(V.Range, *E);
    return false;
  }
  if (std::optional<std::string> E = bindError(V, Type))
    rejectAtExecution(V.Range, *E);
  return true;
}

/// Operation.RawUpdate.prepare for one SET assignment: the operation must
/// suit the column, then its terms are prepared against the column or its
/// elements.
void WriteChecker::checkAssignment(const Assignment &A, const CqlColumn &Col) {
  const CqlType &Ty = Col.Type;
  std::string Name = Col.Name;
  switch (A.Kind) {
  case Assignment::Set:
    if (!Ty.isCounter())
      checkValue(A.Value, Ty, Name);
    return;
  case Assignment::SetElement: {
    std::string Op = fmt::format("{}[{}] = {}", Name,
                                 A.Element ? cassandraTermText(*A.Element) : "",
                                 cassandraTermText(A.Value));
    if (!Ty.isCollection()) {
      reject(A.Range, fmt::format("Invalid operation ({}) for non collection "
                                  "column {}",
                                  Op, Name));
      return;
    }
    if (Ty.Frozen)
      return; // reported with the frozen-collection message
    if (Ty.Kind == CqlType::Set) {
      reject(A.Range,
             fmt::format("Invalid operation ({}) for set column {}", Op, Name));
      return;
    }
    const CqlType *Elem = elementType(Ty);
    if (!Elem || !A.Element)
      return;
    if (Ty.Kind == CqlType::List) {
      CqlType Index = nativeType("int");
      if (!checkValue(*A.Element, Index, indexReceiverName(Name)) ||
          !checkValue(A.Value, *Elem, valueReceiverName(Name)))
        return;
      if (A.Element->isNull())
        rejectAtExecution(A.Element->Range,
                          "Invalid null value for list index");
      return;
    }
    if (!checkValue(*A.Element, *mapKeyType(Ty), keyReceiverName(Name)) ||
        !checkValue(A.Value, *Elem, valueReceiverName(Name)))
      return;
    if (A.Element->isNull())
      rejectAtExecution(A.Element->Range, "Invalid null map key");
    return;
  }
  case Assignment::SetField:
    if (Ty.Kind != CqlType::Udt)
      reject(A.Range,
             fmt::format("Invalid operation ({}.{} = {}) for non-UDT column {}",
                         Name, A.Field ? A.Field->Name : "",
                         cassandraTermText(A.Value), Name));
    return;
  case Assignment::Add:
  case Assignment::Subtract: {
    if (Ty.isCounter()) {
      checkValue(A.Value, Ty, Name);
      return;
    }
    if (!Ty.isCollection() || Ty.Frozen)
      return; // the operation itself is refused (reported above)
    if (Ty.Kind != CqlType::Map) {
      checkValue(A.Value, Ty, Name);
      return;
    }
    // A map takes a map to add and a set of its keys to remove; any refusal
    // of the value is reworded.
    CqlType Receiver = Ty;
    if (A.Kind == Assignment::Subtract) {
      Receiver.Kind = CqlType::Set;
      Receiver.Params.resize(1);
    }
    if (prepareError(A.Value, Receiver, Name, typeScope())) {
      std::string Message = A.Kind == Assignment::Add
                                ? "Value for a map addition has to be a map, "
                                  "but was: '"
                                : "Value for a map substraction has to be a "
                                  "set, but was: '";
      Message += cassandraTermText(A.Value);
      Message += "'";
      reject(A.Value.Range, std::move(Message));
    }
    else if (std::optional<std::string> E = bindError(A.Value, Receiver))
      rejectAtExecution(A.Value.Range, *E);
    return;
  }
  case Assignment::Prepend:
    if (Ty.Kind == CqlType::List)
      checkValue(A.Value, Ty, Name);
    return;
  }
}

/// Operation.ElementDeletion / FieldDeletion.prepare.
void WriteChecker::checkDeleteTarget(const DeleteTarget &Target,
                                     const CqlColumn &Col) {
  const CqlType &Ty = Col.Type;
  if (Target.Element) {
    if (!Ty.isCollection()) {
      reject(Target.Range, fmt::format("Invalid deletion operation for non "
                                       "collection column {}",
                                       Col.Name));
      return;
    }
    if (Ty.Frozen) {
      reject(Target.Range, fmt::format("Invalid deletion operation for frozen "
                                       "collection column {}",
                                       Col.Name));
      return;
    }
    if (Ty.Kind == CqlType::List)
      checkValue(*Target.Element, nativeType("int"),
                 indexReceiverName(Col.Name));
    else if (Ty.Kind == CqlType::Set)
      checkValue(*Target.Element, *elementType(Ty),
                 valueReceiverName(Col.Name));
    else if (const CqlType *K = mapKeyType(Ty))
      checkValue(*Target.Element, *K, keyReceiverName(Col.Name));
    return;
  }
  if (Target.Field) {
    if (Ty.Kind != CqlType::Udt)
      reject(Target.Range, fmt::format("Invalid field deletion operation for "
                                       "non-UDT column {}",
                                       Col.Name));
    else if (Ty.Frozen)
      reject(Target.Range, fmt::format("Frozen UDT column {} does not support "
                                       "field deletions",
                                       Col.Name));
  }
}

void WriteChecker::checkView(const QualifiedName &Name) {
  if (T.IsView)
    reject(Name.Range, "Cannot directly modify a materialized view");
}

void WriteChecker::checkUsing(const UsingOptions &U, bool Conditional) {
  // (TTL and TIMESTAMP take an integer or a bind marker; anything else is a
  // syntax error to Cassandra, not a typed literal.)
  if (U.Ttl)
    if (std::optional<long long> Ttl = literalInteger(*U.Ttl)) {
      // Attributes.MAX_TTL, 20 years.
      constexpr long long MaxTtl = 20LL * 365 * 24 * 60 * 60;
      if (*Ttl < 0)
        reject(U.Ttl->Range,
               fmt::format("A TTL must be greater or equal to 0, but was {}",
                           *Ttl));
      else if (*Ttl > MaxTtl && *Ttl <= 2147483647LL && typesLiterals())
        reject(U.Ttl->Range,
               fmt::format("ttl is too large. requested ({}) maximum ({})",
                           *Ttl, MaxTtl));
    }
  if (T.isCounterTable()) {
    if (U.Timestamp)
      reject(U.Timestamp->Range,
             "Cannot provide custom timestamp for counter updates");
    if (U.Ttl)
      reject(U.Ttl->Range, "Cannot provide custom TTL for counter updates");
  }
  if (Conditional && U.Timestamp)
    reject(U.Timestamp->Range,
           "Cannot provide custom timestamp for conditional updates");
}

void WriteChecker::checkScyllaWhere(const std::vector<Relation> &Relations,
                                    const ScyllaWriteShape &Shape) {
  Where = analyzeScyllaWhere(Relations, T, Shape.Kind, Shape.ModifiesOnlyStatic);
  for (Rejection &R : scyllaWriteRejections(Where, T, Shape))
    Reasons.push_back(std::move(R));
}

void WriteChecker::checkWhere(const std::vector<Relation> &Relations,
                              bool AllowsRanges, bool OnlyStatic,
                              bool Conditional) {
  Where = analyzeWhere(Relations, T, C.analysisOptions());
  for (const Relation &R : Relations)
    if (R.Op == RelationOp::Contains || R.Op == RelationOp::ContainsKey) {
      reject(R.Range, fmt::format("Cannot use {} with {}", Kind,
                                  relationOpSpelling(R.Op).str()));
      return;
    }
  for (const Rejection &R : Where.Rejections)
    Reasons.push_back(R);
  for (const Rejection &R : Where.AtExecution)
    AtExecution.push_back(R);
  for (const Relation *R : Where.TokenRelations)
    reject(R->Range, fmt::format("The token function cannot be used in WHERE "
                                 "clauses for {} statements",
                                 Kind));
  for (const Restriction &R : Where.PartitionKey)
    if (!R.isEqOrIn()) {
      reject(R.Source->Range,
             fmt::format("Only EQ and IN relation are supported on the "
                         "partition key (unless you use the token() function) "
                         "for {} statements",
                         Kind));
      break;
    }
  if (Where.TokenRelations.empty()) {
    std::vector<std::string> Missing;
    for (const CqlColumn *K : T.partitionKey()) {
      bool Given = false;
      for (const Restriction &R : Where.PartitionKey)
        Given |= R.Column == K && R.isEqOrIn();
      if (!Given)
        Missing.push_back(K->Name);
    }
    if (!Missing.empty())
      reject(C.Statement.Range, fmt::format("Some partition key parts are "
                                            "missing: {}",
                                            joinNames(Missing)));
  }
  for (const Restriction &R : Where.Other) {
    reject(R.Source->Range, fmt::format("Non PRIMARY KEY columns found in where "
                                        "clause: {} ",
                                        R.Column->Name));
    break;
  }
  if (Conditional) {
    for (const Restriction &R : Where.PartitionKey)
      if (R.Op == RelationOp::In &&
          (R.Source->InMarker || R.Source->Values.size() != 1)) {
        reject(R.Source->Range,
               fmt::format("IN on the partition key is not supported with "
                           "conditional {}",
                           std::string(Kind) == "DELETE" ? "deletions"
                                                         : "updates"));
        break;
      }
  }

  std::vector<const CqlColumn *> Ck = T.clustering();
  if (OnlyStatic) {
    if (!Where.Clustering.empty())
      reject(Where.Clustering.front().Source->Range,
             fmt::format("Invalid restrictions on clustering columns since the "
                         "{} statement modifies only static columns",
                         Kind));
    return;
  }
  if (!AllowsRanges) {
    for (const Restriction &R : Where.Clustering)
      if (R.isSlice()) {
        reject(R.Source->Range,
               fmt::format("Slice restrictions are not supported on the "
                           "clustering columns in {} statements",
                           Kind));
        return;
      }
    std::vector<std::string> Missing;
    for (const CqlColumn *Col : Ck) {
      bool Given = false;
      for (const Restriction &R : Where.Clustering)
        Given |= R.Column == Col;
      if (!Given)
        Missing.push_back(Col->Name);
    }
    if (!Missing.empty())
      reject(C.Statement.Range, fmt::format("Some clustering keys are missing: "
                                            "{}",
                                            joinNames(Missing)));
  } else {
    // DELETE: a prefix, with a slice allowed on its last column only.
    size_t Given = 0;
    bool Slice = false;
    const Relation *SliceSource = nullptr;
    for (size_t I = 0; I < Ck.size(); ++I) {
      const Restriction *Here = nullptr;
      for (const Restriction &R : Where.Clustering)
        if (R.Column == Ck[I])
          Here = &R;
      if (!Here)
        continue;
      if (Slice && Here->MultiColumn && Here->Source == SliceSource) {
        ++Given; // the same tuple slice, (c1, c2) > (1, 2)
        continue;
      }
      if (Given != I) {
        reject(Here->Source->Range,
               fmt::format("PRIMARY KEY column \"{}\" cannot be restricted as "
                           "preceding column \"{}\" is not restricted",
                           Ck[I]->Name, Ck[Given]->Name));
        return;
      }
      if (Slice) {
        reject(Here->Source->Range,
               fmt::format("Clustering column \"{}\" cannot be restricted "
                           "(preceding column \"{}\" is restricted by a "
                           "non-EQ relation)",
                           Ck[I]->Name, Ck[I - 1]->Name));
        return;
      }
      if (Here->isSlice() && !Slice)
        SliceSource = Here->Source;
      Slice |= Here->isSlice();
      ++Given;
    }
  }
  if (Conditional) {
    for (const Restriction &R : Where.Clustering)
      if (R.Op == RelationOp::In) {
        reject(R.Source->Range,
               fmt::format("IN on the clustering key columns is not supported "
                           "with conditional {}",
                           std::string(Kind) == "DELETE" ? "deletions"
                                                         : "updates"));
        break;
      }
  }
}

void WriteChecker::checkConditions(const std::vector<Condition> &Conditions,
                                   bool IfExists) {
  if ((!Conditions.empty() || IfExists) && T.isCounterTable())
    reject(Conditions.empty() ? C.Statement.Range : Conditions.front().Range,
           "Conditional updates are not supported on counter tables");
  for (const Condition &Cond : Conditions) {
    const CqlColumn *Col = T.column(Cond.Column.Name);
    if (Col && Col->isPrimaryKey()) {
      reject(Cond.Range, fmt::format("PRIMARY KEY column '{}' cannot have IF "
                                     "conditions",
                                     Col->Name));
      return;
    }
  }
  if (!typesLiterals())
    return;
  // ColumnCondition.Raw.prepare: slices on durations, then the values
  // against the column (element and field conditions are left alone).
  for (const Condition &Cond : Conditions) {
    const CqlColumn *Col = T.column(Cond.Column.Name);
    if (!Col || Cond.Element || Cond.Field)
      continue;
    bool Slice = Cond.Op == RelationOp::Lt || Cond.Op == RelationOp::Le ||
                 Cond.Op == RelationOp::Gt || Cond.Op == RelationOp::Ge;
    if (Slice && referencesDuration(Col->Type)) {
      if (Col->Type.isCollection())
        reject(Cond.Range, "Slice conditions are not supported on collections "
                           "containing durations");
      else if (Col->Type.Kind == CqlType::Tuple)
        reject(Cond.Range, "Slice conditions are not supported on tuples "
                           "containing durations");
      else if (Col->Type.Kind == CqlType::Native)
        reject(Cond.Range,
               fmt::format("Slice conditions ( {} ) are not supported on "
                           "durations",
                           relationOpSpelling(Cond.Op).str()));
      continue;
    }
    bool Plain = Cond.Op == RelationOp::Eq || Cond.Op == RelationOp::Neq ||
                 Slice || (Cond.Op == RelationOp::In && !Cond.InMarker);
    if (!Plain || Col->Type.isCounter())
      continue;
    for (const Term &V : Cond.Values)
      if (!checkValue(V, Col->Type, Col->Name))
        break;
  }
}

void checkInsert(const StatementContext &C, const InsertStatement &S) {
  WriteChecker W(C, "INSERT");
  const CqlTable &T = *C.Table;
  W.checkView(S.Table);
  if (T.isCounterTable())
    W.reject(S.Table.Range, "INSERT statements are not allowed on counter "
                            "tables, use UPDATE instead");
  if (!S.Json) {
    if (S.Columns.size() != S.Values.size())
      W.reject(S.Range, "Unmatched column names/values");
    for (size_t I = 0; I < S.Columns.size(); ++I)
      for (size_t J = 0; J < I; ++J)
        if (S.Columns[I].Name == S.Columns[J].Name) {
          W.reject(S.Columns[I].Range, "The column names contains duplicates");
          I = S.Columns.size();
          break;
        }
    // Each value is prepared against its column before the key is built.
    if (S.Columns.size() == S.Values.size() && W.typesLiterals())
      for (size_t I = 0; I < S.Columns.size(); ++I) {
        const CqlColumn *Col = T.column(S.Columns[I].Name);
        if (!Col || !W.checkValue(S.Values[I], Col->Type, Col->Name))
          continue;
        if (Col->isPrimaryKey() && S.Values[I].isNull())
          W.rejectAtExecution(S.Values[I].Range,
                              fmt::format("Invalid null value in condition "
                                          "for column {}",
                                          Col->Name));
      }
    auto Named = [&](const CqlColumn *Col) {
      for (const Identifier &Id : S.Columns)
        if (Id.Name == Col->Name)
          return true;
      return false;
    };
    std::vector<std::string> MissingPk, MissingCk;
    for (const CqlColumn *K : T.partitionKey())
      if (!Named(K))
        MissingPk.push_back(K->Name);
    bool OnlyStatic = true;
    for (const Identifier &Id : S.Columns)
      if (const CqlColumn *Col = T.column(Id.Name))
        OnlyStatic &= Col->Role == ColumnRole::Static ||
                      Col->Role == ColumnRole::PartitionKey;
    for (const CqlColumn *K : T.clustering())
      if (!Named(K))
        MissingCk.push_back(K->Name);
    if (!MissingPk.empty())
      W.reject(S.Table.Range, fmt::format("Some partition key parts are "
                                          "missing: {}",
                                          joinNames(MissingPk)));
    else if (!MissingCk.empty() && !(OnlyStatic && MissingCk.size() ==
                                                       T.clustering().size()))
      W.reject(S.Table.Range, fmt::format("Some clustering keys are missing: "
                                          "{}",
                                          joinNames(MissingCk)));
  }
  W.checkUsing(S.Using, S.IfNotExists);
  W.flush();
}

/// Whether every assignment targets a static column.
static bool onlyStaticAssignments(const CqlTable &T,
                                  const std::vector<Assignment> &As) {
  if (As.empty())
    return false;
  for (const Assignment &A : As) {
    const CqlColumn *Col = T.column(A.Column.Name);
    if (!Col || Col->Role != ColumnRole::Static)
      return false;
  }
  return true;
}

void checkUpdate(const StatementContext &C, const UpdateStatement &S) {
  WriteChecker W(C, "UPDATE");
  const CqlTable &T = *C.Table;
  W.checkView(S.Table);
  for (const Assignment &A : S.Assignments) {
    const CqlColumn *Col = T.column(A.Column.Name);
    if (!Col)
      continue;
    if (Col->isPrimaryKey()) {
      W.reject(A.Column.Range,
               fmt::format("PRIMARY KEY part {} found in SET part", Col->Name));
      continue;
    }
    bool Arithmetic = A.Kind == Assignment::Add ||
                      A.Kind == Assignment::Subtract ||
                      A.Kind == Assignment::Prepend;
    const CqlType &Ty = Col->Type;
    if (Ty.isCollection() && Ty.Frozen &&
        (Arithmetic || A.Kind == Assignment::SetElement)) {
      std::string Op =
          A.Kind == Assignment::SetElement
              ? fmt::format("{}[{}] = {}", Col->Name,
                            A.Element ? describeTerm(*A.Element) : "",
                            describeTerm(A.Value))
          : A.Kind == Assignment::Prepend
              ? fmt::format("{} = {} + {}", Col->Name, describeTerm(A.Value),
                            Col->Name)
              : fmt::format("{} = {} {} {}", Col->Name, Col->Name,
                            A.Kind == Assignment::Subtract ? "-" : "+",
                            describeTerm(A.Value));
      W.reject(A.Range, fmt::format("Invalid operation ({}) for frozen "
                                    "collection column {}",
                                    Op, Col->Name));
      continue;
    }
    if (A.Kind == Assignment::SetElement && !Ty.isCollection() &&
        W.typesLiterals()) {
      W.checkAssignment(A, *Col); // not an element of anything
      continue;
    }
    if (Col->Type.isCounter() && !Arithmetic)
      W.reject(A.Range,
               fmt::format("Cannot set the value of counter column {} "
                           "(counters can only be incremented/decremented, "
                           "not set)",
                           Col->Name));
    else if (!Col->Type.isCounter() && Arithmetic && !Col->Type.isCollection())
      W.reject(A.Range, fmt::format("Invalid operation ({} = {} {} {}) for non "
                                    "counter column {}",
                                    Col->Name, Col->Name,
                                    A.Kind == Assignment::Subtract ? "-" : "+",
                                    describeTerm(A.Value), Col->Name));
    else if (W.typesLiterals())
      W.checkAssignment(A, *Col);
  }
  bool Conditional = S.IfExists || !S.Conditions.empty();
  W.checkUsing(S.Using, Conditional);
  // A condition on a regular column reads a row: it needs the whole key
  // even when only static columns are set.
  bool OnlyStatic = onlyStaticAssignments(T, S.Assignments);
  for (const Condition &Cond : S.Conditions)
    if (const CqlColumn *Col = T.column(Cond.Column.Name))
      OnlyStatic &= Col->Role != ColumnRole::Regular;
  if (C.analysisOptions().ScyllaDb) {
    ScyllaWriteShape Shape;
    Shape.Kind = ScyllaWrite::Update;
    Shape.ModifiesOnlyStatic = onlyStaticAssignments(T, S.Assignments);
    Shape.Conditional = Conditional;
    Shape.StatementRange = S.Range;
    W.checkScyllaWhere(S.Where, Shape);
  } else {
    W.checkWhere(S.Where, /*AllowsRanges=*/false, OnlyStatic, Conditional);
  }
  W.checkConditions(S.Conditions, S.IfExists);
  W.flush();
}

void checkDelete(const StatementContext &C, const DeleteStatement &S) {
  WriteChecker W(C, "DELETE");
  const CqlTable &T = *C.Table;
  W.checkView(S.Table);
  bool OnlyStatic = !S.Targets.empty();
  for (const DeleteTarget &Target : S.Targets) {
    const CqlColumn *Col = T.column(Target.Column.Name);
    if (!Col)
      continue;
    if (Col->isPrimaryKey())
      W.reject(Target.Range, fmt::format("Invalid identifier {} for deletion "
                                         "(should not be a PRIMARY KEY part)",
                                         Col->Name));
    else if (W.typesLiterals())
      W.checkDeleteTarget(Target, *Col);
    OnlyStatic &= Col->Role == ColumnRole::Static;
  }
  bool Conditional = S.IfExists || !S.Conditions.empty();
  W.checkUsing(S.Using, Conditional);
  if (C.analysisOptions().ScyllaDb) {
    ScyllaWriteShape Shape;
    Shape.Kind = ScyllaWrite::Delete;
    Shape.ModifiesOnlyStatic = OnlyStatic;
    Shape.NamesColumns = !S.Targets.empty();
    Shape.ModifiesRegular = !OnlyStatic;
    for (const DeleteTarget &Target : S.Targets)
      if (const CqlColumn *Col = T.column(Target.Column.Name))
        if (Col->Role != ColumnRole::Static &&
            Shape.FirstRegularColumn.empty())
          Shape.FirstRegularColumn = Col->Name;
    for (const Condition &Cond : S.Conditions)
      if (const CqlColumn *Col = T.column(Cond.Column.Name))
        Shape.RegularConditions |= Col->Role != ColumnRole::Static;
    Shape.Conditional = Conditional;
    Shape.StatementRange = S.Range;
    W.checkScyllaWhere(S.Where, Shape);
    W.checkConditions(S.Conditions, S.IfExists);
    W.flush();
    return;
  }
  W.checkWhere(S.Where, /*AllowsRanges=*/true, OnlyStatic, Conditional);
  W.checkConditions(S.Conditions, S.IfExists);

  std::vector<const CqlColumn *> Ck = T.clustering();
  size_t EqGiven = 0;
  for (const Restriction &R : W.Where.Clustering)
    EqGiven += R.Op == RelationOp::Eq ? 1 : 0;
  bool FullRow = EqGiven == Ck.size();
  if (Conditional && !FullRow && W.Reasons.empty()) {
    // A conditional delete needs the whole key by equality, unless it
    // touches only static columns (DeleteStatement.prepare).
    bool ConditionOnRegular = false;
    for (const Condition &Cond : S.Conditions)
      if (const CqlColumn *Col = T.column(Cond.Column.Name))
        ConditionOnRegular |= Col->Role != ColumnRole::Static;
    if (!OnlyStatic)
      W.reject(S.Range, "DELETE statements must restrict all PRIMARY KEY "
                        "columns with equality relations in order to delete "
                        "non static columns");
    else if (ConditionOnRegular)
      W.reject(S.Range, "DELETE statements must restrict all PRIMARY KEY "
                        "columns with equality relations in order to use IF "
                        "condition on non static columns");
  }
  // Deleting columns needs whole rows (an IN names several whole rows):
  // not a range or a whole partition.
  size_t RowsGiven = 0;
  for (const Restriction &R : W.Where.Clustering)
    RowsGiven += R.isEqOrIn() ? 1 : 0;
  if (!S.Targets.empty() && !OnlyStatic && RowsGiven != Ck.size() &&
      W.Reasons.empty())
    W.reject(S.Targets.front().Range,
             "Range deletions are not supported for specific columns");
  W.flush();
}

} // namespace nosqlint::check
