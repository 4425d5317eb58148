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

} // namespace nosqlint
