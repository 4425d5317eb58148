//===- DynamoWorkbench.cpp - NoSQL Workbench data-model exports -----------===//
//
// A Workbench export is {"ModelName", "ModelMetadata", "DataModel": [table]}
// where a table is {"TableName", "KeyAttributes": {"PartitionKey":
// {"AttributeName", "AttributeType"}, "SortKey": {...}}, "NonKeyAttributes",
// "GlobalSecondaryIndexes": [{"IndexName", "KeyAttributes", "Projection"}],
// "BillingMode", "TableData", ...}. Key types are given inline, so the
// AttributeDefinitions of the model are built from the key attributes.
// PartitionKey/SortKey may also be lists (multi-attribute GSI keys).
//
//===----------------------------------------------------------------------===//
#include "DynamoLoaders.h"

namespace nosqlint::dynamo {

namespace {

void readKeyAttribute(const JsonValue &A, const LoadContext &Ctx,
                      llvm::StringRef What,
                      std::vector<DynamoKeyAttribute> &Out) {
  if (!A.isObject())
    return;
  DynamoKeyAttribute K;
  const JsonValue *Name = A.get("AttributeName");
  if (!Name || !Name->isString()) {
    Ctx.error(A.range(Ctx.File), What.str() + " has no AttributeName");
    return;
  }
  K.Name = Name->Str;
  K.Range = Ctx.range(*Name);
  const JsonValue *Type = A.get("AttributeType");
  std::optional<DynamoScalarType> T =
      Type && Type->isString() ? parseDynamoScalarType(Type->Str) : std::nullopt;
  if (T)
    K.Type = *T;
  else
    Ctx.error(Type ? Ctx.range(*Type) : K.Range,
              "1 validation error detected: Value '" +
                  (Type && Type->isString() ? Type->Str : std::string("null")) +
                  "' at 'attributeDefinitions' failed to satisfy constraint: "
                  "key attribute '" +
                  K.Name +
                  "' must have a scalar type: Member must satisfy enum value "
                  "set: [B, N, S]");
  Out.push_back(std::move(K));
}

void readKeyAttributes(const JsonValue &Owner, const LoadContext &Ctx,
                       DynamoKeySchema &Keys) {
  const JsonValue *KA = Owner.get("KeyAttributes");
  if (!KA || !KA->isObject()) {
    Ctx.error(Owner.range(Ctx.File).isValid()
                  ? SourceRange(Ctx.File, Owner.Begin, Owner.Begin + 1)
                  : SourceRange(),
              "the model defines no KeyAttributes.PartitionKey");
    return;
  }
  Keys.Definition = Ctx.range(*KA);
  auto Read = [&](llvm::StringRef Member, llvm::StringRef Plural,
                  std::vector<DynamoKeyAttribute> &Out) {
    for (llvm::StringRef M : {Member, Plural}) {
      const JsonValue *V = KA->get(M);
      if (!V)
        continue;
      if (V->isArray())
        for (const JsonValue &E : V->Elements)
          readKeyAttribute(E, Ctx, M, Out);
      else
        readKeyAttribute(*V, Ctx, M, Out);
    }
  };
  Read("PartitionKey", "PartitionKeys", Keys.Hash);
  Read("SortKey", "SortKeys", Keys.Range);
  if (Keys.Hash.empty())
    Ctx.error(Ctx.range(*KA), "the model defines no KeyAttributes.PartitionKey");
}

void define(DynamoTable &Table, const DynamoKeySchema &Keys) {
  for (const auto *List : {&Keys.Hash, &Keys.Range})
    for (const DynamoKeyAttribute &A : *List) {
      if (A.Type == DynamoScalarType::Unknown || Table.attribute(A.Name))
        continue;
      DynamoAttributeDefinition D;
      D.Name = A.Name;
      D.Type = A.Type;
      D.Range = D.NameRange = A.Range;
      Table.AttributeDefinitions.push_back(std::move(D));
    }
}

void readWorkbenchIndexes(const JsonValue &Obj, const LoadContext &Ctx,
                          bool Global, DynamoTable &Table) {
  const JsonValue *List =
      Obj.get(Global ? "GlobalSecondaryIndexes" : "LocalSecondaryIndexes");
  if (!List || !List->isArray())
    return;
  for (const JsonValue &E : List->Elements) {
    if (!E.isObject())
      continue;
    DynamoIndex Index;
    Index.Kind = Global ? DynamoIndex::IndexKind::Global
                        : DynamoIndex::IndexKind::Local;
    Index.Range = Ctx.range(E);
    if (const JsonValue *Name = E.get("IndexName"); Name && Name->isString()) {
      Index.Name = Name->Str;
      Index.NameRange = Ctx.range(*Name);
    }
    readKeyAttributes(E, Ctx, Index.Keys);
    if (Global && (Index.Keys.Hash.size() > 4 || Index.Keys.Range.size() > 4))
      Ctx.error(Index.Keys.Definition,
                "One or more parameter values were invalid: Index KeySchema "
                "for index: " +
                    Index.Name +
                    " has more than 4 " +
                    (Index.Keys.Hash.size() > 4 ? "HASH" : "RANGE") +
                    " key attributes; a global secondary index key has at most "
                    "4 HASH and 4 RANGE attributes");
    if (const JsonValue *P = E.get("Projection"); P && P->isObject()) {
      Index.Projection.Range = Ctx.range(*P);
      std::optional<llvm::StringRef> Type = P->getString("ProjectionType");
      if (Type == llvm::StringRef("KEYS_ONLY"))
        Index.Projection.Type = DynamoProjectionType::KeysOnly;
      else if (Type == llvm::StringRef("INCLUDE"))
        Index.Projection.Type = DynamoProjectionType::Include;
      if (const JsonValue *NonKey = P->get("NonKeyAttributes"))
        for (const JsonValue &A : NonKey->Elements)
          if (A.isString())
            Index.Projection.NonKeyAttributes.push_back(A.Str);
      if (Index.Projection.Type == DynamoProjectionType::Include &&
          Index.Projection.NonKeyAttributes.empty())
        Ctx.error(Index.Projection.Range,
                  "One or more parameter values were invalid: ProjectionType "
                  "is INCLUDE, but NonKeyAttributes is not specified");
    }
    define(Table, Index.Keys);
    (Global ? Table.GlobalIndexes : Table.LocalIndexes)
        .push_back(std::move(Index));
  }
}

} // namespace

void readWorkbenchTable(const JsonValue &Obj, const LoadContext &Ctx,
                        DynamoTable &Table) {
  Table.Format = DynamoSchemaFormat::Workbench;
  Table.Range = Ctx.range(Obj);
  if (const JsonValue *Name = Obj.get("TableName"); Name && Name->isString()) {
    Table.Name = Name->Str;
    Table.NameRange = Ctx.range(*Name);
  } else {
    Ctx.error(SourceRange(Ctx.File, Obj.Begin, Obj.Begin + 1),
              "1 validation error detected: Value null at 'tableName' failed "
              "to satisfy constraint: Member must not be null");
  }
  readKeyAttributes(Obj, Ctx, Table.Keys);
  define(Table, Table.Keys);
  readWorkbenchIndexes(Obj, Ctx, /*Global=*/true, Table);
  readWorkbenchIndexes(Obj, Ctx, /*Global=*/false, Table);
  if (std::optional<llvm::StringRef> B = Obj.getString("BillingMode")) {
    Table.BillingRange = Ctx.range(*Obj.get("BillingMode"));
    if (*B == "PROVISIONED")
      Table.Billing = DynamoBillingMode::Provisioned;
    else if (*B == "PAY_PER_REQUEST")
      Table.Billing = DynamoBillingMode::PayPerRequest;
  }
}

} // namespace nosqlint::dynamo
