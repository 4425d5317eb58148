//===- TransformModify.cpp - INSERT, UPDATE, DELETE, BATCH ----------------===//
#include "Transform.h"

namespace nosqlint::cql {

std::unique_ptr<Statement>
Transformer::insert(P::InsertStatementContext &Ctx) {
  auto S = std::make_unique<InsertStatement>();
  S->Range = range(&Ctx);
  forEachChild(
      Ctx,
      [&](antlr4::Token &T) {
        switch (T.getType()) {
        case P::K_JSON:
          S->Json = true;
          break;
        case P::K_NULL: // DEFAULT NULL (terms are nested contexts)
          S->JsonDefault = InsertStatement::DefaultNull;
          break;
        case P::K_UNSET:
          S->JsonDefault = InsertStatement::DefaultUnset;
          break;
        case P::K_EXISTS:
          S->IfNotExists = true;
          break;
        default:
          break;
        }
      },
      [&](antlr4::ParserRuleContext &R) {
        switch (R.getRuleIndex()) {
        case P::RuleTableName:
          S->Table = tableName(static_cast<P::TableNameContext &>(R));
          break;
        case P::RuleIdent:
          S->Columns.push_back(ident(static_cast<P::IdentContext &>(R)));
          break;
        case P::RuleTerm: {
          // A count mismatch is Cassandra's "Unmatched column names/values",
          // a semantic error the checker reports (invalid-query).
          Term T = term(static_cast<P::TermContext &>(R));
          if (S->Json)
            S->JsonValue = std::move(T);
          else
            S->Values.push_back(std::move(T));
          break;
        }
        case P::RuleUsingClause:
          S->Using = usingClause(static_cast<P::UsingClauseContext &>(R));
          break;
        default:
          break;
        }
      });
  return S;
}

void Transformer::ifClause(P::IfClauseContext &Ctx, bool &IfExists,
                           std::vector<Condition> &Conditions) {
  if (Ctx.K_EXISTS()) {
    IfExists = true;
    return;
  }
  for (auto *C : Ctx.condition()) {
    Condition Cond;
    Cond.Range = range(C);
    Cond.Column = ident(*C->ident());
    if (auto *Target = C->conditionTarget()) {
      if (Target->ident())
        Cond.Field = ident(*Target->ident());
      else
        Cond.Element = term(*Target->term());
    }
    if (C->relationOp()) {
      switch (C->relationOp()->getStart()->getType()) {
      case P::LT: Cond.Op = RelationOp::Lt; break;
      case P::LTE: Cond.Op = RelationOp::Le; break;
      case P::GT: Cond.Op = RelationOp::Gt; break;
      case P::GTE: Cond.Op = RelationOp::Ge; break;
      case P::NEQ: Cond.Op = RelationOp::Neq; break;
      default: Cond.Op = RelationOp::Eq; break;
      }
      Cond.Values.push_back(term(*C->term()));
    } else if (C->K_NOT()) {
      // ScyllaDB's columnCondition takes NOT IN; Cassandra's grammar stops
      // at NOT (its parser: "no viable alternative at input 'NOT'").
      Cond.Op = RelationOp::Neq;
      Cond.NotIn = true;
      inValues(*C->inValues(), Cond.Values, Cond.InMarker);
      if (Options.Dialect != CqlDialect::ScyllaDb)
        reject(Input.tokenRange(C->K_NOT()->getSymbol(), C->K_IN()->getSymbol()),
               "Cassandra's grammar has no NOT IN in IF conditions: Cassandra "
               "answers with a syntax error (no viable alternative at input "
               "'NOT'); list the accepted values with IN (ScyllaDB accepts NOT "
               "IN: --dialect=scylladb)");
    } else if (C->K_LIKE()) {
      // ScyllaDB's relationType has LIKE, so its conditions take it;
      // Cassandra's columnCondition does not.
      Cond.Op = RelationOp::Like;
      Cond.Values.push_back(term(*C->term()));
      if (Options.Dialect != CqlDialect::ScyllaDb)
        reject(range(C->K_LIKE()),
               "Cassandra's grammar has no LIKE in IF conditions: Cassandra "
               "answers with a syntax error; compare with = or IN (ScyllaDB "
               "accepts LIKE: --dialect=scylladb)");
    } else if (C->K_IN()) {
      Cond.Op = RelationOp::In;
      inValues(*C->inValues(), Cond.Values, Cond.InMarker);
    } else {
      Cond.Op = C->K_KEY() ? RelationOp::ContainsKey : RelationOp::Contains;
      Cond.Values.push_back(term(*C->term()));
      // ScyllaDB's columnCondition rule has no CONTAINS at all (an operator,
      // IN or NOT IN only; its issue #13586).
      if (Options.Dialect == CqlDialect::ScyllaDb)
        reject(Cond.Range,
               std::string("ScyllaDB's grammar has no CONTAINS") +
                   (C->K_KEY() ? " KEY" : "") +
                   " in IF conditions: ScyllaDB answers with a syntax error "
                   "(Cassandra 5.0 accepts it)");
      // Cassandra's grammar takes CONTAINS on a whole column only: after
      // col[e] or col.f only an operator or IN may follow.
      else if (Cond.Element || Cond.Field)
        reject(Cond.Range, "CONTAINS applies to a whole column in an IF "
                           "condition, not to an element or field ('" +
                               Cond.Column.Name + (Cond.Field ? "." : "[...]") +
                               "' takes =, <, >, !=, IN)");
    }
    Conditions.push_back(std::move(Cond));
  }
}

static Assignment::KindType compoundKind(P::AssignCompoundContext &C) {
  return C.PLUS_EQ() ? Assignment::Add : Assignment::Subtract;
}

Assignment Transformer::assignment(P::AssignmentContext &Ctx) {
  P::AssignmentContext *A = &Ctx;
  Assignment Item;
  Item.Range = range(A);
  if (dynamic_cast<P::AssignSetContext *>(A)) {
    // ident '=' term: read by position (no accessor scans).
    Item.Kind = Assignment::Set;
    Item.Column = ident(*static_cast<P::IdentContext *>(A->children[0]));
    Item.Value = term(*static_cast<P::TermContext *>(A->children[2]));
  } else if (auto *C = dynamic_cast<P::AssignAddSubContext *>(A)) {
    Item.Column = ident(*C->ident(0));
    Identifier Other = ident(*C->other);
    if (Other.Name != Item.Column.Name || Other.Quoted != Item.Column.Quoted)
      reject(Other.Range, "only '" + Item.Column.Name + " = " +
                              Item.Column.Name +
                              " + value' may refer to a column on the right "
                              "of '='; '" + Other.Name +
                              "' is a different column");
    Item.Kind = C->PLUS() ? Assignment::Add : Assignment::Subtract;
    Item.Value = term(*C->term());
  } else if (auto *C = dynamic_cast<P::AssignPrependContext *>(A)) {
    Item.Column = ident(*C->ident(0));
    Identifier Other = ident(*C->other);
    if (Other.Name != Item.Column.Name || Other.Quoted != Item.Column.Quoted)
      reject(Other.Range, "only 'col = value + col' may prepend; '" +
                              Other.Name + "' is a different column");
    Item.Kind = Assignment::Prepend;
    Item.Value = term(*C->term());
  } else if (auto *C = dynamic_cast<P::AssignCompoundContext *>(A)) {
    Item.Column = ident(*C->ident());
    Item.Kind = compoundKind(*C);
    Item.Value = term(*C->term());
  } else if (auto *C = dynamic_cast<P::AssignElementContext *>(A)) {
    Item.Kind = Assignment::SetElement;
    Item.Column = ident(*C->ident());
    Item.Element = term(*C->key);
    Item.Value = term(*C->value);
  } else if (auto *C = dynamic_cast<P::AssignFieldContext *>(A)) {
    Item.Kind = Assignment::SetField;
    Item.Column = ident(*C->ident(0));
    Item.Field = ident(*C->field);
    Item.Value = term(*C->term());
  }
  return Item;
}

/// Operation.RawUpdate.isCompatibleWith: a column set whole (c = v) takes
/// no other assignment, nor may one field be set twice. Cassandra's parser
/// refuses the statement (addRawUpdate, a recognition error); ScyllaDB's
/// grammar takes it and its update_statement refuses it when it prepares
/// the statement, with the same words (the checker reports that one).
void Transformer::checkCompatibleAssignment(
    const std::vector<Assignment> &Earlier, const Assignment &A) {
  if (Options.Dialect == CqlDialect::ScyllaDb)
    return;
  for (const Assignment &Prev : Earlier) {
    if (Prev.Column.Name != A.Column.Name ||
        Prev.Column.Quoted != A.Column.Quoted)
      continue;
    bool Compatible = Prev.Kind != Assignment::Set && A.Kind != Assignment::Set;
    if (Compatible && Prev.Kind == Assignment::SetField &&
        A.Kind == Assignment::SetField && Prev.Field && A.Field)
      Compatible = Prev.Field->Name != A.Field->Name;
    if (!Compatible) {
      reject(A.Range,
             "Multiple incompatible setting of column " + A.Column.Name);
      return;
    }
  }
}

std::unique_ptr<Statement>
Transformer::update(P::UpdateStatementContext &Ctx) {
  auto S = std::make_unique<UpdateStatement>();
  S->Range = range(&Ctx);
  antlr4::Token *WhereToken = nullptr;
  forEachChild(
      Ctx,
      [&](antlr4::Token &T) {
        if (T.getType() == P::K_WHERE)
          WhereToken = &T;
      },
      [&](antlr4::ParserRuleContext &R) {
        switch (R.getRuleIndex()) {
        case P::RuleTableName:
          S->Table = tableName(static_cast<P::TableNameContext &>(R));
          break;
        case P::RuleUsingClause:
          S->Using = usingClause(static_cast<P::UsingClauseContext &>(R));
          break;
        case P::RuleAssignment: {
          Assignment A = assignment(static_cast<P::AssignmentContext &>(R));
          checkCompatibleAssignment(S->Assignments, A);
          S->Assignments.push_back(std::move(A));
          break;
        }
        case P::RuleWhereClause:
          S->Where = where(static_cast<P::WhereClauseContext &>(R));
          S->WhereRange = Input.tokenRange(WhereToken, R.getStop());
          break;
        case P::RuleIfClause:
          ifClause(static_cast<P::IfClauseContext &>(R), S->IfExists,
                   S->Conditions);
          break;
        default:
          break;
        }
      });
  return S;
}

std::unique_ptr<Statement>
Transformer::remove(P::DeleteStatementContext &Ctx) {
  auto S = std::make_unique<DeleteStatement>();
  S->Range = range(&Ctx);
  antlr4::Token *WhereToken = nullptr;
  forEachChild(
      Ctx,
      [&](antlr4::Token &T) {
        if (T.getType() == P::K_WHERE)
          WhereToken = &T;
      },
      [&](antlr4::ParserRuleContext &R) {
        switch (R.getRuleIndex()) {
        case P::RuleDeleteTarget: {
          auto &T = static_cast<P::DeleteTargetContext &>(R);
          DeleteTarget Target;
          Target.Range = range(&T);
          auto Ids = T.ident();
          Target.Column = ident(*Ids[0]);
          if (Ids.size() > 1)
            Target.Field = ident(*Ids[1]);
          else if (T.term())
            Target.Element = term(*T.term());
          S->Targets.push_back(std::move(Target));
          break;
        }
        case P::RuleTableName:
          S->Table = tableName(static_cast<P::TableNameContext &>(R));
          break;
        case P::RuleUsingClause: {
          auto &U = static_cast<P::UsingClauseContext &>(R);
          for (auto *Item : U.usingItem())
            if (Item->K_TTL())
              reject(range(Item), "DELETE does not accept USING TTL (a "
                                  "deletion has no time to live); only "
                                  "USING TIMESTAMP");
          S->Using = usingClause(U);
          break;
        }
        case P::RuleWhereClause:
          S->Where = where(static_cast<P::WhereClauseContext &>(R));
          S->WhereRange = Input.tokenRange(WhereToken, R.getStop());
          break;
        case P::RuleIfClause:
          ifClause(static_cast<P::IfClauseContext &>(R), S->IfExists,
                   S->Conditions);
          break;
        case P::RuleBypassGuardrails: {
          auto &B = static_cast<P::BypassGuardrailsContext &>(R);
          if (!llvm::StringRef(text(B.IDENT()->getSymbol()))
                   .equals_insensitive("large_data_guardrails"))
            reject(range(B.IDENT()),
                   "expected LARGE_DATA_GUARDRAILS after BYPASS");
          else
            scyllaOnly(range(&B), "BYPASS LARGE_DATA_GUARDRAILS");
          break;
        }
        default:
          break;
        }
      });
  return S;
}

std::unique_ptr<Statement>
Transformer::batch(P::BatchStatementContext &Ctx) {
  auto S = std::make_unique<BatchStatement>();
  S->Range = range(&Ctx);
  if (Ctx.K_UNLOGGED())
    S->BatchKind = BatchStatement::Unlogged;
  else if (Ctx.K_COUNTER())
    S->BatchKind = BatchStatement::Counter;
  // USING TTL parses (Cassandra rejects it later: the checker reports it).
  if (auto *U = Ctx.usingClause())
    S->Using = usingClause(*U);
  for (auto *Child : Ctx.batchChild()) {
    if (Child->insertStatement())
      S->Children.push_back(insert(*Child->insertStatement()));
    else if (Child->updateStatement())
      S->Children.push_back(update(*Child->updateStatement()));
    else
      S->Children.push_back(remove(*Child->deleteStatement()));
  }
  return S;
}

} // namespace nosqlint::cql
