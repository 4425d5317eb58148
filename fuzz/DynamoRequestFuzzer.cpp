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

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (!fuzz::driverWouldRead(fuzz::asText(Data, Size)))
    return -1; // never read by nosqlint; keep it out of the corpus
  SourceManager SM;
  DiagnosticEngine Diags;
  DynamoCatalog Catalog;
  fuzz::buildFixedDynamoSchema(SM, Catalog, Diags);

  FileId File = SM.addText(fuzz::asText(Data, Size), "requests.json");
  if (auto Requests = dynamo::readDynamoRequests(File, SM.text(File), Diags)) {
    dynamo::DynamoChecker Checker(Catalog, Diags);
    Checker.checkFile(*Requests);
  }
  dynamo::parsePartiQL(SM.text(File), TextOrigin::identity(File));
  fuzz::renderAll(Diags, SM);
  return 0;
}
