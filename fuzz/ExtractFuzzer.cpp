//===- ExtractFuzzer.cpp - One host-language extractor --------------------===//
//
// Built once per host language (NOSQLINT_FUZZ_LANGUAGE names the
// extract::HostLanguage enumerator): extracts the CQL snippets of the input
// as a source file of that language, then parses and checks each snippet
// against the fixed schema, and builds and checks each DynamoDB request the
// file makes with an AWS SDK, as the driver does. Traps when the prescan
// (both its gates) would have set aside a file in which extraction finds a statement that
// parses or a DynamoDB call, or, across files, a gocqlx table model or a use
// of one that the driver would not parse (CatalogGate.h: UsesGocqlxModels).
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Dynamo/Checker.h"
#include "nosqlint/Dynamo/Reader.h"
#include "nosqlint/Extract/CatalogGate.h"
#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/BuilderFacts.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (!fuzz::driverWouldRead(fuzz::asText(Data, Size)))
    return -1; // never read by nosqlint; keep it out of the corpus
  SourceManager SM;
  DiagnosticEngine Diags;
  schema::CqlCatalog Catalog;
  fuzz::buildFixedSchema(SM, Catalog, Diags);
  FileId File = SM.addText(fuzz::asText(Data, Size), "source");
  extract::FileExtraction X = extract::extractFile(
      extract::HostLanguage::NOSQLINT_FUZZ_LANGUAGE, File, SM.text(File));
  bool Parses = false; // a snippet that parses without a syntax error
  {
    check::CqlChecker Checker(Catalog, Diags, SM);
    for (const extract::CqlSnippet &Snippet : X.Snippets) {
      DiagnosticEngine Syntax;
      cql::Script S = cql::parseScript(Snippet.Text, Snippet.Origin,
                                       cql::ParseOptions(), Syntax);
      Parses |= Syntax.count() == 0 && !S.Statements.empty();
      fuzz::renderAll(Syntax, SM);
      if (Snippet.Trust == extract::SnippetTrust::Full)
        Checker.checkScript(S);
    }
  } // the checker reports its held-back notes here
  // The prescan's promise (CatalogGate.h): a file it sets aside yields no
  // statement and no DynamoDB call, through either gate. The input is the
  // only file of its tree.
  if ((Parses || !X.DynamoCalls.empty()) &&
      !extract::parsedWhenAlone(extract::prescanHostFile(
          extract::HostLanguage::NOSQLINT_FUZZ_LANGUAGE, SM.text(File))))
    __builtin_trap();
  // Across files, a gocqlx table model is joined to its uses by name: a
  // file that declares one names gocqlx (then every use is parsed), and a
  // file that uses one is parsed on its own or waits for such a file.
  if (const auto &B = X.Repositories.Builders) {
    llvm::StringRef Text = SM.text(File);
    auto Lang = extract::HostLanguage::NOSQLINT_FUZZ_LANGUAGE;
    extract::PrescanResult R = extract::prescanHostFile(Lang, Text);
    if (!B->GoTables.empty() && !extract::mayDeclareGocqlxModels(Lang, Text))
      __builtin_trap();
    if (!B->GoTableUses.empty() && R.Result != extract::PrescanResult::Parse &&
        !R.UsesGocqlxModels)
      __builtin_trap();
  }
  DynamoCatalog Tables;
  fuzz::buildFixedDynamoSchema(SM, Tables, Diags);
  dynamo::RequestFile Requests;
  Requests.File = File;
  for (extract::DynamoCall &Call : X.DynamoCalls) {
    std::optional<dynamo::Operation> Op = dynamo::parseOperation(Call.Operation);
    if (!Op || !Call.Params)
      continue;
    Requests.Documents.push_back(std::move(Call.Params));
    Requests.Requests.push_back(dynamo::buildRequest(
        *Op, *Requests.Documents.back(), File, Call.Range, Diags));
  }
  dynamo::DynamoChecker(Tables, Diags).checkFile(Requests);
  fuzz::renderAll(Diags, SM);
  return 0;
}
