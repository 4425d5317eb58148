//===- TransformOther.cpp - Statements the checks do not read -------------===//
//
// Functions, aggregates, triggers, roles, users, permissions, TRUNCATE,
// COMMENT ON, SECURITY LABEL and DESCRIBE become OtherStatement: the form's
// keywords, the table when there is one, and the canonical token text.
//
//===----------------------------------------------------------------------===//
#include "Transform.h"

#include "CqlLexer.h"

namespace nosqlint::cql {

namespace {

void collectTokens(antlr4::tree::ParseTree *Node,
                   std::vector<antlr4::Token *> &Out) {
  if (auto *Leaf = dynamic_cast<antlr4::tree::TerminalNode *>(Node)) {
    antlr4::Token *T = Leaf->getSymbol();
    if (T->getType() != antlr4::Token::EOF)
      Out.push_back(T);
    return;
  }
  for (auto *Child : Node->children)
    collectTokens(Child, Out);
}

bool isKeyword(size_t Type) {
  return Type >= gen::CqlLexer::K_ACCESS && Type <= gen::CqlLexer::K_WITH;
}

} // namespace

std::string canonicalTokens(const ParseInput &Input,
                            antlr4::ParserRuleContext &Ctx) {
  std::vector<antlr4::Token *> Tokens;
  collectTokens(&Ctx, Tokens);
  auto InType = [](size_t T) {
    return T == P::K_FROZEN || T == P::K_LIST || T == P::K_SET ||
           T == P::K_MAP || T == P::K_TUPLE || T == P::K_VECTOR;
  };
  unsigned Angle = 0;
  std::string Out;
  size_t Prev = 0;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    size_t Type = Tokens[I]->getType();
    bool TypeParams = InType(Type) && I + 1 < Tokens.size() &&
                      Tokens[I + 1]->getType() == P::LT;
    bool Glue = I == 0 || Type == P::COMMA || Type == P::RPAREN ||
                Type == P::RBRACKET || Type == P::RBRACE || Type == P::DOT ||
                Type == P::COLON || Prev == P::LPAREN ||
                Prev == P::LBRACKET || Prev == P::LBRACE || Prev == P::DOT ||
                (Type == P::LPAREN && Prev == P::IDENT) ||
                (Type == P::LT && InType(Prev)) || (Prev == P::LT && Angle) ||
                (Type == P::GT && Angle);
    if (Type == P::LT && InType(Prev))
      ++Angle;
    else if (Type == P::GT && Angle)
      --Angle;
    if (!Glue)
      Out += ' ';
    llvm::StringRef Text = Input.tokenText(Tokens[I]);
    if (TypeParams)
      Out += Text.lower();
    else if (isKeyword(Type))
      Out += Text.upper();
    else
      Out += Text.str();
    Prev = Type;
  }
  return Out;
}

std::unique_ptr<Statement>
Transformer::other(antlr4::ParserRuleContext &Ctx, std::string Keyword,
                   P::TableNameContext *Table) {
  auto S = std::make_unique<OtherStatement>();
  S->Range = range(&Ctx);
  S->Keyword = std::move(Keyword);
  if (Table)
    S->Table = tableName(*Table);
  S->Text = canonicalTokens(Input, Ctx);
  return S;
}

std::unique_ptr<Statement>
Transformer::otherStatement(P::StatementContext &Ctx) {
  if (auto *C = Ctx.truncateStatement())
    return other(*C, "TRUNCATE", C->tableName());
  if (auto *C = Ctx.createFunctionStatement())
    return other(*C, "CREATE FUNCTION");
  if (auto *C = Ctx.createAggregateStatement())
    return other(*C, "CREATE AGGREGATE");
  if (auto *C = Ctx.createTriggerStatement())
    return other(*C, "CREATE TRIGGER", C->tableName());
  if (auto *C = Ctx.createRoleStatement())
    return other(*C, "CREATE ROLE");
  if (auto *C = Ctx.alterRoleStatement())
    return other(*C, "ALTER ROLE");
  if (auto *C = Ctx.createUserStatement())
    return other(*C, "CREATE USER");
  if (auto *C = Ctx.alterUserStatement())
    return other(*C, "ALTER USER");
  if (auto *C = Ctx.grantPermissionStatement())
    return other(*C, "GRANT", C->resource()->tableName());
  if (auto *C = Ctx.revokePermissionStatement())
    return other(*C, "REVOKE", C->resource()->tableName());
  if (auto *C = Ctx.grantRoleStatement())
    return other(*C, "GRANT ROLE");
  if (auto *C = Ctx.revokeRoleStatement())
    return other(*C, "REVOKE ROLE");
  if (auto *C = Ctx.listPermissionsStatement())
    return other(*C, "LIST PERMISSIONS",
                 C->resource() ? C->resource()->tableName() : nullptr);
  if (auto *C = Ctx.listRolesStatement())
    return other(*C, "LIST ROLES");
  if (auto *C = Ctx.listUsersStatement())
    return other(*C, "LIST USERS");
  if (auto *C = Ctx.addIdentityStatement())
    return other(*C, "ADD IDENTITY");
  if (auto *C = Ctx.dropIdentityStatement())
    return other(*C, "DROP IDENTITY");
  if (auto *C = Ctx.commentOnStatement())
    return other(*C, "COMMENT ON", C->schemaElement()->tableName());
  if (auto *C = Ctx.securityLabelStatement())
    return other(*C, "SECURITY LABEL", C->schemaElement()->tableName());
  if (auto *C = Ctx.describeStatement())
    return other(*C, "DESCRIBE");
  return nullptr;
}

} // namespace nosqlint::cql
