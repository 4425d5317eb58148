//===- DynamoCheckBenchmark.cpp - DynamoDB requests checked per second ----===//
//
// The workload is the DynamoDB fixture corpus (tests/fixtures/dynamo: every
// operation, valid and invalid requests, six table designs), repeated.
// BM_CheckRequests: the checker alone (table lookup, key-condition analysis,
// every rule), the requests read once before. BM_ReadAndCheck: reading the
// JSON, parsing every expression and PartiQL statement, then checking.
// Both report requests per second as items_per_second.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Dynamo/Checker.h"
#include "nosqlint/Dynamo/Reader.h"
#include "nosqlint/Schema/DynamoSchema.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace nosqlint;

namespace {

std::vector<std::string> filesIn(llvm::StringRef Dir) {
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef P = It->path();
    if (P.endswith(".json") || P.endswith(".ndjson"))
      Out.push_back(P.str());
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

struct Corpus {
  SourceManager SM;
  DiagnosticEngine LoadDiags;
  DynamoCatalog Catalog;
  std::vector<FileId> Files;

  Corpus() {
    std::string Root = NOSQLINT_SOURCE_DIR "/tests/fixtures/dynamo";
    for (const std::string &P : filesIn(Root + "/schema"))
      if (auto B = llvm::MemoryBuffer::getFile(P)) {
        FileId F = SM.addBuffer(std::move(*B), P);
        loadDynamoSchema(F, SM.text(F), Catalog, LoadDiags);
      }
    for (const std::string &P : filesIn(Root))
      if (auto B = llvm::MemoryBuffer::getFile(P))
        Files.push_back(SM.addBuffer(std::move(*B), P));
  }
};

Corpus &corpus() {
  static Corpus C;
  return C;
}

void BM_CheckRequests(benchmark::State &State) {
  Corpus &C = corpus();
  DiagnosticEngine ReadDiags;
  std::vector<dynamo::RequestFile> Requests;
  size_t Count = 0;
  for (FileId F : C.Files)
    if (auto R = dynamo::readDynamoRequests(F, C.SM.text(F), ReadDiags)) {
      Count += R->Requests.size();
      Requests.push_back(std::move(*R));
    }
  for (auto _ : State) {
    DiagnosticEngine Diags;
    dynamo::DynamoChecker Checker(C.Catalog, Diags);
    for (const dynamo::RequestFile &R : Requests)
      Checker.checkFile(R);
    benchmark::DoNotOptimize(Diags.count());
  }
  State.SetItemsProcessed(static_cast<int64_t>(State.iterations() * Count));
  State.counters["requests"] = static_cast<double>(Count);
}

void BM_ReadAndCheck(benchmark::State &State) {
  Corpus &C = corpus();
  size_t Count = 0;
  for (auto _ : State) {
    DiagnosticEngine Diags;
    dynamo::DynamoChecker Checker(C.Catalog, Diags);
    Count = 0;
    for (FileId F : C.Files)
      if (auto R = dynamo::readDynamoRequests(F, C.SM.text(F), Diags)) {
        Count += R->Requests.size();
        Checker.checkFile(*R);
      }
    benchmark::DoNotOptimize(Diags.count());
  }
  State.SetItemsProcessed(static_cast<int64_t>(State.iterations() * Count));
  State.counters["requests"] = static_cast<double>(Count);
}

} // namespace

BENCHMARK(BM_CheckRequests)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadAndCheck)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
