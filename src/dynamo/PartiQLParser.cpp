//===- PartiQLParser.cpp - DynamoDB PartiQL: ANTLR tree to IR -------------===//
#include "nosqlint/Dynamo/PartiQL.h"

#include "AntlrSupport.h"
#include "BudgetedTokenStream.h"

#include "PartiQLLexer.h"
#include "PartiQLParser.h"

namespace nosqlint::dynamo {

namespace gen = nosqlint_partiql_gen;
using P = gen::PartiQLParser;

namespace {

std::string unquote(const std::string &Text) {
  if (Text.size() < 2 || (Text.front() != '"' && Text.front() != '\''))
    return Text;
  char Q = Text.front();
  std::string Out;
  for (size_t I = 1; I + 1 < Text.size(); ++I) {
    Out += Text[I];
    if (Text[I] == Q && I + 2 < Text.size() && Text[I + 1] == Q)
      ++I;
  }
  return Out;
}

class Converter {
public:
  Converter(const TextMapper &Map, Statement &S) : Map(Map), S(S) {}

  PqlExpr expr(P::ExprContext *C);
  PqlExpr path(P::PathContext *C);
  std::string name(P::NameContext *C) { return unquote(C->getText()); }

private:
  PqlExpr node(PqlExpr::KindType K, antlr4::ParserRuleContext *C) {
    PqlExpr E;
    E.Kind = K;
    E.Range = Map.contextRange(C);
    return E;
  }
  void addAll(PqlExpr &E, const std::vector<P::ExprContext *> &Children) {
    for (P::ExprContext *C : Children)
      E.Children.push_back(expr(C));
  }

  const TextMapper &Map;
  Statement &S;
};

PqlExpr Converter::path(P::PathContext *C) {
  PqlExpr E = node(PqlExpr::Path, C);
  E.Text = name(C->name());
  for (P::PathStepContext *Step : C->pathStep())
    if (auto *I = dynamic_cast<P::IndexStepContext *>(Step))
      E.Children.push_back(expr(I->expr()));
  return E;
}

PqlExpr Converter::expr(P::ExprContext *C) {
  if (auto *N = dynamic_cast<P::NotExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::Not, N);
    E.Children.push_back(expr(N->expr()));
    return E;
  }
  if (auto *A = dynamic_cast<P::AndExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::And, A);
    addAll(E, A->expr());
    return E;
  }
  if (auto *O = dynamic_cast<P::OrExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::Or, O);
    addAll(E, O->expr());
    return E;
  }
  if (auto *Cm = dynamic_cast<P::CompareExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::Compare, Cm);
    E.Text = Cm->comparator()->getText();
    addAll(E, Cm->expr());
    return E;
  }
  if (auto *B = dynamic_cast<P::BetweenExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::Between, B);
    E.Negated = B->NOT() != nullptr;
    addAll(E, B->expr());
    return E;
  }
  if (auto *In = dynamic_cast<P::InExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::In, In);
    E.Negated = In->NOT() != nullptr;
    addAll(E, In->expr());
    return E;
  }
  if (auto *Is = dynamic_cast<P::IsExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::Is, Is);
    E.Negated = Is->NOT() != nullptr;
    E.Text = Is->MISSING() ? "MISSING" : "NULL";
    E.Children.push_back(expr(Is->expr()));
    return E;
  }
  if (auto *Ar = dynamic_cast<P::ArithmeticExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::Arithmetic, Ar);
    E.Text.assign(1, Ar->PLUS() ? '+' : '-');
    addAll(E, Ar->expr());
    return E;
  }
  if (auto *F = dynamic_cast<P::FunctionExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::Function, F);
    E.Text = F->IDENTIFIER()->getText();
    addAll(E, F->expr());
    return E;
  }
  if (auto *Pa = dynamic_cast<P::ParenExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::Paren, Pa);
    addAll(E, Pa->expr());
    return E;
  }
  if (auto *Pt = dynamic_cast<P::PathExprContext *>(C))
    return path(Pt->path());
  if (auto *L = dynamic_cast<P::LiteralExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::Literal, L);
    E.Text = L->getText();
    return E;
  }
  if (auto *Q = dynamic_cast<P::ParameterExprContext *>(C)) {
    ++S.Parameters;
    return node(PqlExpr::Parameter, Q);
  }
  if (auto *T = dynamic_cast<P::TupleExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::Tuple, T);
    for (P::PairContext *Pr : T->pair()) {
      PqlExpr Key = node(PqlExpr::Literal, Pr);
      Key.Text = unquote(Pr->children.front()->getText());
      Key.Range = Map.tokenRange(Pr->getStart());
      E.Children.push_back(std::move(Key));
      E.Children.push_back(expr(Pr->expr()));
    }
    return E;
  }
  if (auto *Li = dynamic_cast<P::ListExprContext *>(C)) {
    PqlExpr E = node(PqlExpr::List, Li);
    addAll(E, Li->expr());
    return E;
  }
  auto *Bag = static_cast<P::BagExprContext *>(C);
  PqlExpr E = node(PqlExpr::Bag, Bag);
  addAll(E, Bag->expr());
  return E;
}

} // namespace

Statement parsePartiQL(llvm::StringRef Text, const TextOrigin &Origin) {
  Statement S;
  TextMapper Map(Text, Origin);
  S.Range = Map.bytes(0, static_cast<uint32_t>(Text.size()));
  if (Text.trim().empty()) {
    S.Errors.push_back({"Statement wasn't well formed, can't be processed: "
                        "Empty statement",
                        S.Range});
    return S;
  }
  // DynamoDB's limit on a statement, then ours on nesting.
  if (Text.size() > 8192) {
    S.Errors.push_back({"1 validation error detected: Value at 'statement' "
                        "failed to satisfy constraint: Member must have "
                        "length less than or equal to 8192",
                        S.Range});
    return S;
  }
  if (unsigned Depth = nestingDepth(Text); Depth > MaxNesting) {
    S.Errors.push_back({"Statement wasn't well formed, can't be processed: "
                        "it nests " + std::to_string(Depth) +
                            " levels deep; nosqlint analyzes at most " +
                            std::to_string(MaxNesting),
                        S.Range});
    return S;
  }
  antlr4::ANTLRInputStream Input(Text.str());
  gen::PartiQLLexer Lexer(&Input);
  Lexer.removeErrorListeners();
  antlr::BudgetedTokenStream Tokens(&Lexer);
  Tokens.fill();
  Tokens.setBudget(predictionBudget(Tokens.size()));
  P Parser(&Tokens);
  Parser.removeErrorListeners();
  FirstErrorListener Errors;
  Parser.addErrorListener(&Errors);
  P::StatementContext *Tree = nullptr;
  try {
    Tree = Parser.statement();
  } catch (antlr::PredictionBudgetExceeded &) {
    S.Errors.push_back({"Statement wasn't well formed, can't be processed: "
                        "it is too complex for nosqlint to analyze (its "
                        "parse needed more lookahead than the budget of " +
                            std::to_string(PredictionBudgetBase) +
                            " + " +
                            std::to_string(PredictionBudgetPerToken) +
                            " steps per token)",
                        S.Range});
    return S;
  }
  if (Errors.First) {
    const antlr4::Token *T = Errors.First->Offending;
    S.Errors.push_back({"Statement wasn't well formed, can't be processed: " +
                            syntaxErrorMessage(Tokens, T),
                        Map.tokenRange(T)});
    return S;
  }

  Converter Conv(Map, S);
  auto Where = [&](P::WhereClauseContext *W) {
    if (W)
      S.Where = Conv.expr(W->expr());
  };
  auto Table = [&](P::NameContext *N) {
    S.Table = Conv.name(N);
    S.TableRange = Map.contextRange(N);
  };
  if (P::SelectStatementContext *Sel = Tree->selectStatement()) {
    S.Kind = Statement::Select;
    P::TableRefContext *Ref = Sel->tableRef();
    Table(Ref->name(0));
    if (Ref->name().size() > 1) {
      S.Index = Conv.name(Ref->name(1));
      S.IndexRange = Map.contextRange(Ref->name(1));
    }
    S.SelectStar = Sel->selectList()->STAR() != nullptr;
    for (P::ExprContext *E : Sel->selectList()->expr())
      S.Items.push_back(Conv.expr(E));
    Where(Sel->whereClause());
  } else if (P::InsertStatementContext *Ins = Tree->insertStatement()) {
    S.Kind = Statement::Insert;
    Table(Ins->name());
    S.Items.push_back(Conv.expr(Ins->expr()));
  } else if (P::UpdateStatementContext *Up = Tree->updateStatement()) {
    S.Kind = Statement::Update;
    Table(Up->name());
    for (P::UpdateActionContext *A : Up->updateAction())
      if (auto *Set = dynamic_cast<P::SetActionContext *>(A))
        for (size_t I = 0; I < Set->path().size(); ++I) {
          S.Items.push_back(Conv.path(Set->path(I)));
          Conv.expr(Set->expr(I)); // counts its parameters
        }
      else
        for (P::PathContext *Pa : static_cast<P::RemoveActionContext *>(A)->path())
          S.Items.push_back(Conv.path(Pa));
    Where(Up->whereClause());
  } else if (P::DeleteStatementContext *Del = Tree->deleteStatement()) {
    S.Kind = Statement::Delete;
    Table(Del->name());
    Where(Del->whereClause());
  }
  return S;
}

} // namespace nosqlint::dynamo
