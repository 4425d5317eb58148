//===- Relations.cpp - Lowers DynamoDB predicates to CQL relations --------===//
#include "nosqlint/Dynamo/Relations.h"

#include "llvm/ADT/StringRef.h"

namespace nosqlint::dynamo {

namespace {

using cql::Relation;
using cql::RelationOp;
using cql::Term;

cql::Identifier attribute(const std::string &Name, SourceRange Range) {
  cql::Identifier Id;
  Id.Name = Name;
  // DynamoDB attribute names are case-sensitive, as quoted CQL names are.
  Id.Quoted = true;
  Id.Range = Range;
  return Id;
}

/// A CQL string literal as written: quoted, quotes doubled.
std::string cqlString(llvm::StringRef Value) {
  std::string Out = "'";
  for (char C : Value) {
    Out += C;
    if (C == '\'')
      Out += '\'';
  }
  return Out + "'";
}

Term bindMarker(llvm::StringRef Name, SourceRange Range) {
  Term T;
  T.Kind = Term::BindMarker;
  T.Text = Name.str();
  T.Range = Range;
  return T;
}

/// An AttributeValue ({"S": "x"}, {"N": "5"}, {"BOOL": true}) as a CQL
/// literal; anything else (a set, a map, a value computed at run time) as a
/// bind marker, since only its presence matters to a relation.
Term attributeValueTerm(const json::JsonValue *V, SourceRange Range) {
  if (!V || V->Unknown || !V->isObject() || V->Members.size() != 1)
    return bindMarker("", Range);
  const json::JsonMember &M = V->Members.front();
  Term T;
  T.Range = Range;
  if (M.Value.Unknown)
    return bindMarker("", Range);
  if (M.Key == "S" && M.Value.isString()) {
    T.LiteralKind = Term::String;
    T.Text = cqlString(M.Value.Str);
    return T;
  }
  if (M.Key == "N" && M.Value.isString()) {
    llvm::StringRef N(M.Value.Str);
    T.LiteralKind = N.find_first_of(".eE") == llvm::StringRef::npos
                        ? Term::Integer
                        : Term::Float;
    T.Text = M.Value.Str;
    return T;
  }
  if (M.Key == "BOOL" && M.Value.isBool()) {
    T.LiteralKind = Term::Boolean;
    T.Text = M.Value.Bool ? "true" : "false";
    return T;
  }
  if (M.Key == "NULL") {
    T.Kind = Term::Null;
    return T;
  }
  return bindMarker("", Range);
}

/// A top-level attribute path, or nothing (nested, unknown name).
std::optional<cql::Identifier> topLevel(const Operand &O) {
  if (O.Kind != Operand::Path || !O.P.isTopLevel() ||
      O.P.Elements.front().NameUnknown || !O.P.Elements.front().Resolved)
    return std::nullopt;
  return attribute(O.P.topName(), O.P.Range);
}

/// A value operand: a :placeholder (a named bind marker) or a path (no).
std::optional<Term> valueTerm(const Operand &O) {
  if (O.Kind != Operand::Value)
    return std::nullopt;
  return bindMarker(llvm::StringRef(O.Placeholder).drop_front(), O.Range);
}

RelationOp relationOp(CompareOp Op) {
  switch (Op) {
  case CompareOp::Eq: return RelationOp::Eq;
  case CompareOp::Ne: return RelationOp::Neq;
  case CompareOp::Lt: return RelationOp::Lt;
  case CompareOp::Le: return RelationOp::Le;
  case CompareOp::Gt: return RelationOp::Gt;
  case CompareOp::Ge: return RelationOp::Ge;
  }
  return RelationOp::Eq;
}

/// `:v < a` is `a > :v`.
RelationOp mirrored(RelationOp Op) {
  switch (Op) {
  case RelationOp::Lt: return RelationOp::Gt;
  case RelationOp::Le: return RelationOp::Ge;
  case RelationOp::Gt: return RelationOp::Lt;
  case RelationOp::Ge: return RelationOp::Le;
  default: return Op;
  }
}

Relation relation(cql::Identifier Column, RelationOp Op,
                  std::vector<Term> Values, SourceRange Range,
                  SourceRange OpRange) {
  Relation R;
  R.Target = Relation::Column;
  R.Columns.push_back(std::move(Column));
  R.Op = Op;
  R.Values = std::move(Values);
  R.Range = Range;
  R.OpRange = OpRange;
  return R;
}

void lower(const Condition &C, LoweredWhere &Out) {
  switch (C.Kind) {
  case Condition::And:
  case Condition::Paren:
    for (const Condition &Child : C.Children)
      lower(Child, Out);
    return;
  case Condition::Compare: {
    if (C.Operands.size() != 2)
      break;
    RelationOp Op = relationOp(C.Op);
    auto Column = topLevel(C.Operands[0]);
    auto Value = valueTerm(C.Operands[1]);
    if (!Column || !Value) {
      Column = topLevel(C.Operands[1]);
      Value = valueTerm(C.Operands[0]);
      Op = mirrored(Op);
    }
    if (!Column || !Value)
      break;
    Out.Relations.push_back(
        relation(*Column, Op, {*Value}, C.Range, C.OperatorRange));
    return;
  }
  case Condition::Between: {
    if (C.Operands.size() != 3)
      break;
    auto Column = topLevel(C.Operands[0]);
    auto Low = valueTerm(C.Operands[1]);
    auto High = valueTerm(C.Operands[2]);
    if (!Column || !Low || !High)
      break;
    Out.Relations.push_back(
        relation(*Column, RelationOp::Ge, {*Low}, C.Range, C.OperatorRange));
    Out.Relations.push_back(
        relation(*Column, RelationOp::Le, {*High}, C.Range, C.OperatorRange));
    return;
  }
  case Condition::In: {
    if (C.Operands.size() < 2)
      break;
    auto Column = topLevel(C.Operands[0]);
    std::vector<Term> Values;
    for (size_t I = 1; I < C.Operands.size(); ++I) {
      auto V = valueTerm(C.Operands[I]);
      if (!V)
        break;
      Values.push_back(*V);
    }
    if (!Column || Values.size() != C.Operands.size() - 1)
      break;
    Out.Relations.push_back(relation(*Column, RelationOp::In,
                                     std::move(Values), C.Range,
                                     C.OperatorRange));
    return;
  }
  case Condition::Function: {
    llvm::StringRef F = C.FunctionName;
    if (C.Operands.empty())
      break;
    auto Column = topLevel(C.Operands[0]);
    if (!Column)
      break;
    if (F == "attribute_exists" && C.Operands.size() == 1) {
      Out.Relations.push_back(relation(*Column, RelationOp::IsNotNull, {},
                                       C.Range, C.OperatorRange));
      return;
    }
    if ((F == "begins_with" || F == "contains") && C.Operands.size() == 2)
      if (auto V = valueTerm(C.Operands[1])) {
        Out.Relations.push_back(relation(
            *Column, F == "contains" ? RelationOp::Contains : RelationOp::Like,
            {*V}, C.Range, C.OperatorRange));
        return;
      }
    break;
  }
  case Condition::Or:
  case Condition::Not:
    break;
  }
  Out.Complete = false;
}

std::optional<cql::Identifier> pqlAttribute(const PqlExpr &E) {
  if (E.Kind != PqlExpr::Path || E.Text.empty())
    return std::nullopt;
  return attribute(E.Text, E.Range);
}

std::optional<Term> pqlValue(const PqlExpr &E) {
  Term T;
  T.Range = E.Range;
  switch (E.Kind) {
  case PqlExpr::Parameter:
    return bindMarker("", E.Range);
  case PqlExpr::Literal: {
    llvm::StringRef L(E.Text);
    if (L.size() >= 2 && L.front() == '\'' && L.back() == '\'') {
      // PartiQL quotes strings as CQL does ('', doubled quotes).
      T.LiteralKind = Term::String;
      T.Text = L.str();
      return T;
    }
    if (L.equals_insensitive("true") || L.equals_insensitive("false")) {
      T.LiteralKind = Term::Boolean;
      T.Text = L.lower();
      return T;
    }
    if (L.equals_insensitive("null")) {
      T.Kind = Term::Null;
      return T;
    }
    if (!L.empty() && (isdigit(static_cast<unsigned char>(L[0])) ||
                       L[0] == '-' || L[0] == '.')) {
      T.LiteralKind = L.find_first_of(".eE") == llvm::StringRef::npos
                          ? Term::Integer
                          : Term::Float;
      T.Text = L.str();
      return T;
    }
    return bindMarker("", E.Range);
  }
  default:
    return std::nullopt;
  }
}

std::optional<RelationOp> pqlCompare(llvm::StringRef Op) {
  if (Op == "=")
    return RelationOp::Eq;
  if (Op == "<>" || Op == "!=")
    return RelationOp::Neq;
  if (Op == "<")
    return RelationOp::Lt;
  if (Op == "<=")
    return RelationOp::Le;
  if (Op == ">")
    return RelationOp::Gt;
  if (Op == ">=")
    return RelationOp::Ge;
  return std::nullopt;
}

void lower(const PqlExpr &E, LoweredWhere &Out) {
  switch (E.Kind) {
  case PqlExpr::And:
  case PqlExpr::Paren:
    for (const PqlExpr &C : E.Children)
      lower(C, Out);
    return;
  case PqlExpr::Compare: {
    std::optional<RelationOp> Op = pqlCompare(E.Text);
    if (!Op || E.Children.size() != 2)
      break;
    auto Column = pqlAttribute(E.Children[0]);
    auto Value = pqlValue(E.Children[1]);
    if (!Column || !Value) {
      Column = pqlAttribute(E.Children[1]);
      Value = pqlValue(E.Children[0]);
      Op = mirrored(*Op);
    }
    if (!Column || !Value)
      break;
    Out.Relations.push_back(relation(*Column, *Op, {*Value}, E.Range, E.Range));
    return;
  }
  case PqlExpr::Between: {
    if (E.Negated || E.Children.size() != 3)
      break;
    auto Column = pqlAttribute(E.Children[0]);
    auto Low = pqlValue(E.Children[1]);
    auto High = pqlValue(E.Children[2]);
    if (!Column || !Low || !High)
      break;
    Out.Relations.push_back(
        relation(*Column, RelationOp::Ge, {*Low}, E.Range, E.Range));
    Out.Relations.push_back(
        relation(*Column, RelationOp::Le, {*High}, E.Range, E.Range));
    return;
  }
  case PqlExpr::In: {
    if (E.Negated || E.Children.size() < 2)
      break;
    auto Column = pqlAttribute(E.Children[0]);
    // `a IN [?, ?]` or `a IN (?, ?)`: the list is one child.
    std::vector<const PqlExpr *> Items;
    if (E.Children.size() == 2 &&
        (E.Children[1].Kind == PqlExpr::List ||
         E.Children[1].Kind == PqlExpr::Paren))
      for (const PqlExpr &I : E.Children[1].Children)
        Items.push_back(&I);
    else
      for (size_t I = 1; I < E.Children.size(); ++I)
        Items.push_back(&E.Children[I]);
    std::vector<Term> Values;
    for (const PqlExpr *I : Items)
      if (auto V = pqlValue(*I))
        Values.push_back(*V);
    if (!Column || Values.empty() || Values.size() != Items.size())
      break;
    Out.Relations.push_back(
        relation(*Column, RelationOp::In, std::move(Values), E.Range, E.Range));
    return;
  }
  case PqlExpr::Function: {
    llvm::StringRef F = E.Text;
    if ((F.equals_insensitive("begins_with") ||
         F.equals_insensitive("contains")) &&
        E.Children.size() == 2)
      if (auto Column = pqlAttribute(E.Children[0]))
        if (auto V = pqlValue(E.Children[1])) {
          Out.Relations.push_back(relation(
              *Column,
              F.equals_insensitive("contains") ? RelationOp::Contains
                                               : RelationOp::Like,
              {*V}, E.Range, E.Range));
          return;
        }
    break;
  }
  case PqlExpr::Is:
    // `a IS NOT MISSING` is attribute_exists(a).
    if (E.Negated && E.Text == "MISSING" && !E.Children.empty())
      if (auto Column = pqlAttribute(E.Children[0])) {
        Out.Relations.push_back(relation(*Column, RelationOp::IsNotNull, {},
                                         E.Range, E.Range));
        return;
      }
    break;
  default:
    break;
  }
  Out.Complete = false;
}

} // namespace

LoweredWhere lowerCondition(const Condition &C) {
  LoweredWhere Out;
  lower(C, Out);
  return Out;
}

LoweredWhere lowerPartiQLWhere(const PqlExpr &Where) {
  LoweredWhere Out;
  lower(Where, Out);
  return Out;
}

LoweredWhere lowerKeyMap(const json::JsonValue &Map, FileId File) {
  LoweredWhere Out;
  if (!Map.isObject() || Map.Unknown) {
    Out.Complete = false;
    if (!Map.isObject())
      return Out;
  }
  for (const json::JsonMember &M : Map.Members)
    Out.Relations.push_back(relation(
        attribute(M.Key, M.keyRange(File)), RelationOp::Eq,
        {attributeValueTerm(&M.Value, M.Value.range(File))},
        SourceRange::join(M.keyRange(File), M.Value.range(File)),
        M.keyRange(File)));
  return Out;
}

} // namespace nosqlint::dynamo
