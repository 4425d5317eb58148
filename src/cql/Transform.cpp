//===- Transform.cpp - Statement dispatch and dialect gating --------------===//
#include "Transform.h"

#include "nosqlint/Diag/DiagnosticEngine.h"

namespace nosqlint::cql {

void Transformer::reject(SourceRange Range, std::string Message) {
  if (!Failed) // one diagnostic per statement
    Diags.report(RuleId::SyntaxError, Dialect::Cql, Range, std::move(Message));
  Failed = true;
}

void Transformer::scyllaOnly(SourceRange Range, llvm::StringRef What) {
  if (Options.Dialect == CqlDialect::ScyllaDb)
    return;
  reject(Range, What.str() +
                    " is a ScyllaDB extension; Cassandra 5.0 does not accept "
                    "it (use --dialect=scylladb for ScyllaDB)");
}

std::unique_ptr<Statement> Transformer::transform(P::StatementContext &Ctx) {
  std::unique_ptr<Statement> S;
  if (auto *C = Ctx.selectStatement())
    S = select(*C);
  else if (auto *C = Ctx.insertStatement())
    S = insert(*C);
  else if (auto *C = Ctx.updateStatement())
    S = update(*C);
  else if (auto *C = Ctx.deleteStatement())
    S = remove(*C);
  else if (auto *C = Ctx.batchStatement())
    S = batch(*C);
  else if (auto *C = Ctx.useStatement())
    S = use(*C);
  else if (auto *C = Ctx.createKeyspaceStatement())
    S = createKeyspace(*C);
  else if (auto *C = Ctx.alterKeyspaceStatement())
    S = alterKeyspace(*C);
  else if (auto *C = Ctx.createTableStatement())
    S = createTable(*C);
  else if (auto *C = Ctx.alterTableStatement())
    S = alterTable(*C);
  else if (auto *C = Ctx.createIndexStatement())
    S = createIndex(*C);
  else if (auto *C = Ctx.createViewStatement())
    S = createView(*C);
  else if (auto *C = Ctx.alterViewStatement())
    S = alterView(*C);
  else if (auto *C = Ctx.createTypeStatement())
    S = createType(*C);
  else if (auto *C = Ctx.alterTypeStatement())
    S = alterType(*C);
  else if (auto *C = Ctx.dropStatement())
    S = drop(*C);
  else
    S = otherStatement(Ctx);
  if (Failed)
    return nullptr;
  return S;
}

} // namespace nosqlint::cql
