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
#include "ScyllaValues.h"

#include "llvm/ADT/STLExtras.h"

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

  /// ScyllaDB prepares values and SET operations its own way
  /// (ScyllaValues.h); Cassandra's are LiteralTypes.h and checkAssignment.
  bool scyllaDb() const { return C.analysisOptions().ScyllaDb; }
  /// The UDTs of the table's keyspace, for UDT literals.
  TypeScope typeScope() const {
    return TypeScope{C.Checker.catalog().keyspace(T.Keyspace)};
  }
  /// \p V prepared against a receiver (Term.Raw.prepare); false if refused.
  bool checkValue(const Term &V, const CqlType &Type,
                  const std::string &Receiver);
  void checkAssignment(const Assignment &A, const CqlColumn &Col);
  void checkDeleteTarget(const DeleteTarget &Target, const CqlColumn &Col);
  void checkSetField(const Assignment &A, const CqlColumn &Col);
  void checkPrepend(const Assignment &A, const CqlColumn &Col);
  void checkScyllaAssignment(const Assignment &A, const CqlColumn &Col,
                             bool Conditional);
  void checkDeleteField(const DeleteTarget &Target, const CqlColumn &Col);

  void checkView(const QualifiedName &Name);
  void checkUsing(const UsingOptions &U, bool Conditional);
  void checkWhere(const std::vector<Relation> &Where, bool AllowsRanges,
                  bool OnlyStatic, bool Conditional);
  /// ScyllaDB's WHERE rules for writes (ScyllaRestrictions.cpp).
  void checkScyllaWhere(const std::vector<Relation> &Where,
                        const ScyllaWriteShape &Shape);
  void checkConditions(const std::vector<Condition> &Conditions,
                       bool IfExists);
  void checkScyllaConditionValues(const std::vector<Condition> &Conditions);
  bool checkScyllaElementCondition(const Condition &Cond, const CqlColumn &Col);
  void rejectNullComparison(const Condition &Cond);
  void rejectScyllaEmptyCollectionComparison(const Condition &Cond,
                                             const cql::CqlType &Type);

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
  if (!Reasons.empty())
    C.markRefusedAtPrepare();
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
  std::optional<std::string> E =
      scyllaDb() ? scyllaPrepareError(V, Type, Receiver, typeScope(),
                                      ScyllaClause::Set)
                 : prepareError(V, Type, Receiver, typeScope());
  if (E) {
    reject(V.Range, *E);
    return false;
  }
  if (std::optional<std::string> E = scyllaDb() ? scyllaEvaluationError(V, Type)
                                                : bindError(V, Type))
    rejectAtExecution(V.Range, *E);
  return true;
}

/// ScyllaDB's prepare of one SET assignment (operation.cc), then the PRIMARY
/// KEY check update_statement.cc makes after it; a null inside a
/// collection literal fails when the statement runs.
void WriteChecker::checkScyllaAssignment(const Assignment &A,
                                         const CqlColumn &Col,
                                         bool Conditional) {
  if (std::optional<AssignmentRefusal> E =
          scyllaAssignmentError(A, Col, typeScope(), Conditional)) {
    reject(E->Range, E->Message);
    return;
  }
  if (Col.isPrimaryKey()) {
    reject(A.Column.Range,
           fmt::format("PRIMARY KEY part {} found in SET part", Col.Name));
    return;
  }
  if (A.Kind != Assignment::SetElement && A.Kind != Assignment::SetField)
    if (std::optional<std::string> E = scyllaEvaluationError(A.Value, Col.Type))
      rejectAtExecution(A.Value.Range, *E);
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
    checkSetField(A, Col);
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

/// Operation.SetField.prepare: a field of a non-frozen UDT column that the
/// type has, set to a value of the field's type (received as "u.f").
void WriteChecker::checkSetField(const Assignment &A, const CqlColumn &Col) {
  const CqlType &Ty = Col.Type;
  std::string Field = A.Field ? A.Field->Name : "";
  std::string Op = fmt::format("{}.{} = {}", Col.Name, Field,
                               cassandraTermText(A.Value));
  if (Ty.Kind != CqlType::Udt) {
    reject(A.Range,
           fmt::format("Invalid operation ({}) for non-UDT column {}", Op,
                       Col.Name));
    return;
  }
  if (Ty.Frozen) {
    reject(A.Range, fmt::format("Invalid operation ({}) for frozen UDT column "
                                "{}",
                                Op, Col.Name));
    return;
  }
  const schema::CqlUserType *Udt = typeScope().find(Ty);
  if (!Udt || !A.Field)
    return;
  const CqlType *FieldType = udtFieldType(*Udt, Field);
  if (!FieldType) {
    if (!llvm::is_contained(Udt->FormerFields, Field))
      reject(A.Range, fmt::format("UDT column {} does not have a field named "
                                  "{}",
                                  Col.Name, Field));
    return;
  }
  checkValue(A.Value, *FieldType, Col.Name + "." + Field);
}

/// Operation.Prepend.prepare: the value against the column first, then a
/// non-frozen list only (Cassandra prints the operation "l = v - l").
void WriteChecker::checkPrepend(const Assignment &A, const CqlColumn &Col) {
  if (!checkValue(A.Value, Col.Type, Col.Name))
    return;
  std::string Op = fmt::format("{} = {} - {}", Col.Name,
                               cassandraTermText(A.Value), Col.Name);
  if (Col.Type.Kind != CqlType::List)
    reject(A.Range, fmt::format("Invalid operation ({}) for non list column {}",
                                Op, Col.Name));
  else if (Col.Type.Frozen)
    reject(A.Range, fmt::format("Invalid operation ({}) for frozen list column "
                                "{}",
                                Op, Col.Name));
}

/// Operation.FieldDeletion.prepare: the field must be one the type has.
void WriteChecker::checkDeleteField(const DeleteTarget &Target,
                                    const CqlColumn &Col) {
  const schema::CqlUserType *Udt = typeScope().find(Col.Type);
  if (!Udt || !Target.Field || udtFieldType(*Udt, Target.Field->Name) ||
      llvm::is_contained(Udt->FormerFields, Target.Field->Name))
    return;
  reject(Target.Range, fmt::format("UDT column {} does not have a field named "
                                   "{}",
                                   Col.Name, Target.Field->Name));
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
    else
      checkDeleteField(Target, Col);
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
      if (*Ttl < 0 && scyllaDb()) // attributes.cc get_time_to_live
        reject(U.Ttl->Range, "A TTL must be greater or equal to 0");
      else if (*Ttl < 0)
        reject(U.Ttl->Range,
               fmt::format("A TTL must be greater or equal to 0, but was {}",
                           *Ttl));
      else if (*Ttl > MaxTtl && *Ttl <= 2147483647LL)
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
  Where = analyzeScyllaWhere(Relations, T, Shape.Kind, Shape.ModifiesOnlyStatic,
                             C.analysisOptions());
  for (Rejection &R : scyllaWriteRejections(Where, T, Shape))
    Reasons.push_back(std::move(R));
  for (const Rejection &R : Where.AtExecution)
    AtExecution.push_back(R);
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
  if (scyllaDb())
    return checkScyllaConditionValues(Conditions);
  // ColumnCondition.Raw.prepare: slices on durations, then the values
  // against the column (field conditions are left alone); an element of a
  // list or map against idx(l) or key(m), its value against value(c).
  for (const Condition &Cond : Conditions) {
    const CqlColumn *Col = T.column(Cond.Column.Name);
    if (!Col || Cond.Field)
      continue;
    if (Cond.Element) {
      const CqlType &Ty = Col->Type;
      if (Ty.Frozen || (Ty.Kind != CqlType::List && Ty.Kind != CqlType::Map))
        continue;
      bool IsList = Ty.Kind == CqlType::List;
      CqlType Index = nativeType("int");
      if (!checkValue(*Cond.Element, IsList ? Index : *mapKeyType(Ty),
                      IsList ? indexReceiverName(Col->Name)
                             : keyReceiverName(Col->Name)))
        continue;
      bool Plain = Cond.Op == RelationOp::Eq || Cond.Op == RelationOp::Neq ||
                   isSliceOp(Cond.Op);
      if (Plain && !Cond.Values.empty())
        checkValue(Cond.Values[0], *elementType(Ty),
                   valueReceiverName(Col->Name));
      continue;
    }
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
    rejectNullComparison(Cond);
    for (const Term &V : Cond.Values)
      if (!checkValue(V, Col->Type, Col->Name))
        break;
  }
}

static bool isStringType(const CqlType &T) {
  return T.Kind == CqlType::Native &&
         (T.Name == "text" || T.Name == "varchar" || T.Name == "ascii");
}

/// ScyllaDB's IF conditions (prepare_binary_operator on each): a slice on
/// what references a duration, then the values against the column, an IN
/// or NOT IN list as a list literal named "in(col)".
void WriteChecker::checkScyllaConditionValues(
    const std::vector<Condition> &Conditions) {
  for (const Condition &Cond : Conditions) {
    const CqlColumn *Col = T.column(Cond.Column.Name);
    if (!Col || Cond.Field || Col->Type.isCounter())
      continue;
    if (Cond.Element) {
      if (!checkScyllaElementCondition(Cond, *Col))
        return;
      continue;
    }
    if (isSliceOp(Cond.Op) && referencesDuration(Col->Type)) {
      reject(Cond.Range,
             fmt::format("Duration type is unordered for {}", Col->Name));
      return;
    }
    if (Cond.Op == RelationOp::Like && !isStringType(Col->Type)) {
      reject(Cond.Range, fmt::format("LIKE is allowed only on string types, "
                                     "which {} is not",
                                     Col->Name));
      return;
    }
    bool List = Cond.Op == RelationOp::In || Cond.NotIn;
    if (List && !Cond.InMarker) {
      if (std::optional<std::string> E =
              scyllaInListError(Cond.Values, Col->Type, Col->Name, Cond.NotIn,
                                typeScope(), ScyllaClause::If)) {
        reject(Cond.Range, *E);
        return;
      }
      continue;
    }
    bool Plain = Cond.Op == RelationOp::Eq || Cond.Op == RelationOp::Neq ||
                 Cond.Op == RelationOp::Like || isSliceOp(Cond.Op);
    if (!List && Plain)
      for (const Term &V : Cond.Values) {
        if (std::optional<std::string> E = scyllaPrepareError(
                V, Col->Type, Col->Name, typeScope(), ScyllaClause::If)) {
          reject(V.Range, *E);
          return;
        }
        if (std::optional<std::string> E =
                scyllaEvaluationError(V, Col->Type))
          rejectAtExecution(V.Range, *E);
      }
    rejectNullComparison(Cond);
    rejectScyllaEmptyCollectionComparison(Cond, Col->Type);
  }
}

/// ScyllaDB prepares an empty literal for a non-frozen collection as null
/// (prepare_expr.cc: "an empty (unfrozen) map/set/list is equivalent to the
/// column being null"), so a slice condition against `{}` or `[]` fails as
/// one against null does when the condition is evaluated.
void WriteChecker::rejectScyllaEmptyCollectionComparison(const Condition &Cond,
                                                         const CqlType &Type) {
  if (!isSliceOp(Cond.Op) || Cond.Values.empty() || !Type.isCollection() ||
      Type.Frozen)
    return;
  const Term &V = Cond.Values[0];
  bool EmptyLiteral = (V.Kind == Term::List || V.Kind == Term::Set ||
                       V.Kind == Term::Map) &&
                      V.Children.empty();
  if (!EmptyLiteral)
    return;
  rejectAtExecution(V.Range,
                    fmt::format("Invalid comparison with null for operator "
                                "\"{}\"",
                                relationOpSpelling(Cond.Op).str()));
}

/// `IF col[e] op v`: the element against key(m), value(s) or index(l) (a
/// subscript), the value against value(col).
bool WriteChecker::checkScyllaElementCondition(const Condition &Cond,
                                               const CqlColumn &Col) {
  const CqlType &Ty = Col.Type;
  if (!Ty.isCollection() || Ty.Frozen)
    return true; // (refusals of the subscript itself are not modelled)
  const CqlType *Key = Ty.Kind == CqlType::Map   ? mapKeyType(Ty)
                       : Ty.Kind == CqlType::Set ? elementType(Ty)
                                                 : nullptr;
  CqlType Index = nativeType("int");
  std::string KeyName = Ty.Kind == CqlType::Map   ? keyReceiverName(Col.Name)
                        : Ty.Kind == CqlType::Set ? valueReceiverName(Col.Name)
                                                  : "index(" + Col.Name + ")";
  if (std::optional<std::string> E =
          scyllaPrepareError(*Cond.Element, Key ? *Key : Index, KeyName,
                             typeScope(), ScyllaClause::If)) {
    reject(Cond.Element->Range, *E);
    return false;
  }
  const CqlType *Value = Ty.Kind == CqlType::Set ? nullptr : elementType(Ty);
  bool Plain = Cond.Op == RelationOp::Eq || Cond.Op == RelationOp::Neq ||
               isSliceOp(Cond.Op);
  if (Value && Plain)
    for (const Term &V : Cond.Values)
      if (std::optional<std::string> E =
              scyllaPrepareError(V, *Value, valueReceiverName(Col.Name),
                                 typeScope(), ScyllaClause::If)) {
        reject(V.Range, *E);
        return false;
      }
  rejectNullComparison(Cond);
  return true;
}

/// A slice condition compared with a literal null fails when the condition
/// is evaluated, in both databases (ColumnCondition's compareWithOperator,
/// ScyllaDB's limits() under LWT null handling).
void WriteChecker::rejectNullComparison(const Condition &Cond) {
  if (isSliceOp(Cond.Op) && !Cond.Values.empty() && Cond.Values[0].isNull())
    rejectAtExecution(Cond.Values[0].Range,
                      fmt::format("Invalid comparison with null for operator "
                                  "\"{}\"",
                                  relationOpSpelling(Cond.Op).str()));
}

/// ScyllaDB's INSERT (insert_statement::prepare_internal): counter tables
/// and the column list first, each regular value prepared as a SET, the key
/// values made equality relations that its WHERE rules then judge (so a
/// missing key part is "Missing mandatory PRIMARY KEY part").
static void checkScyllaInsert(WriteChecker &W, const InsertStatement &S,
                              std::vector<Relation> &KeyRelations) {
  const CqlTable &T = W.T;
  if (T.isCounterTable()) {
    W.reject(S.Table.Range, "INSERT statement are not allowed on counter "
                            "tables, use UPDATE instead");
    return;
  }
  if (S.Columns.size() != S.Values.size()) {
    W.reject(S.Range, "Unmatched column names/values");
    return;
  }
  bool OnlyStatic = true, Regular = false;
  for (size_t I = 0; I < S.Columns.size(); ++I) {
    const CqlColumn *Col = T.column(S.Columns[I].Name);
    if (!Col)
      return;
    for (size_t J = 0; J < I; ++J)
      if (S.Columns[J].Name == S.Columns[I].Name) {
        W.reject(S.Columns[I].Range,
                 fmt::format("Multiple definitions found for column {}",
                             Col->Name));
        return;
      }
    if (Col->isPrimaryKey()) {
      Relation R;
      R.Columns.push_back(S.Columns[I]);
      R.Values.push_back(S.Values[I]);
      R.Range = S.Values[I].Range;
      KeyRelations.push_back(std::move(R));
      continue;
    }
    OnlyStatic &= Col->Role == ColumnRole::Static;
    Regular |= Col->Role == ColumnRole::Regular;
    if (!W.checkValue(S.Values[I], Col->Type, Col->Name))
      return;
  }
  ScyllaWriteShape Shape;
  Shape.Kind = ScyllaWrite::Insert;
  Shape.ModifiesOnlyStatic = OnlyStatic && !Regular &&
                             KeyRelations.size() < S.Columns.size();
  Shape.Conditional = S.IfNotExists;
  Shape.StatementRange = S.Range;
  W.checkScyllaWhere(KeyRelations, Shape);
}

void checkInsert(const StatementContext &C, const InsertStatement &S) {
  WriteChecker W(C, "INSERT");
  const CqlTable &T = *C.Table;
  W.checkView(S.Table);
  // The relations ScyllaDB makes of the key values (the analysis keeps
  // pointers into them).
  std::vector<Relation> KeyRelations;
  if (W.scyllaDb()) {
    if (!S.Json)
      checkScyllaInsert(W, S, KeyRelations);
    W.checkUsing(S.Using, S.IfNotExists);
    W.flush();
    return;
  }
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
    if (S.Columns.size() == S.Values.size())
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

/// ScyllaDB's SET clause (update_statement.cc prepare_internal): two
/// assignments that do not combine first, then each operation prepared.
static void checkScyllaAssignments(WriteChecker &W, const UpdateStatement &S,
                                   bool Conditional) {
  if (auto Clash = scyllaIncompatibleAssignment(S.Assignments)) {
    W.reject(Clash->first->Range, Clash->second);
    return;
  }
  for (const Assignment &A : S.Assignments)
    if (const CqlColumn *Col = W.T.column(A.Column.Name))
      W.checkScyllaAssignment(A, *Col, Conditional);
}

void checkUpdate(const StatementContext &C, const UpdateStatement &S) {
  WriteChecker W(C, "UPDATE");
  const CqlTable &T = *C.Table;
  W.checkView(S.Table);
  bool Conditional = S.IfExists || !S.Conditions.empty();
  if (W.scyllaDb())
    checkScyllaAssignments(W, S, Conditional);
  for (const Assignment &A : S.Assignments) {
    const CqlColumn *Col = T.column(A.Column.Name);
    if (!Col || W.scyllaDb())
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
    if (A.Kind == Assignment::Prepend) {
      W.checkPrepend(A, *Col);
      continue;
    }
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
    if (A.Kind == Assignment::SetElement && !Ty.isCollection()) {
      W.checkAssignment(A, *Col); // not an element of anything
      continue;
    }
    if (Col->Type.isCounter() && !Arithmetic)
      W.reject(A.Range,
               fmt::format("Cannot set the value of counter column {} "
                           "(counters can only be incremented/decremented, "
                           "not set)",
                           Col->Name));
    else if (!Col->Type.isCounter() && Arithmetic && !Col->Type.isCollection() &&
             !(T.FromCode && Ty.Kind == CqlType::Native && Ty.Name == "bigint"))
      // (A table known from an entity class types a Java long as bigint:
      // the column may well be a counter.)
      W.reject(A.Range, fmt::format("Invalid operation ({} = {} {} {}) for non "
                                    "counter column {}",
                                    Col->Name, Col->Name,
                                    A.Kind == Assignment::Subtract ? "-" : "+",
                                    describeTerm(A.Value), Col->Name));
    else
      W.checkAssignment(A, *Col);
  }
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
    // applies_only_to_static_columns: no regular column set or tested.
    Shape.ModifiesOnlyStatic = OnlyStatic;
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
    else
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
    Shape.ModifiesOnlyStatic = OnlyStatic && !Shape.RegularConditions;
    Shape.Conditional = Conditional;
    Shape.StatementRange = S.Range;
    W.checkScyllaWhere(S.Where, Shape);
    W.checkConditions(S.Conditions, S.IfExists);
    W.flush();
    return;
  }
  // Operations and conditions that touch static columns only
  // (appliesOnlyToStaticColumns): a condition on a regular column reads a
  // row, so its clustering key may be given.
  bool OnlyStaticWhere = OnlyStatic;
  for (const Condition &Cond : S.Conditions)
    if (const CqlColumn *Col = T.column(Cond.Column.Name))
      OnlyStaticWhere &= Col->Role != ColumnRole::Regular;
  W.checkWhere(S.Where, /*AllowsRanges=*/true, OnlyStaticWhere, Conditional);
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
