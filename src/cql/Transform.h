//===- Transform.h - Parse tree to IR, the one place that reads contexts -*- C++ -*-===//
//
// A Transformer turns one successfully parsed statement into IR. Its
// functions are typed (one per grammar rule, taking the generated
// XxxContext&) and live in one .cpp per statement family:
//   TransformTerm.cpp    names, types, terms, properties
//   TransformSelect.cpp  SELECT, selectors, WHERE relations
//   TransformModify.cpp  INSERT, UPDATE, DELETE, BATCH, IF conditions
//   TransformDdl.cpp     keyspaces, tables, indexes, views, types, DROP, USE
//   TransformOther.cpp   functions, roles, permissions, COMMENT ON, ...
// Constructs the grammar accepts but the dialect does not (ScyllaDB
// extensions under Cassandra, DELETE ... USING TTL) are reported here; the
// statement is then dropped.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_TRANSFORM_H
#define NOSQLINT_CQL_TRANSFORM_H

#include "ParseInput.h"

#include "nosqlint/Cql/Parser.h"
#include "nosqlint/IR/Cql.h"

#include "CqlParser.h"

#include <memory>
#include <string>

namespace nosqlint {
class DiagnosticEngine;
}

namespace nosqlint::cql {

namespace gen = nosqlint_cql_gen;
using P = gen::CqlParser;

class Transformer {
public:
  Transformer(const ParseInput &Input, const ParseOptions &Options,
              DiagnosticEngine &Diags)
      : Input(Input), Options(Options), Diags(Diags) {}

  /// Null when the statement was rejected (a diagnostic was reported).
  std::unique_ptr<Statement> transform(P::StatementContext &Ctx);

  // Shared pieces (TransformTerm.cpp).
  SourceRange range(antlr4::ParserRuleContext *Ctx) const {
    return Input.contextRange(Ctx);
  }
  SourceRange range(antlr4::tree::TerminalNode *Node) const {
    return Input.tokenRange(Node->getSymbol());
  }
  SourceRange range(antlr4::Token *T) const { return Input.tokenRange(T); }
  std::string text(antlr4::ParserRuleContext *Ctx) const;
  std::string text(antlr4::Token *T) const {
    return Input.tokenText(T).str();
  }
  Identifier ident(P::IdentContext &Ctx) const;
  Identifier roleName(P::RoleNameContext &Ctx) const;
  QualifiedName tableName(P::TableNameContext &Ctx) const;
  QualifiedName userTypeName(P::UserTypeNameContext &Ctx) const;
  QualifiedName functionName(P::FunctionNameContext &Ctx) const;
  CqlType type(P::CqlTypeContext &Ctx) const;
  Term term(P::TermContext &Ctx) const;
  Term termMul(P::TermMulContext &Ctx) const;
  Term termUnary(P::TermUnaryContext &Ctx) const;
  Term termPrimary(P::TermPrimaryContext &Ctx) const;
  Term literal(P::LiteralContext &Ctx) const;
  Term bindMarker(P::BindMarkerContext &Ctx) const;
  Property property(P::PropertyContext &Ctx) const;
  std::vector<Property> properties(P::PropertiesContext &Ctx) const;
  /// Table options; CLUSTERING ORDER and COMPACT STORAGE go to the out-params.
  void tableOptions(P::TableOptionsContext &Ctx, std::vector<Property> &Props,
                    std::vector<ClusteringOrder> *Orders,
                    bool *CompactStorage) const;

  // SELECT (TransformSelect.cpp).
  std::unique_ptr<Statement> select(P::SelectStatementContext &Ctx);
  Selector selector(P::SelectorContext &Ctx);
  Selector selectorExpr(P::SelectorExprContext &Ctx);
  Selector selectorTerm(P::SelectorTermContext &Ctx);
  Selector selectorUnary(P::SelectorUnaryContext &Ctx);
  Selector selectorPostfix(P::SelectorPostfixContext &Ctx);
  Selector selectorPrimary(P::SelectorPrimaryContext &Ctx);
  std::vector<Relation> where(P::WhereClauseContext &Ctx);
  void relation(P::RelationContext &Ctx, std::vector<Relation> &Out);
  Term limitValue(P::LimitValueContext &Ctx) const;
  void inValues(P::InValuesContext &Ctx, std::vector<Term> &Values,
                bool &InMarker) const;
  UsingOptions usingClause(P::UsingClauseContext &Ctx);

  // INSERT, UPDATE, DELETE, BATCH (TransformModify.cpp).
  std::unique_ptr<Statement> insert(P::InsertStatementContext &Ctx);
  std::unique_ptr<Statement> update(P::UpdateStatementContext &Ctx);
  std::unique_ptr<Statement> remove(P::DeleteStatementContext &Ctx);
  std::unique_ptr<Statement> batch(P::BatchStatementContext &Ctx);
  void checkCompatibleAssignment(const std::vector<Assignment> &Earlier,
                                 const Assignment &A);
  Assignment assignment(P::AssignmentContext &Ctx);
  void ifClause(P::IfClauseContext &Ctx, bool &IfExists,
                std::vector<Condition> &Conditions);

  // DDL (TransformDdl.cpp).
  std::unique_ptr<Statement> createKeyspace(P::CreateKeyspaceStatementContext &Ctx);
  std::unique_ptr<Statement> alterKeyspace(P::AlterKeyspaceStatementContext &Ctx);
  std::unique_ptr<Statement> createTable(P::CreateTableStatementContext &Ctx);
  std::unique_ptr<Statement> alterTable(P::AlterTableStatementContext &Ctx);
  std::unique_ptr<Statement> createIndex(P::CreateIndexStatementContext &Ctx);
  std::unique_ptr<Statement> createView(P::CreateViewStatementContext &Ctx);
  std::unique_ptr<Statement> alterView(P::AlterViewStatementContext &Ctx);
  std::unique_ptr<Statement> createType(P::CreateTypeStatementContext &Ctx);
  std::unique_ptr<Statement> alterType(P::AlterTypeStatementContext &Ctx);
  std::unique_ptr<Statement> drop(P::DropStatementContext &Ctx);
  std::unique_ptr<Statement> use(P::UseStatementContext &Ctx);
  ColumnDefinition columnDefinition(P::ColumnDefinitionContext &Ctx);

  // Everything else (TransformOther.cpp).
  std::unique_ptr<Statement> other(antlr4::ParserRuleContext &Ctx,
                                   std::string Keyword,
                                   P::TableNameContext *Table = nullptr);
  std::unique_ptr<Statement> otherStatement(P::StatementContext &Ctx);

  /// Reports a construct the dialect does not accept; the statement is dropped.
  void reject(SourceRange Range, std::string Message);
  /// A ScyllaDB extension: fine under ScyllaDb, rejected under Cassandra.
  void scyllaOnly(SourceRange Range, llvm::StringRef What);
  bool failed() const { return Failed; }

private:
  const ParseInput &Input;
  const ParseOptions &Options;
  DiagnosticEngine &Diags;
  bool Failed = false;
};

/// Visits a context's children once: \p OnToken for terminals, \p OnRule
/// for rule contexts (dispatch on getRuleIndex()). The generated accessors
/// dynamic_cast every child on every call; one pass is much cheaper for the
/// statements parsed most (SELECT, INSERT, UPDATE, DELETE).
template <typename TokenFn, typename RuleFn>
void forEachChild(antlr4::ParserRuleContext &Ctx, TokenFn OnToken,
                  RuleFn OnRule) {
  for (antlr4::tree::ParseTree *Child : Ctx.children) {
    if (auto *Rule = dynamic_cast<antlr4::ParserRuleContext *>(Child))
      OnRule(*Rule);
    else
      OnToken(*static_cast<antlr4::tree::TerminalNode *>(Child)->getSymbol());
  }
}

/// The statement's tokens joined by single spaces (keywords upper-cased),
/// for OtherStatement::Text.
std::string canonicalTokens(const ParseInput &Input,
                            antlr4::ParserRuleContext &Ctx);

} // namespace nosqlint::cql

#endif
