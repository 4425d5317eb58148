//===- DynamoLoad.cpp - loadDynamoSchema: recognize, read, check ----------===//
//
// A schema file is JSON (one document, a top-level array, or NDJSON) or YAML.
// Each document is recognized by its shape:
//   {"service", "provider" | "resources"}    Serverless Framework service
//   {"Resources": {...}}                     CloudFormation / SAM template
//                                            (or a file a Serverless service
//                                            includes, with its variables)
//   {"Table": {...}} / {"TableDescription"}  describe-table / create-table output
//   {"DataModel": [...]}                     NoSQL Workbench export
//   {"KeySchema": ...} / {"TableName", "AttributeDefinitions"}  CreateTable
// A file with no recognized document is not a DynamoDB schema: nothing is
// reported and false is returned, so the driver can skip package.json and the
// like. A file that does not parse is reported only if it mentions DynamoDB
// table vocabulary.
//
//===----------------------------------------------------------------------===//
#include "DynamoLoaders.h"

namespace nosqlint {

using namespace dynamo;

namespace {

bool mentionsDynamoDb(llvm::StringRef Text) {
  return Text.contains("AWS::DynamoDB::") || Text.contains("KeySchema") ||
         Text.contains("AttributeDefinitions") || Text.contains("DataModel");
}

bool isCreateTableShape(const JsonValue &V) {
  return V.isObject() &&
         (V.get("KeySchema") ||
          (V.get("TableName") && V.get("AttributeDefinitions")));
}

/// Reads the tables of one document; false if it is not a table definition.
bool readDocument(const JsonValue &Doc, FileId File, DiagnosticEngine &Diags,
                  std::vector<DynamoTable> &Tables) {
  if (!Doc.isObject())
    return false;
  LoadContext Plain{File, Diags, resolvePlainString};
  if (isServerlessService(Doc))
    return readServerless(Doc, File, Diags, Tables);
  if (Doc.get("Resources")) {
    if (hasServerlessVariables(Doc))
      return readServerlessFragment(Doc, File, Diags, Tables);
    return readCloudFormation(Doc, File, Diags, Tables);
  }
  for (llvm::StringRef Wrapper : {"Table", "TableDescription"}) {
    const JsonValue *T = Doc.get(Wrapper);
    if (T && isCreateTableShape(*T)) {
      DynamoTable Table;
      Table.Format = DynamoSchemaFormat::DescribeTable;
      readTableDefinition(*T, Plain, /*RequireName=*/true, Table);
      Tables.push_back(std::move(Table));
      return true;
    }
  }
  if (const JsonValue *Model = Doc.get("DataModel"); Model && Model->isArray()) {
    for (const JsonValue &T : Model->Elements) {
      if (!T.isObject())
        continue;
      DynamoTable Table;
      readWorkbenchTable(T, Plain, Table);
      Tables.push_back(std::move(Table));
    }
    return true;
  }
  if (isCreateTableShape(Doc)) {
    DynamoTable Table;
    Table.Format = DynamoSchemaFormat::CreateTable;
    readTableDefinition(Doc, Plain, /*RequireName=*/true, Table);
    Tables.push_back(std::move(Table));
    return true;
  }
  return false;
}

void reportUnparsable(FileId File, uint32_t Offset, llvm::StringRef Text,
                      const std::string &Message, DiagnosticEngine &Diags) {
  uint32_t End = Offset < Text.size() ? Offset + 1 : Offset;
  Diags.report(RuleId::SchemaError, Dialect::DynamoDb,
               SourceRange(File, Offset, End), Message);
}

} // namespace

bool readDynamoSchemaTables(FileId File, llvm::StringRef Text,
                            DiagnosticEngine &Diags,
                            std::vector<DynamoTable> &Tables) {
  llvm::StringRef Body = Text;
  if (Body.startswith("\xEF\xBB\xBF"))
    Body = Body.drop_front(3);
  Body = Body.ltrim(" \t\r\n");

  std::vector<JsonValue> Docs;
  if (Body.startswith("{") || Body.startswith("[")) {
    json::JsonDocuments Parsed =
        json::parseJsonDocuments(Text, /*SplitTopLevelArray=*/true);
    if (Parsed.Error) {
      if (!mentionsDynamoDb(Text))
        return false;
      reportUnparsable(File, Parsed.Error->Offset, Text,
                       "invalid JSON: " + Parsed.Error->Message, Diags);
      return true;
    }
    Docs = std::move(Parsed.Documents);
  } else {
    uint32_t ErrOffset = 0;
    std::string ErrMessage;
    if (!parseYamlDocuments(Text, Docs, ErrOffset, ErrMessage)) {
      if (!mentionsDynamoDb(Text))
        return false;
      reportUnparsable(File, ErrOffset, Text, "invalid YAML: " + ErrMessage,
                       Diags);
      return true;
    }
  }

  bool Recognized = false;
  for (const JsonValue &Doc : Docs)
    Recognized |= readDocument(Doc, File, Diags, Tables);
  return Recognized;
}

void addDynamoSchemaTables(FileId File, std::vector<DynamoTable> Tables,
                           DynamoCatalog &Catalog, DiagnosticEngine &Diags,
                           llvm::StringRef Directory) {
  for (DynamoTable &Table : Tables) {
    resolveKeyTypes(Table);
    validateDynamoTable(Table, LoadContext{File, Diags, resolvePlainString});
    checkDynamoTableKeys(Table, Diags);
    SourceRange Where = Table.NameRange.isValid() ? Table.NameRange : Table.Range;
    if (Table.Name.empty())
      continue;
    Table.Directory = Directory.str();
    if (const DynamoTable *First = Catalog.add(std::move(Table)))
      Diags
          .report(RuleId::SchemaError, Dialect::DynamoDb, Where,
                  "Table already exists: " + First->Name)
          .note(First->NameRange.isValid() ? First->NameRange : First->Range,
                "'" + First->Name + "' is first defined here");
  }
}

bool loadDynamoSchema(FileId File, llvm::StringRef Text, DynamoCatalog &Catalog,
                      DiagnosticEngine &Diags, llvm::StringRef Directory) {
  std::vector<DynamoTable> Tables;
  if (!readDynamoSchemaTables(File, Text, Diags, Tables))
    return false;
  addDynamoSchemaTables(File, std::move(Tables), Catalog, Diags, Directory);
  return true;
}

} // namespace nosqlint
