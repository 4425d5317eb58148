//===- TransformDdl.cpp - Keyspaces, tables, indexes, views, types --------===//
#include "Transform.h"

namespace nosqlint::cql {

std::unique_ptr<Statement>
Transformer::createKeyspace(P::CreateKeyspaceStatementContext &Ctx) {
  auto S = std::make_unique<CreateKeyspaceStatement>();
  S->Range = range(&Ctx);
  S->Name = ident(*Ctx.ident());
  S->IfNotExists = Ctx.ifNotExists() != nullptr;
  S->Options = properties(*Ctx.properties());
  return S;
}

std::unique_ptr<Statement>
Transformer::alterKeyspace(P::AlterKeyspaceStatementContext &Ctx) {
  auto S = std::make_unique<CreateKeyspaceStatement>(/*Alter=*/true);
  S->Range = range(&Ctx);
  S->Name = ident(*Ctx.ident());
  S->IfNotExists = Ctx.ifExists() != nullptr;
  S->Options = properties(*Ctx.properties());
  return S;
}

ColumnDefinition
Transformer::columnDefinition(P::ColumnDefinitionContext &Ctx) {
  ColumnDefinition Col;
  Col.Range = range(&Ctx);
  Col.Name = ident(*Ctx.ident());
  Col.Type = type(*Ctx.cqlType());
  Col.Static = Ctx.K_STATIC() != nullptr;
  Col.PrimaryKey = Ctx.K_PRIMARY() != nullptr;
  if (auto *Mask = Ctx.columnMask()) {
    if (Mask->K_DEFAULT()) {
      Col.MaskFunction = "default";
    } else {
      QualifiedName F = functionName(*Mask->functionName());
      Col.MaskFunction =
          F.Keyspace ? F.Keyspace->Name + "." + F.Name.Name : F.Name.Name;
      for (auto *T : Mask->term())
        Col.MaskArgs.push_back(term(*T));
    }
  }
  return Col;
}

static void primaryKey(Transformer &T, P::PartitionKeyContext &Pk,
                       std::vector<P::IdentContext *> Clustering,
                       std::vector<Identifier> &PartitionOut,
                       std::vector<Identifier> &ClusteringOut) {
  for (auto *Id : Pk.ident())
    PartitionOut.push_back(T.ident(*Id));
  for (auto *Id : Clustering)
    ClusteringOut.push_back(T.ident(*Id));
}

std::unique_ptr<Statement>
Transformer::createTable(P::CreateTableStatementContext &Ctx) {
  auto S = std::make_unique<CreateTableStatement>();
  S->Range = range(&Ctx);
  S->Table = tableName(*Ctx.table);
  S->IfNotExists = Ctx.ifNotExists() != nullptr;
  if (Ctx.like) {
    S->Like = tableName(*Ctx.like);
    for (auto *Opt : Ctx.likeOption()) {
      if (Opt->K_INDEXES())
        S->LikeIndexes = true;
      else
        S->Options.push_back(property(*Opt->property()));
    }
    return S;
  }
  bool SawPrimaryKey = false;
  for (auto *E : Ctx.tableElement()) {
    if (auto *Col = E->columnDefinition()) {
      ColumnDefinition Def = columnDefinition(*Col);
      if (Def.PrimaryKey && !SawPrimaryKey) {
        SawPrimaryKey = true;
        S->PartitionKey.push_back(Def.Name);
        S->PrimaryKeyRange = Def.Range;
      }
      S->Columns.push_back(std::move(Def));
      continue;
    }
    // Zero or several PRIMARY KEYs parse; the schema loader reports them
    // (schema-error), as Cassandra does after parsing.
    SawPrimaryKey = true;
    S->PrimaryKeyRange = range(E);
    primaryKey(*this, *E->partitionKey(), E->ident(), S->PartitionKey,
               S->Clustering);
  }
  if (auto *Opts = Ctx.tableOptions())
    tableOptions(*Opts, S->Options, &S->ClusteringOrders, &S->CompactStorage);
  return S;
}

std::unique_ptr<Statement>
Transformer::alterTable(P::AlterTableStatementContext &Ctx) {
  auto S = std::make_unique<AlterTableStatement>();
  S->Range = range(&Ctx);
  S->Table = tableName(*Ctx.tableName());
  S->IfExists = Ctx.ifExists() != nullptr;
  P::AlterTableActionContext *A = Ctx.alterTableAction();
  if (auto *C = dynamic_cast<P::AlterAddContext *>(A)) {
    S->Action = AlterTableStatement::AddColumns;
    S->IfNotExistsColumn = C->ifNotExists() != nullptr;
    for (auto *Col : C->columnDefinition())
      S->Added.push_back(columnDefinition(*Col));
  } else if (dynamic_cast<P::AlterDropCompactContext *>(A)) {
    S->Action = AlterTableStatement::DropCompactStorage;
  } else if (auto *C = dynamic_cast<P::AlterDropContext *>(A)) {
    S->Action = AlterTableStatement::DropColumns;
    S->IfNotExistsColumn = C->ifExists() != nullptr;
    for (auto *Id : C->ident())
      S->Dropped.push_back(ident(*Id));
    if (C->INTEGER()) {
      Term T;
      T.Kind = Term::Literal;
      T.LiteralKind = Term::Integer;
      T.Text = text(C->INTEGER()->getSymbol());
      T.Range = range(C->INTEGER());
      S->DropTimestamp = std::move(T);
    }
  } else if (auto *C = dynamic_cast<P::AlterRenameContext *>(A)) {
    S->Action = AlterTableStatement::RenameColumns;
    S->IfNotExistsColumn = C->ifExists() != nullptr;
    for (auto *Pair : C->renamePair())
      S->Renamed.emplace_back(ident(*Pair->from), ident(*Pair->to));
  } else if (auto *C = dynamic_cast<P::AlterColumnTypeContext *>(A)) {
    S->Action = AlterTableStatement::AlterColumnType;
    S->IfNotExistsColumn = C->ifExists() != nullptr;
    ColumnDefinition Def;
    Def.Name = ident(*C->ident());
    Def.Type = type(*C->cqlType());
    Def.Range = range(C);
    S->Added.push_back(std::move(Def));
  } else if (auto *C = dynamic_cast<P::AlterMaskContext *>(A)) {
    S->Action = AlterTableStatement::AlterMask;
    S->IfNotExistsColumn = C->ifExists() != nullptr;
    ColumnDefinition Def;
    Def.Name = ident(*C->ident());
    Def.Range = range(C);
    if (auto *Mask = C->columnMask()) {
      if (Mask->K_DEFAULT()) {
        Def.MaskFunction = "default";
      } else {
        QualifiedName F = functionName(*Mask->functionName());
        Def.MaskFunction =
            F.Keyspace ? F.Keyspace->Name + "." + F.Name.Name : F.Name.Name;
        for (auto *T : Mask->term())
          Def.MaskArgs.push_back(term(*T));
      }
    } else {
      S->DropMask = true;
    }
    S->Added.push_back(std::move(Def));
  } else if (auto *C = dynamic_cast<P::AlterOptionsContext *>(A)) {
    S->Action = AlterTableStatement::SetOptions;
    bool Compact = false;
    tableOptions(*C->tableOptions(), S->Options, &S->ClusteringOrders,
                 &Compact);
    if (Compact)
      reject(range(C), "COMPACT STORAGE cannot be set by ALTER TABLE");
  }
  return S;
}

std::unique_ptr<Statement>
Transformer::createIndex(P::CreateIndexStatementContext &Ctx) {
  auto S = std::make_unique<CreateIndexStatement>();
  S->Range = range(&Ctx);
  S->Custom = Ctx.K_CUSTOM() != nullptr;
  S->IfNotExists = Ctx.ifNotExists() != nullptr;
  if (Ctx.ident())
    S->Name = ident(*Ctx.ident());
  S->Table = tableName(*Ctx.tableName());
  auto Targets = Ctx.indexTarget();
  for (size_t I = 0; I < Targets.size(); ++I) {
    P::IndexTargetContext *T = Targets[I];
    if (T->LPAREN() && !T->K_KEYS() && !T->K_VALUES() && !T->K_ENTRIES() &&
        !T->K_FULL()) {
      // ScyllaDB local index: ((pk1, pk2), c)
      if (I != 0)
        reject(range(T), "a parenthesised partition key may only come first "
                         "in the index targets");
      scyllaOnly(range(T), "a local secondary index ((pk), col)");
      for (auto *Id : T->ident())
        S->LocalPartitionKey.push_back(ident(*Id));
      continue;
    }
    IndexTarget Target;
    Target.Range = range(T);
    Target.Column = ident(*T->ident(0));
    if (T->K_KEYS())
      Target.Kind = IndexTarget::Keys;
    else if (T->K_VALUES())
      Target.Kind = IndexTarget::Values;
    else if (T->K_ENTRIES())
      Target.Kind = IndexTarget::Entries;
    else if (T->K_FULL())
      Target.Kind = IndexTarget::Full;
    S->Targets.push_back(std::move(Target));
  }
  if (Ctx.STRING_LITERAL())
    S->Using = Input.tokenText(Ctx.STRING_LITERAL()->getSymbol())
                   .drop_front()
                   .drop_back()
                   .str();
  if (auto *Props = Ctx.properties())
    S->Options = properties(*Props);
  return S;
}

std::unique_ptr<Statement>
Transformer::createView(P::CreateViewStatementContext &Ctx) {
  auto S = std::make_unique<CreateViewStatement>();
  S->Range = range(&Ctx);
  S->View = tableName(*Ctx.view);
  S->IfNotExists = Ctx.ifNotExists() != nullptr;
  S->Star = Ctx.STAR() != nullptr;
  auto Ids = Ctx.ident(); // selected columns, then clustering columns
  size_t Selected = S->Star ? 0 : Ids.size();
  // The selected columns are the idents before FROM.
  size_t FromIndex = Ctx.K_FROM()->getSymbol()->getTokenIndex();
  Selected = 0;
  while (Selected < Ids.size() &&
         Ids[Selected]->getStart()->getTokenIndex() < FromIndex)
    ++Selected;
  for (size_t I = 0; I < Selected; ++I)
    S->SelectedColumns.push_back(ident(*Ids[I]));
  S->Base = tableName(*Ctx.base);
  S->Where = where(*Ctx.whereClause());
  for (auto *Id : Ctx.partitionKey()->ident())
    S->PartitionKey.push_back(ident(*Id));
  for (size_t I = Selected; I < Ids.size(); ++I)
    S->Clustering.push_back(ident(*Ids[I]));
  if (auto *Opts = Ctx.tableOptions())
    tableOptions(*Opts, S->Options, &S->ClusteringOrders, nullptr);
  return S;
}

std::unique_ptr<Statement>
Transformer::alterView(P::AlterViewStatementContext &Ctx) {
  auto S = std::make_unique<CreateViewStatement>(/*Alter=*/true);
  S->Range = range(&Ctx);
  S->View = tableName(*Ctx.tableName());
  S->IfNotExists = Ctx.ifExists() != nullptr;
  tableOptions(*Ctx.tableOptions(), S->Options, &S->ClusteringOrders, nullptr);
  return S;
}

std::unique_ptr<Statement>
Transformer::createType(P::CreateTypeStatementContext &Ctx) {
  auto S = std::make_unique<CreateTypeStatement>();
  S->Range = range(&Ctx);
  S->Type = userTypeName(*Ctx.userTypeName());
  S->IfNotExists = Ctx.ifNotExists() != nullptr;
  for (auto *F : Ctx.typeField())
    S->Fields.emplace_back(ident(*F->ident()), type(*F->cqlType()));
  return S;
}

std::unique_ptr<Statement>
Transformer::alterType(P::AlterTypeStatementContext &Ctx) {
  auto S = std::make_unique<CreateTypeStatement>(/*Alter=*/true);
  S->Range = range(&Ctx);
  S->Type = userTypeName(*Ctx.userTypeName());
  // IF EXISTS before the type name is the type's; after it, the field's.
  size_t NameAt = Ctx.userTypeName()->getStart()->getTokenIndex();
  for (auto *E : Ctx.ifExists()) {
    if (E->getStart()->getTokenIndex() < NameAt)
      S->IfNotExists = true;
    else
      S->IfNotExistsField = true;
  }
  if (auto *F = Ctx.typeField()) {
    S->Action = CreateTypeStatement::Add;
    S->IfNotExistsField = Ctx.ifNotExists() != nullptr;
    S->Fields.emplace_back(ident(*F->ident()), type(*F->cqlType()));
  } else if (Ctx.K_RENAME()) {
    S->Action = CreateTypeStatement::Rename;
    for (auto *Pair : Ctx.renamePair())
      S->Renamed.emplace_back(ident(*Pair->from), ident(*Pair->to));
  } else {
    S->Action = CreateTypeStatement::AlterField;
    S->Fields.emplace_back(ident(*Ctx.ident()), type(*Ctx.cqlType()));
  }
  return S;
}

std::unique_ptr<Statement> Transformer::use(P::UseStatementContext &Ctx) {
  auto S = std::make_unique<UseStatement>();
  S->Range = range(&Ctx);
  S->Keyspace = ident(*Ctx.ident());
  return S;
}

static QualifiedName fromIdent(const Identifier &Id) {
  QualifiedName Q;
  Q.Name = Id;
  Q.Range = Id.Range;
  return Q;
}

std::unique_ptr<Statement> Transformer::drop(P::DropStatementContext &Ctx) {
  using D = DropStatement;
  std::unique_ptr<DropStatement> S;
  P::FunctionSignatureContext *Sig = nullptr;
  if (auto *C = dynamic_cast<P::DropKeyspaceContext *>(&Ctx)) {
    S = std::make_unique<D>(D::Keyspace);
    S->Name = fromIdent(ident(*C->ident()));
    S->IfExists = C->ifExists() != nullptr;
  } else if (auto *C = dynamic_cast<P::DropTableContext *>(&Ctx)) {
    S = std::make_unique<D>(D::Table);
    S->Name = tableName(*C->tableName());
    S->IfExists = C->ifExists() != nullptr;
  } else if (auto *C = dynamic_cast<P::DropIndexContext *>(&Ctx)) {
    S = std::make_unique<D>(D::Index);
    S->Name = tableName(*C->tableName());
    S->IfExists = C->ifExists() != nullptr;
  } else if (auto *C = dynamic_cast<P::DropViewContext *>(&Ctx)) {
    S = std::make_unique<D>(D::View);
    S->Name = tableName(*C->tableName());
    S->IfExists = C->ifExists() != nullptr;
  } else if (auto *C = dynamic_cast<P::DropTypeContext *>(&Ctx)) {
    S = std::make_unique<D>(D::Type);
    S->Name = userTypeName(*C->userTypeName());
    S->IfExists = C->ifExists() != nullptr;
  } else if (auto *C = dynamic_cast<P::DropFunctionContext *>(&Ctx)) {
    S = std::make_unique<D>(D::Function);
    S->Name = functionName(*C->functionName());
    S->IfExists = C->ifExists() != nullptr;
    Sig = C->functionSignature();
  } else if (auto *C = dynamic_cast<P::DropAggregateContext *>(&Ctx)) {
    S = std::make_unique<D>(D::Aggregate);
    S->Name = functionName(*C->functionName());
    S->IfExists = C->ifExists() != nullptr;
    Sig = C->functionSignature();
  } else if (auto *C = dynamic_cast<P::DropTriggerContext *>(&Ctx)) {
    S = std::make_unique<D>(D::Trigger);
    S->Name = fromIdent(ident(*C->ident()));
    S->On = tableName(*C->tableName());
    S->IfExists = C->ifExists() != nullptr;
  } else if (auto *C = dynamic_cast<P::DropRoleContext *>(&Ctx)) {
    S = std::make_unique<D>(D::Role);
    S->Name = fromIdent(roleName(*C->roleName()));
    S->IfExists = C->ifExists() != nullptr;
  } else if (auto *C = dynamic_cast<P::DropUserContext *>(&Ctx)) {
    S = std::make_unique<D>(D::User);
    S->Name = fromIdent(roleName(*C->roleName()));
    S->IfExists = C->ifExists() != nullptr;
  }
  if (!S)
    return nullptr;
  S->Range = range(&Ctx);
  if (Sig) {
    S->HasSignature = true;
    for (auto *T : Sig->cqlType())
      S->Signature.push_back(type(*T));
  }
  return S;
}

} // namespace nosqlint::cql
