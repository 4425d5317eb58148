//===- TerraformFuzzer.cpp - Terraform modules: HCL, tables, environments -===//
//
// One .tf file as a module of its own: parsed by the HCL front end, its
// aws_dynamodb_table resources and dynamodb-table module calls loaded, its
// Lambda environments read, and every diagnostic rendered.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Schema/DynamoSchema.h"
#include "nosqlint/Schema/LambdaEnvironment.h"
#include "nosqlint/Schema/TerraformModule.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (!fuzz::driverWouldRead(fuzz::asText(Data, Size)))
    return -1; // never read by nosqlint; keep it out of the corpus
  SourceManager SM;
  DiagnosticEngine Diags;
  DynamoCatalog Catalog;
  FileId File = SM.addText(fuzz::asText(Data, Size), "infra/main.tf");
  TerraformFile Files[] = {{File, SM.text(File)}};
  terraform::Module M(Files, "infra");
  loadTerraformTables(M, Catalog, Diags);
  std::vector<EnvironmentBinding> Bindings = readTerraformEnvironment(M);
  (void)bindingsFor(Bindings, "infra/app.py", "TABLE_NAME");
  fuzz::renderAll(Diags, SM);
  return 0;
}
