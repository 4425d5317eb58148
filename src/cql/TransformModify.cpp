//===- TransformModify.cpp - INSERT, UPDATE, DELETE, BATCH ----------------===//
#include "Transform.h"

namespace nosqlint::cql {

std::unique_ptr<Statement>
Transformer::insert(P::InsertStatementContext &Ctx) {
  auto S = std::make_unique<InsertStatement>();
  S->Range = range(&Ctx);
  S->Table = tableName(*Ctx.tableName());
  for (auto *Id : Ctx.ident())
    S->Columns.push_back(ident(*Id));
  auto Terms = Ctx.term();
  if (Ctx.K_JSON()) {
    S->Json = true;
    S->JsonValue = term(*Terms[0]);
    if (Ctx.K_DEFAULT())
      S->JsonDefault = Ctx.K_UNSET() ? InsertStatement::DefaultUnset
                                     : InsertStatement::DefaultNull;
  } else {
    // A count mismatch is Cassandra's "Unmatched column names/values", a
    // semantic error the checker reports (invalid-query).
    for (auto *T : Terms)
      S->Values.push_back(term(*T));
  }
  S->IfNotExists = Ctx.K_EXISTS() != nullptr;
  if (auto *U = Ctx.usingClause()) {
    S->Using = usingClause(*U);
  }
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
    } else if (C->K_IN()) {
      Cond.Op = RelationOp::In;
      inValues(*C->inValues(), Cond.Values, Cond.InMarker);
    } else {
      Cond.Op = C->K_KEY() ? RelationOp::ContainsKey : RelationOp::Contains;
      Cond.Values.push_back(term(*C->term()));
    }
    Conditions.push_back(std::move(Cond));
  }
}

static Assignment::KindType compoundKind(P::AssignCompoundContext &C) {
  return C.PLUS_EQ() ? Assignment::Add : Assignment::Subtract;
}

std::unique_ptr<Statement>
Transformer::update(P::UpdateStatementContext &Ctx) {
  auto S = std::make_unique<UpdateStatement>();
  S->Range = range(&Ctx);
  S->Table = tableName(*Ctx.tableName());
  if (auto *U = Ctx.usingClause())
    S->Using = usingClause(*U);
  for (auto *A : Ctx.assignment()) {
    Assignment Item;
    Item.Range = range(A);
    if (auto *C = dynamic_cast<P::AssignSetContext *>(A)) {
      Item.Kind = Assignment::Set;
      Item.Column = ident(*C->ident());
      Item.Value = term(*C->term());
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
    S->Assignments.push_back(std::move(Item));
  }
  S->Where = where(*Ctx.whereClause());
  S->WhereRange = Input.tokenRange(Ctx.K_WHERE()->getSymbol(),
                                   Ctx.whereClause()->getStop());
  if (auto *If = Ctx.ifClause())
    ifClause(*If, S->IfExists, S->Conditions);
  return S;
}

std::unique_ptr<Statement>
Transformer::remove(P::DeleteStatementContext &Ctx) {
  auto S = std::make_unique<DeleteStatement>();
  S->Range = range(&Ctx);
  for (auto *T : Ctx.deleteTarget()) {
    DeleteTarget Target;
    Target.Range = range(T);
    auto Ids = T->ident();
    Target.Column = ident(*Ids[0]);
    if (Ids.size() > 1)
      Target.Field = ident(*Ids[1]);
    else if (T->term())
      Target.Element = term(*T->term());
    S->Targets.push_back(std::move(Target));
  }
  S->Table = tableName(*Ctx.tableName());
  if (auto *U = Ctx.usingClause()) {
    for (auto *Item : U->usingItem())
      if (Item->K_TTL())
        reject(range(Item), "DELETE does not accept USING TTL (a deletion "
                            "has no time to live); only USING TIMESTAMP");
    S->Using = usingClause(*U);
  }
  S->Where = where(*Ctx.whereClause());
  S->WhereRange = Input.tokenRange(Ctx.K_WHERE()->getSymbol(),
                                   Ctx.whereClause()->getStop());
  if (auto *If = Ctx.ifClause())
    ifClause(*If, S->IfExists, S->Conditions);
  if (auto *B = Ctx.bypassGuardrails()) {
    if (!llvm::StringRef(text(B->IDENT()->getSymbol()))
             .equals_insensitive("large_data_guardrails"))
      reject(range(B->IDENT()), "expected LARGE_DATA_GUARDRAILS after BYPASS");
    else
      scyllaOnly(range(B), "BYPASS LARGE_DATA_GUARDRAILS");
  }
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
