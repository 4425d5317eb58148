//===- TransformTerm.cpp - Names, types, terms and properties -------------===//
#include "Transform.h"

#include "llvm/ADT/StringSwitch.h"

#include <cctype>

namespace nosqlint::cql {

std::string Transformer::text(antlr4::ParserRuleContext *Ctx) const {
  const antlr4::Token *Start = Ctx->getStart();
  const antlr4::Token *Stop = Ctx->getStop();
  if (!Stop || Stop->getTokenIndex() < Start->getTokenIndex())
    return "";
  return Input.text()
      .slice(Input.tokenBegin(Start), Input.tokenEnd(Stop))
      .str();
}

Identifier Transformer::ident(P::IdentContext &Ctx) const {
  Identifier Id;
  Id.Range = range(&Ctx);
  llvm::StringRef Spelling = Input.tokenText(Ctx.getStart());
  if (Ctx.getStart()->getType() == P::QUOTED_NAME) {
    Id.Quoted = true;
    llvm::StringRef Inner = Spelling.drop_front().drop_back();
    Id.Name.reserve(Inner.size());
    for (size_t I = 0; I < Inner.size(); ++I) {
      Id.Name.push_back(Inner[I]);
      if (Inner[I] == '"' && I + 1 < Inner.size() && Inner[I + 1] == '"')
        ++I;
    }
    return Id;
  }
  Id.Name = Spelling.lower();
  return Id;
}

Identifier Transformer::roleName(P::RoleNameContext &Ctx) const {
  if (Ctx.ident())
    return ident(*Ctx.ident());
  Identifier Id;
  Id.Range = range(&Ctx);
  Id.Name = text(&Ctx);
  Id.Quoted = true;
  return Id;
}

QualifiedName Transformer::tableName(P::TableNameContext &Ctx) const {
  QualifiedName Q;
  Q.Range = range(&Ctx);
  if (Ctx.keyspace)
    Q.Keyspace = ident(*Ctx.keyspace);
  Q.Name = ident(*Ctx.name);
  return Q;
}

QualifiedName Transformer::userTypeName(P::UserTypeNameContext &Ctx) const {
  QualifiedName Q;
  Q.Range = range(&Ctx);
  if (Ctx.keyspace)
    Q.Keyspace = ident(*Ctx.keyspace);
  Q.Name = ident(*Ctx.name);
  return Q;
}

QualifiedName Transformer::functionName(P::FunctionNameContext &Ctx) const {
  QualifiedName Q;
  Q.Range = range(&Ctx);
  if (Ctx.keyspace)
    Q.Keyspace = ident(*Ctx.keyspace);
  if (Ctx.name) {
    Q.Name = ident(*Ctx.name);
  } else {
    Q.Name.Name = "token";
    Q.Name.Range = range(Ctx.K_TOKEN());
  }
  return Q;
}

static bool isNativeType(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("ascii", "bigint", "blob", "boolean", "counter", "date", true)
      .Cases("decimal", "double", "duration", "float", "inet", "int", true)
      .Cases("smallint", "text", "time", "timestamp", "timeuuid", true)
      .Cases("tinyint", "uuid", "varchar", "varint", true)
      .Default(false);
}

CqlType Transformer::type(P::CqlTypeContext &Ctx) const {
  CqlType T;
  T.Range = range(&Ctx);
  auto Params = Ctx.cqlType();
  if (Ctx.K_FROZEN()) {
    T = type(*Params[0]);
    T.Frozen = true;
    T.Range = range(&Ctx);
    return T;
  }
  if (Ctx.STRING_LITERAL()) {
    T.Kind = CqlType::Custom;
    T.Name = Input.tokenText(Ctx.STRING_LITERAL()->getSymbol())
                 .drop_front()
                 .drop_back()
                 .str();
    return T;
  }
  if (auto *U = Ctx.userTypeName()) {
    QualifiedName Q = userTypeName(*U);
    if (!Q.Keyspace && !Q.Name.Quoted && isNativeType(Q.Name.Name)) {
      T.Kind = CqlType::Native;
      T.Name = Q.Name.Name;
      return T;
    }
    T.Kind = CqlType::Udt;
    T.Name = Q.Name.Name;
    if (Q.Keyspace)
      T.Keyspace = Q.Keyspace->Name;
    return T;
  }
  for (auto *Param : Params)
    T.Params.push_back(type(*Param));
  if (Ctx.K_LIST())
    T.Kind = CqlType::List;
  else if (Ctx.K_SET())
    T.Kind = CqlType::Set;
  else if (Ctx.K_MAP())
    T.Kind = CqlType::Map;
  else if (Ctx.K_TUPLE())
    T.Kind = CqlType::Tuple;
  else if (Ctx.K_VECTOR()) {
    T.Kind = CqlType::Vector;
    T.Dimension = std::atoi(text(Ctx.INTEGER()->getSymbol()).c_str());
  }
  return T;
}

/// Left Op Right, as one arithmetic term covering both operands.
static Term arithmetic(Term Left, std::string Op, Term Right) {
  Term T;
  T.Kind = Term::Arithmetic;
  T.Text = std::move(Op);
  T.Range = SourceRange::join(Left.Range, Right.Range);
  T.Children.push_back(std::move(Left));
  T.Children.push_back(std::move(Right));
  return T;
}

Term Transformer::term(P::TermContext &Ctx) const {
  // Fast path (most terms): one operand, no operator.
  if (Ctx.children.size() == 1)
    return termMul(*static_cast<P::TermMulContext *>(Ctx.children[0]));
  auto Operands = Ctx.termMul();
  Term Left = termMul(*Operands[0]);
  auto Ops = Ctx.addOp();
  for (size_t I = 0; I < Ops.size(); ++I)
    Left = arithmetic(std::move(Left), text(Ops[I]), termMul(*Operands[I + 1]));
  return Left;
}

Term Transformer::termMul(P::TermMulContext &Ctx) const {
  if (Ctx.children.size() == 1)
    return termUnary(*static_cast<P::TermUnaryContext *>(Ctx.children[0]));
  auto Operands = Ctx.termUnary();
  Term Left = termUnary(*Operands[0]);
  auto Ops = Ctx.mulOp();
  for (size_t I = 0; I < Ops.size(); ++I)
    Left = arithmetic(std::move(Left), text(Ops[I]), termUnary(*Operands[I + 1]));
  return Left;
}

Term Transformer::termUnary(P::TermUnaryContext &Ctx) const {
  if (Ctx.children.size() == 1)
    return termPrimary(*static_cast<P::TermPrimaryContext *>(Ctx.children[0]));
  Term Inner = termUnary(*Ctx.termUnary());
  // -1, -1.5, -NaN, -1h: a negative literal, spelled as written.
  bool Numeric = Inner.Kind == Term::Literal &&
                 (Inner.LiteralKind == Term::Integer ||
                  Inner.LiteralKind == Term::Float ||
                  Inner.LiteralKind == Term::NaN ||
                  Inner.LiteralKind == Term::Infinity ||
                  Inner.LiteralKind == Term::Duration) &&
                 !llvm::StringRef(Inner.Text).startswith("-");
  if (Numeric) {
    Inner.Text = "-" + Inner.Text;
    Inner.Range = range(&Ctx);
    return Inner;
  }
  Term T;
  T.Kind = Term::Negation;
  T.Range = range(&Ctx);
  T.Children.push_back(std::move(Inner));
  return T;
}

Term Transformer::literal(P::LiteralContext &Ctx) const {
  Term T;
  T.Kind = Term::Literal;
  T.Range = range(&Ctx);
  T.Text = text(&Ctx);
  using L = gen::CqlParser;
  switch (Ctx.getStart()->getType()) {
  case L::STRING_LITERAL:
  case L::DOLLAR_STRING:
    T.LiteralKind = Term::String;
    break;
  case L::INTEGER:
    T.LiteralKind = Term::Integer;
    break;
  case L::FLOAT:
    T.LiteralKind = Term::Float;
    break;
  case L::K_TRUE:
  case L::K_FALSE:
    T.LiteralKind = Term::Boolean;
    break;
  case L::UUID:
    T.LiteralKind = Term::Uuid;
    break;
  case L::HEXNUMBER:
    T.LiteralKind = Term::Hex;
    break;
  case L::DURATION:
    T.LiteralKind = Term::Duration;
    break;
  case L::K_NAN:
    T.LiteralKind = Term::NaN;
    break;
  case L::K_INFINITY:
    T.LiteralKind = Term::Infinity;
    break;
  default:
    break;
  }
  return T;
}

Term Transformer::bindMarker(P::BindMarkerContext &Ctx) const {
  Term T;
  T.Kind = Term::BindMarker;
  T.Range = range(&Ctx);
  if (Ctx.ident())
    T.Text = ident(*Ctx.ident()).Name;
  return T;
}

Term Transformer::termPrimary(P::TermPrimaryContext &Ctx) const {
  // Single-child alternatives first, told apart without scanning children.
  if (Ctx.children.size() == 1) {
    antlr4::tree::ParseTree *Only = Ctx.children[0];
    if (auto *Lit = dynamic_cast<P::LiteralContext *>(Only))
      return literal(*Lit);
    if (auto *Marker = dynamic_cast<P::BindMarkerContext *>(Only))
      return bindMarker(*Marker);
    Term T;
    T.Range = range(&Ctx);
    T.Kind = Term::Null; // K_NULL is the only single-token alternative left
    T.Text = "NULL";
    return T;
  }
  Term T;
  T.Range = range(&Ctx);
  auto Terms = Ctx.term();
  if (Ctx.functionName()) {
    QualifiedName F = functionName(*Ctx.functionName());
    T.Kind = Term::FunctionCall;
    T.Text = F.Keyspace ? F.Keyspace->Name + "." + F.Name.Name : F.Name.Name;
    for (auto *A : Terms)
      T.Children.push_back(term(*A));
    return T;
  }
  if (Ctx.cqlType()) {
    T.Kind = Term::TypeHint;
    T.Type = type(*Ctx.cqlType());
    T.Children.push_back(termUnary(*Ctx.termUnary()));
    return T;
  }
  if (Ctx.LPAREN())
    T.Kind = Term::Tuple;
  else if (Ctx.LBRACKET())
    T.Kind = Term::List;
  else if (!Ctx.ident().empty()) {
    T.Kind = Term::Udt;
    for (auto *Field : Ctx.ident())
      T.FieldNames.push_back(ident(*Field).Name);
  } else if (!Ctx.COLON().empty() || Terms.empty())
    T.Kind = Term::Map; // `{}` is an empty map (or set)
  else
    T.Kind = Term::Set;
  for (auto *A : Terms)
    T.Children.push_back(term(*A));
  return T;
}

Property Transformer::property(P::PropertyContext &Ctx) const {
  Property Prop;
  Prop.Range = range(&Ctx);
  Prop.Name = ident(*Ctx.ident()).Name;
  P::PropertyValueContext *V = Ctx.propertyValue();
  if (V->term()) {
    Prop.Value = term(*V->term());
  } else {
    Prop.Value.Kind = Term::Literal;
    Prop.Value.LiteralKind = Term::None;
    Prop.Value.Text = text(V);
    Prop.Value.Range = range(V);
  }
  return Prop;
}

std::vector<Property> Transformer::properties(P::PropertiesContext &Ctx) const {
  std::vector<Property> Props;
  for (auto *Prop : Ctx.property())
    Props.push_back(property(*Prop));
  return Props;
}

void Transformer::tableOptions(P::TableOptionsContext &Ctx,
                               std::vector<Property> &Props,
                               std::vector<ClusteringOrder> *Orders,
                               bool *CompactStorage) const {
  for (auto *Opt : Ctx.tableOption()) {
    if (Opt->property()) {
      Props.push_back(property(*Opt->property()));
      continue;
    }
    if (Opt->K_COMPACT()) {
      if (CompactStorage)
        *CompactStorage = true;
      continue;
    }
    if (!Orders)
      continue;
    for (auto *O : Opt->clusteringOrder()) {
      ClusteringOrder Order;
      Order.Column = ident(*O->ident());
      Order.Descending = O->K_DESC() != nullptr;
      Order.Range = range(O);
      Orders->push_back(std::move(Order));
    }
  }
}

} // namespace nosqlint::cql
