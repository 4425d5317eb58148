//===- TransformSelect.cpp - SELECT, selectors and WHERE relations --------===//
#include "Transform.h"

namespace nosqlint::cql {

std::unique_ptr<Statement>
Transformer::select(P::SelectStatementContext &Ctx) {
  auto S = std::make_unique<SelectStatement>();
  S->Range = range(&Ctx);
  antlr4::Token *WhereToken = nullptr, *LimitToken = nullptr,
                *AllowToken = nullptr;
  forEachChild(
      Ctx,
      [&](antlr4::Token &T) {
        switch (T.getType()) {
        case P::K_JSON:
          S->Json = true;
          break;
        case P::K_DISTINCT:
          S->Distinct = true;
          break;
        case P::K_WHERE:
          WhereToken = &T;
          break;
        case P::K_LIMIT:
          LimitToken = &T;
          break;
        case P::K_ALLOW:
          AllowToken = &T;
          break;
        case P::K_FILTERING:
          S->AllowFiltering = true;
          S->AllowFilteringRange = Input.tokenRange(AllowToken, &T);
          break;
        default:
          break;
        }
      },
      [&](antlr4::ParserRuleContext &R) {
        switch (R.getRuleIndex()) {
        case P::RuleSelectClause: {
          auto &Sel = static_cast<P::SelectClauseContext &>(R);
          antlr4::tree::ParseTree *First = Sel.children[0];
          if (auto *Star = dynamic_cast<antlr4::tree::TerminalNode *>(First)) {
            S->Star = true;
            S->StarRange = range(Star);
            break;
          }
          for (auto *Child : Sel.children)
            if (auto *Item = dynamic_cast<P::SelectorContext *>(Child))
              S->Selectors.push_back(selector(*Item));
          break;
        }
        case P::RuleTableName:
          S->Table = tableName(static_cast<P::TableNameContext &>(R));
          break;
        case P::RuleWhereClause:
          S->Where = where(static_cast<P::WhereClauseContext &>(R));
          S->WhereRange = Input.tokenRange(WhereToken, R.getStop());
          break;
        case P::RuleGroupByItem: {
          auto &G = static_cast<P::GroupByItemContext &>(R);
          GroupByItem Item;
          Item.Range = range(&G);
          Item.Column = ident(*G.ident());
          if (G.functionName()) {
            Item.Function = functionName(*G.functionName()).Name.Name;
            for (auto *Arg : G.term())
              Item.FunctionArgs.push_back(term(*Arg));
          }
          S->GroupBy.push_back(std::move(Item));
          break;
        }
        case P::RuleOrdering: {
          auto &O = static_cast<P::OrderingContext &>(R);
          Ordering Item;
          Item.Range = range(&O);
          Item.Column = ident(*O.ident());
          Item.Descending = O.K_DESC() != nullptr;
          if (O.term())
            Item.AnnOf = term(*O.term());
          S->OrderBy.push_back(std::move(Item));
          break;
        }
        case P::RuleLimitValue:
          if (&R == Ctx.perPartitionLimit) {
            S->PerPartitionLimit =
                limitValue(static_cast<P::LimitValueContext &>(R));
          } else {
            S->Limit = limitValue(static_cast<P::LimitValueContext &>(R));
            S->LimitRange = Input.tokenRange(LimitToken, R.getStop());
          }
          break;
        case P::RuleBypassCache:
          S->BypassCache = true;
          scyllaOnly(range(&R), "BYPASS CACHE");
          break;
        case P::RuleUsingClause: {
          auto &U = static_cast<P::UsingClauseContext &>(R);
          for (auto *Item : U.usingItem())
            if (!Item->K_TIMEOUT())
              reject(range(Item),
                     "SELECT does not accept USING " +
                         llvm::StringRef(text(Item->getStart())).upper() +
                         "; only writes take a TTL or a timestamp");
          S->Using = usingClause(U);
          break;
        }
        default:
          break;
        }
      });
  return S;
}

Term Transformer::limitValue(P::LimitValueContext &Ctx) const {
  if (Ctx.bindMarker())
    return bindMarker(*Ctx.bindMarker());
  Term T;
  T.Kind = Term::Literal;
  T.LiteralKind = Term::Integer;
  T.Text = text(&Ctx);
  T.Range = range(&Ctx);
  return T;
}

UsingOptions Transformer::usingClause(P::UsingClauseContext &Ctx) {
  UsingOptions U;
  U.Range = range(&Ctx);
  for (auto *Item : Ctx.usingItem()) {
    Term Value = term(*Item->term());
    if (Item->K_TTL())
      U.Ttl = std::move(Value);
    else if (Item->K_TIMESTAMP())
      U.Timestamp = std::move(Value);
    else {
      U.Timeout = std::move(Value);
      scyllaOnly(range(Item), "USING TIMEOUT");
    }
  }
  return U;
}

//===----------------------------------------------------------------------===//
// Selectors
//===----------------------------------------------------------------------===//

Selector Transformer::selector(P::SelectorContext &Ctx) {
  Selector S = selectorExpr(*Ctx.selectorExpr());
  if (Ctx.ident()) {
    S.Alias = ident(*Ctx.ident());
    S.Range = range(&Ctx);
  }
  return S;
}

static Selector binarySelector(std::string Op, Selector Left, Selector Right) {
  Selector S;
  S.Kind = Selector::Arithmetic;
  S.Name = std::move(Op);
  S.Range = SourceRange::join(Left.Range, Right.Range);
  S.Args.push_back(std::move(Left));
  S.Args.push_back(std::move(Right));
  return S;
}

Selector Transformer::selectorExpr(P::SelectorExprContext &Ctx) {
  if (Ctx.children.size() == 1)
    return selectorTerm(*static_cast<P::SelectorTermContext *>(Ctx.children[0]));
  auto Operands = Ctx.selectorTerm();
  Selector Left = selectorTerm(*Operands[0]);
  auto Ops = Ctx.addOp();
  for (size_t I = 0; I < Ops.size(); ++I)
    Left = binarySelector(text(Ops[I]), std::move(Left),
                          selectorTerm(*Operands[I + 1]));
  return Left;
}

Selector Transformer::selectorTerm(P::SelectorTermContext &Ctx) {
  if (Ctx.children.size() == 1)
    return selectorUnary(
        *static_cast<P::SelectorUnaryContext *>(Ctx.children[0]));
  auto Operands = Ctx.selectorUnary();
  Selector Left = selectorUnary(*Operands[0]);
  auto Ops = Ctx.mulOp();
  for (size_t I = 0; I < Ops.size(); ++I)
    Left = binarySelector(text(Ops[I]), std::move(Left),
                          selectorUnary(*Operands[I + 1]));
  return Left;
}

Selector Transformer::selectorUnary(P::SelectorUnaryContext &Ctx) {
  if (Ctx.children.size() == 1)
    return selectorPostfix(
        *static_cast<P::SelectorPostfixContext *>(Ctx.children[0]));
  Selector Inner = selectorUnary(*Ctx.selectorUnary());
  if (Inner.Kind == Selector::ValueTerm && Inner.Value &&
      Inner.Value->Kind == Term::Literal &&
      (Inner.Value->LiteralKind == Term::Integer ||
       Inner.Value->LiteralKind == Term::Float ||
       Inner.Value->LiteralKind == Term::Duration) &&
      Inner.Value->Text[0] != '-') {
    Inner.Value->Text = "-" + Inner.Value->Text;
    Inner.Value->Range = range(&Ctx);
    Inner.Range = range(&Ctx);
    return Inner;
  }
  Selector S;
  S.Kind = Selector::Negation;
  S.Range = range(&Ctx);
  S.Args.push_back(std::move(Inner));
  return S;
}

Selector Transformer::selectorPostfix(P::SelectorPostfixContext &Ctx) {
  Selector S = selectorPrimary(
      *static_cast<P::SelectorPrimaryContext *>(Ctx.children[0]));
  if (Ctx.children.size() == 1)
    return S;
  for (auto *Suffix : Ctx.selectorSuffix()) {
    Selector Outer;
    Outer.Range = Input.tokenRange(Ctx.getStart(), Suffix->getStop());
    if (Suffix->ident()) {
      Outer.Kind = Selector::FieldAccess;
      Outer.Field = ident(*Suffix->ident());
    } else {
      Outer.Kind = Selector::ElementAccess;
      if (Suffix->RANGE()) {
        Outer.IsSlice = true;
        if (Suffix->from)
          Outer.SliceFrom = term(*Suffix->from);
        if (Suffix->to)
          Outer.SliceTo = term(*Suffix->to);
      } else {
        Outer.Element = term(*Suffix->term(0));
      }
    }
    Outer.Args.push_back(std::move(S));
    S = std::move(Outer);
  }
  return S;
}

Selector Transformer::selectorPrimary(P::SelectorPrimaryContext &Ctx) {
  Selector S;
  S.Range = range(&Ctx);
  if (auto *C = dynamic_cast<P::SelColumnContext *>(&Ctx)) {
    S.Kind = Selector::ColumnName;
    S.Column = ident(*C->ident());
    return S;
  }
  if (auto *L = dynamic_cast<P::SelLiteralContext *>(&Ctx)) {
    S.Kind = Selector::ValueTerm;
    S.Value = literal(*L->literal());
    return S;
  }
  if (dynamic_cast<P::SelNullContext *>(&Ctx)) {
    S.Kind = Selector::ValueTerm;
    Term T;
    T.Kind = Term::Null;
    T.Text = "NULL";
    T.Range = S.Range;
    S.Value = std::move(T);
    return S;
  }
  if (auto *M = dynamic_cast<P::SelMarkerContext *>(&Ctx)) {
    S.Kind = Selector::ValueTerm;
    S.Value = bindMarker(*M->bindMarker());
    return S;
  }
  if (auto *C = dynamic_cast<P::SelCastContext *>(&Ctx)) {
    S.Kind = Selector::Cast;
    S.Args.push_back(selectorExpr(*C->selectorExpr()));
    S.Type = type(*C->cqlType());
    return S;
  }
  if (auto *F = dynamic_cast<P::SelFunctionContext *>(&Ctx)) {
    QualifiedName Name = functionName(*F->functionName());
    std::string Full = Name.Keyspace ? Name.Keyspace->Name + "." + Name.Name.Name
                                     : Name.Name.Name;
    auto Args = F->selectorExpr();
    if (F->STAR()) {
      if (Full != "count" && Full != "system.count")
        reject(range(F->STAR()),
               "only COUNT accepts '*' as its argument; name a column");
      S.Kind = Selector::CountStar;
      S.Name = "count";
      return S;
    }
    std::vector<Selector> ArgSelectors;
    for (auto *A : Args)
      ArgSelectors.push_back(selectorExpr(*A));
    bool OneColumn =
        ArgSelectors.size() == 1 && ArgSelectors[0].Kind == Selector::ColumnName;
    if (!Name.Keyspace && OneColumn &&
        (Full == "writetime" || Full == "maxwritetime" || Full == "ttl")) {
      S.Kind = Full == "writetime"      ? Selector::WriteTime
               : Full == "maxwritetime" ? Selector::MaxWriteTime
                                        : Selector::Ttl;
      S.Column = ArgSelectors[0].Column;
      S.Name = Full;
      return S;
    }
    if (!Name.Keyspace && Full == "count" && ArgSelectors.size() == 1 &&
        ArgSelectors[0].Kind == Selector::ValueTerm && ArgSelectors[0].Value &&
        ArgSelectors[0].Value->Text == "1") {
      S.Kind = Selector::CountStar;
      S.Name = "count";
      return S;
    }
    S.Kind = Selector::Function;
    S.Name = Full;
    S.Args = std::move(ArgSelectors);
    return S;
  }
  // Parenthesised, collection and type-hint forms: a function-shaped node
  // whose name says which (printed back the same way).
  S.Kind = Selector::Function;
  if (auto *H = dynamic_cast<P::SelTypeHintContext *>(&Ctx)) {
    S.Name = "(type)";
    S.Type = type(*H->cqlType());
    S.Args.push_back(selectorPrimary(*H->selectorPrimary()));
    return S;
  }
  std::vector<P::SelectorExprContext *> Elements;
  if (auto *T = dynamic_cast<P::SelTupleContext *>(&Ctx)) {
    S.Name = "(tuple)";
    Elements = T->selectorExpr();
  } else if (auto *L = dynamic_cast<P::SelListContext *>(&Ctx)) {
    S.Name = "[list]";
    Elements = L->selectorExpr();
  } else if (auto *St = dynamic_cast<P::SelSetContext *>(&Ctx)) {
    S.Name = "{set}";
    Elements = St->selectorExpr();
  } else if (auto *M = dynamic_cast<P::SelMapContext *>(&Ctx)) {
    S.Name = "{map}";
    Elements = M->selectorExpr();
  }
  // (x) is just x.
  if (S.Name == "(tuple)" && Elements.size() == 1) {
    Selector Inner = selectorExpr(*Elements[0]);
    return Inner;
  }
  for (auto *E : Elements)
    S.Args.push_back(selectorExpr(*E));
  return S;
}

//===----------------------------------------------------------------------===//
// WHERE
//===----------------------------------------------------------------------===//

std::vector<Relation> Transformer::where(P::WhereClauseContext &Ctx) {
  std::vector<Relation> Out;
  for (auto *R : Ctx.relation())
    relation(*R, Out);
  return Out;
}

static RelationOp relationOp(P::RelationOpContext &Ctx) {
  switch (Ctx.getStart()->getType()) {
  case P::LT:
    return RelationOp::Lt;
  case P::LTE:
    return RelationOp::Le;
  case P::GT:
    return RelationOp::Gt;
  case P::GTE:
    return RelationOp::Ge;
  case P::NEQ:
    return RelationOp::Neq;
  default:
    return RelationOp::Eq;
  }
}

void Transformer::inValues(P::InValuesContext &Ctx, std::vector<Term> &Values,
                           bool &InMarker) const {
  if (Ctx.bindMarker()) {
    InMarker = true;
    Values.push_back(bindMarker(*Ctx.bindMarker()));
    return;
  }
  for (auto *T : Ctx.term())
    Values.push_back(term(*T));
}

void Transformer::relation(P::RelationContext &Ctx, std::vector<Relation> &Out) {
  if (auto *Paren = dynamic_cast<P::RelParenContext *>(&Ctx)) {
    relation(*Paren->relation(), Out);
    return;
  }
  Relation R;
  R.Range = range(&Ctx);
  if (auto *C = dynamic_cast<P::RelSimpleContext *>(&Ctx)) {
    // ident relationOp term: read by position (no accessor scans).
    auto *Op = static_cast<P::RelationOpContext *>(C->children[1]);
    R.Columns.push_back(ident(*static_cast<P::IdentContext *>(C->children[0])));
    R.Op = relationOp(*Op);
    R.OpRange = range(Op);
    R.Values.push_back(term(*static_cast<P::TermContext *>(C->children[2])));
  } else if (auto *C = dynamic_cast<P::RelInContext *>(&Ctx)) {
    R.Columns.push_back(ident(*C->ident()));
    R.Op = RelationOp::In;
    R.OpRange = range(C->K_IN());
    inValues(*C->inValues(), R.Values, R.InMarker);
  } else if (auto *C = dynamic_cast<P::RelNotInContext *>(&Ctx)) {
    // A ScyllaDB extension (its relation rule: K_NOT K_IN).
    R.Columns.push_back(ident(*C->ident()));
    R.Op = RelationOp::Neq;
    R.NotIn = true;
    R.OpRange = Input.tokenRange(C->K_NOT()->getSymbol(), C->K_IN()->getSymbol());
    if (Options.Dialect != CqlDialect::ScyllaDb)
      reject(R.OpRange, "CQL has no NOT IN (Cassandra 5.0); list the wanted "
                        "values with IN, or filter in the application "
                        "(ScyllaDB accepts NOT IN: --dialect=scylladb)");
    inValues(*C->inValues(), R.Values, R.InMarker);
  } else if (auto *C = dynamic_cast<P::RelContainsContext *>(&Ctx)) {
    R.Columns.push_back(ident(*C->ident()));
    R.Op = C->K_KEY() ? RelationOp::ContainsKey : RelationOp::Contains;
    R.OpRange = C->K_KEY() ? Input.tokenRange(C->K_CONTAINS()->getSymbol(),
                                              C->K_KEY()->getSymbol())
                           : range(C->K_CONTAINS());
    R.Values.push_back(term(*C->term()));
  } else if (auto *C = dynamic_cast<P::RelLikeContext *>(&Ctx)) {
    R.Columns.push_back(ident(*C->ident()));
    R.Op = RelationOp::Like;
    R.OpRange = range(C->K_LIKE());
    R.Values.push_back(term(*C->term()));
  } else if (auto *C = dynamic_cast<P::RelIsNotNullContext *>(&Ctx)) {
    R.Columns.push_back(ident(*C->ident()));
    R.Op = RelationOp::IsNotNull;
    R.OpRange = Input.tokenRange(C->K_IS()->getSymbol(),
                                 C->K_NULL()->getSymbol());
  } else if (auto *C = dynamic_cast<P::RelElementContext *>(&Ctx)) {
    R.Target = Relation::MapElement;
    R.Columns.push_back(ident(*C->ident()));
    R.Key = term(*C->key);
    R.Op = relationOp(*C->relationOp());
    R.OpRange = range(C->relationOp());
    R.Values.push_back(term(*C->value));
  } else if (auto *C = dynamic_cast<P::RelTokenContext *>(&Ctx)) {
    R.Target = Relation::Token;
    for (auto *Id : C->ident())
      R.Columns.push_back(ident(*Id));
    R.Op = relationOp(*C->relationOp());
    R.OpRange = range(C->relationOp());
    R.Values.push_back(term(*C->term()));
  } else if (auto *C = dynamic_cast<P::RelTupleContext *>(&Ctx)) {
    R.Target = Relation::ColumnTuple;
    for (auto *Id : C->ident())
      R.Columns.push_back(ident(*Id));
    R.Op = relationOp(*C->relationOp());
    R.OpRange = range(C->relationOp());
    R.Values.push_back(term(*C->term()));
  } else if (auto *C = dynamic_cast<P::RelTupleInContext *>(&Ctx)) {
    R.Target = Relation::ColumnTuple;
    for (auto *Id : C->ident())
      R.Columns.push_back(ident(*Id));
    R.Op = RelationOp::In;
    R.OpRange = range(C->K_IN());
    inValues(*C->inValues(), R.Values, R.InMarker);
  } else if (auto *C = dynamic_cast<P::RelCustomIndexContext *>(&Ctx)) {
    Identifier Fn = ident(*C->ident(0));
    if (Fn.Name != "expr" || Fn.Quoted) {
      reject(Fn.Range, "functions are not allowed on the left side of a "
                       "relation; only expr(index, value) names a custom "
                       "index query");
      return;
    }
    R.Target = Relation::CustomIndex;
    R.Columns.push_back(ident(*C->ident(1)));
    R.OpRange = Fn.Range;
    R.Values.push_back(term(*C->term()));
  }
  Out.push_back(std::move(R));
}

} // namespace nosqlint::cql
