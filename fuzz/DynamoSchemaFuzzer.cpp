//===- DynamoSchemaFuzzer.cpp - DynamoDB table definition loaders ---------===//
//
// One target for CreateTable / DescribeTable JSON, CloudFormation JSON and
// YAML and Workbench exports: loadDynamoSchema() recognizes the format from
// the content, so the seed corpus (one directory per format) steers it. The
// display path ends in .yaml or .json as the file's first byte suggests.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Schema/DynamoSchema.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (!fuzz::driverWouldRead(fuzz::asText(Data, Size)))
    return -1; // never read by nosqlint; keep it out of the corpus
  SourceManager SM;
  DiagnosticEngine Diags;
  DynamoCatalog Catalog;
  llvm::StringRef Text = fuzz::asText(Data, Size);
  bool Json = Text.ltrim().startswith("{") || Text.ltrim().startswith("[");
  FileId File = SM.addText(Text, Json ? "table.json" : "template.yaml");
  loadDynamoSchema(File, SM.text(File), Catalog, Diags);
  fuzz::renderAll(Diags, SM);
  return 0;
}
