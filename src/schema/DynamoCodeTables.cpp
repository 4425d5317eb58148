//===- DynamoCodeTables.cpp - Tables an application creates in code -------===//
//
// A CreateTable request built with an AWS SDK (boto3 `create_table`, the
// JavaScript v3 CreateTableCommand) is a table definition in the code: it
// joins the schema where no schema file defines that table. A request whose
// table name, key schema or attribute types the program computes at run time
// defines nothing (no guessed table). What DynamoDB would reject in such a
// request is not a schema-error of the schema: its key checks are reported,
// at the code.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Schema/DynamoSchema.h"

#include "DynamoLoaders.h"

#include "nosqlint/Diag/DiagnosticEngine.h"

namespace nosqlint {

namespace {

/// Whether \p V or anything inside it is computed at run time.
bool anyUnknown(const json::JsonValue &V, unsigned Depth = 0) {
  if (V.Unknown || Depth > 16)
    return true;
  for (const json::JsonMember &M : V.Members)
    if (anyUnknown(M.Value, Depth + 1))
      return true;
  for (const json::JsonValue &E : V.Elements)
    if (anyUnknown(E, Depth + 1))
      return true;
  return false;
}

} // namespace

bool addDynamoTableFromCode(const json::JsonValue &Params, FileId File,
                            SourceRange Range, llvm::StringRef Directory,
                            DynamoCatalog &Catalog, DiagnosticEngine &Diags,
                            llvm::StringRef LogicalId) {
  if (!Params.isObject())
    return false;
  for (llvm::StringRef Key : {"TableName", "KeySchema", "AttributeDefinitions"}) {
    const json::JsonValue *V = Params.get(Key);
    if (!V || anyUnknown(*V))
      return false;
  }
  DiagnosticEngine Discard;
  dynamo::LoadContext Ctx{File, Discard, dynamo::resolvePlainString};
  DynamoTable Table;
  Table.Format = DynamoSchemaFormat::CreateTable;
  dynamo::readTableDefinition(Params, Ctx, /*RequireName=*/true, Table);
  if (Table.Name.empty() || Table.Keys.Hash.empty() || Discard.count() != 0)
    return false;
  dynamo::resolveKeyTypes(Table);
  Table.Range = Range;
  Table.Directory = Directory.str();
  Table.LogicalId = LogicalId.str();
  checkDynamoTableKeys(Table, Diags);
  // A second CreateTable of the name (a test's, a script's) is another
  // copy: the first stays.
  Catalog.add(std::move(Table));
  return true;
}

bool applyDynamoTableUpdateFromCode(const json::JsonValue &Params,
                                    FileId File, llvm::StringRef Directory,
                                    DynamoCatalog &Catalog) {
  const json::JsonValue *Name = Params.get("TableName");
  const json::JsonValue *Updates = Params.get("GlobalSecondaryIndexUpdates");
  if (!Name || !Name->isString() || anyUnknown(*Name) || !Updates ||
      !Updates->isArray() || anyUnknown(*Updates))
    return false;
  DynamoTable *Table = Catalog.table(Name->Str, Directory);
  if (!Table)
    return false; // an update of a table the schema does not define
  if (const json::JsonValue *Defs = Params.get("AttributeDefinitions"))
    if (anyUnknown(*Defs))
      return false;
  // The created indexes, read as CreateTable reads its own.
  json::JsonValue Created = Params;
  Created.Members.clear();
  json::JsonValue List = *Updates;
  List.Elements.clear();
  std::vector<std::string> Deleted;
  for (const json::JsonValue &U : Updates->Elements) {
    if (const json::JsonValue *C = U.get("Create"))
      List.Elements.push_back(*C);
    else if (const json::JsonValue *D = U.get("Delete"))
      if (auto N = D->getString("IndexName"))
        Deleted.push_back(N->str());
  }
  json::JsonMember M;
  M.Key = "GlobalSecondaryIndexes";
  M.Value = std::move(List);
  Created.Members.push_back(std::move(M));
  DiagnosticEngine Discard;
  dynamo::LoadContext Ctx{File, Discard, dynamo::resolvePlainString};
  std::vector<DynamoIndex> New;
  if (!Created.Members.back().Value.Elements.empty())
    dynamo::readIndexes(Created, Ctx, /*Global=*/true, New);
  if (Discard.count() != 0)
    return false; // DynamoDB would refuse the update: it changes nothing
  if (const json::JsonValue *Defs = Params.get("AttributeDefinitions"))
    for (const json::JsonValue &D : Defs->Elements) {
      auto N = D.getString("AttributeName");
      auto T = D.getString("AttributeType");
      auto Type = T ? parseDynamoScalarType(*T) : std::nullopt;
      if (!N || !Type || Table->attribute(*N))
        continue;
      DynamoAttributeDefinition A;
      A.Name = N->str();
      A.Type = *Type;
      A.Range = A.NameRange = D.range(File);
      Table->AttributeDefinitions.push_back(std::move(A));
    }
  for (const std::string &N : Deleted)
    llvm::erase_if(Table->GlobalIndexes,
                   [&](const DynamoIndex &I) { return I.Name == N; });
  for (DynamoIndex &I : New)
    if (!Table->index(I.Name))
      Table->GlobalIndexes.push_back(std::move(I));
  dynamo::resolveKeyTypes(*Table);
  return true;
}

} // namespace nosqlint
