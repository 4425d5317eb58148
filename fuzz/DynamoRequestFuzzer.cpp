//===- DynamoRequestFuzzer.cpp - DynamoDB request JSON --------------------===//
//
// The input is a request file (JSON: one request, an array, NDJSON, SDK
// parameter objects; PartiQL statements inside): read, its expressions and
// PartiQL parsed, then checked against a fixed table with a GSI and an LSI.
// A second pass parses the whole input as one PartiQL statement.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Dynamo/Checker.h"
#include "nosqlint/Dynamo/PartiQL.h"
#include "nosqlint/Dynamo/Reader.h"
#include "nosqlint/Schema/DynamoSchema.h"

using namespace nosqlint;

static constexpr llvm::StringLiteral FixedTable = R"json({
  "TableName": "Orders",
  "AttributeDefinitions": [
    {"AttributeName": "pk", "AttributeType": "S"},
    {"AttributeName": "sk", "AttributeType": "S"},
    {"AttributeName": "status", "AttributeType": "S"},
    {"AttributeName": "created", "AttributeType": "N"}
  ],
  "KeySchema": [
    {"AttributeName": "pk", "KeyType": "HASH"},
    {"AttributeName": "sk", "KeyType": "RANGE"}
  ],
  "GlobalSecondaryIndexes": [{
    "IndexName": "by_status",
    "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"},
                  {"AttributeName": "created", "KeyType": "RANGE"}],
    "Projection": {"ProjectionType": "KEYS_ONLY"}
  }],
  "LocalSecondaryIndexes": [{
    "IndexName": "by_created",
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                  {"AttributeName": "created", "KeyType": "RANGE"}],
    "Projection": {"ProjectionType": "ALL"}
  }],
  "BillingMode": "PAY_PER_REQUEST"
})json";

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (!fuzz::driverWouldRead(fuzz::asText(Data, Size)))
    return -1; // never read by nosqlint; keep it out of the corpus
  SourceManager SM;
  DiagnosticEngine Diags;
  DynamoCatalog Catalog;
  FileId SchemaFile = SM.addText(FixedTable, "orders.json");
  loadDynamoSchema(SchemaFile, SM.text(SchemaFile), Catalog, Diags);

  FileId File = SM.addText(fuzz::asText(Data, Size), "requests.json");
  if (auto Requests = dynamo::readDynamoRequests(File, SM.text(File), Diags)) {
    dynamo::DynamoChecker Checker(Catalog, Diags);
    Checker.checkFile(*Requests);
  }
  dynamo::parsePartiQL(SM.text(File), TextOrigin::identity(File));
  fuzz::renderAll(Diags, SM);
  return 0;
}
