//===- CqlCheckBenchmark.cpp - Check throughput on a 50-table schema ------===//
//
// BM_CheckStatements: statements checked per second (the checker alone:
// restriction analysis and every rule), the statements parsed once before.
// BM_ParseAndCheck: parse plus check, in process.
// BM_WholeProcess: the nosqlint binary on generated files, end to end
// (process start, reading, parsing on all cores, schema, checks, output).
//
//===----------------------------------------------------------------------===//
#include "WorkloadGenerator.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Cql/Parser.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Schema/CqlSchemaBuilder.h"

#include "llvm/ADT/Optional.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <benchmark/benchmark.h>

using namespace nosqlint;

namespace {

constexpr unsigned SchemaTables = 50;

struct Loaded {
  SourceManager SM;
  DiagnosticEngine Diags;
  schema::CqlCatalog Catalog;
  cql::Script Queries;
};

void load(Loaded &L, unsigned Statements) {
  std::string Schema = bench::generateSchema(SchemaTables);
  FileId SchemaFile = L.SM.addText(Schema, "schema.cql");
  cql::Script Ddl = cql::parseScript(Schema, TextOrigin::identity(SchemaFile),
                                     {}, L.Diags);
  schema::CqlSchemaBuilder Builder(L.Catalog, L.Diags);
  for (const auto &S : Ddl.Statements)
    Builder.apply(*S);
  std::string Text = bench::generateQueries(SchemaTables, Statements);
  FileId QueryFile = L.SM.addText(Text, "queries.cql");
  L.Queries = cql::parseScript(Text, TextOrigin::identity(QueryFile), {},
                               L.Diags);
}

void BM_CheckStatements(benchmark::State &State) {
  Loaded L;
  unsigned N = static_cast<unsigned>(State.range(0));
  load(L, N);
  for (auto _ : State) {
    DiagnosticEngine Diags;
    check::CqlChecker Checker(L.Catalog, Diags, L.SM);
    Checker.checkScript(L.Queries);
    benchmark::DoNotOptimize(Diags.count());
  }
  State.SetItemsProcessed(State.iterations() * N);
  State.counters["statements/s"] = benchmark::Counter(
      static_cast<double>(State.iterations()) * N, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_CheckStatements)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_ParseAndCheck(benchmark::State &State) {
  Loaded L;
  load(L, 1);
  unsigned N = static_cast<unsigned>(State.range(0));
  std::string Text = bench::generateQueries(SchemaTables, N);
  FileId File = L.SM.addText(Text, "q.cql");
  for (auto _ : State) {
    DiagnosticEngine Diags;
    cql::Script S = cql::parseScript(Text, TextOrigin::identity(File), {}, Diags);
    check::CqlChecker Checker(L.Catalog, Diags, L.SM);
    Checker.checkScript(S);
    benchmark::DoNotOptimize(Diags.count());
  }
  State.counters["statements/s"] = benchmark::Counter(
      static_cast<double>(State.iterations()) * N, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ParseAndCheck)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_WholeProcess(benchmark::State &State) {
  unsigned Files = static_cast<unsigned>(State.range(0));
  unsigned PerFile = 200;
  llvm::SmallString<128> Dir;
  llvm::sys::fs::createUniqueDirectory("nosqlint-bench", Dir);
  auto Write = [](const std::string &Path, const std::string &Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Text;
  };
  Write((Dir + "/schema.cql").str(), bench::generateSchema(SchemaTables));
  llvm::sys::fs::create_directories(Dir + "/src");
  for (unsigned I = 0; I < Files; ++I)
    Write((Dir + "/src/q" + llvm::Twine(I) + ".cql").str(),
          bench::generateQueries(SchemaTables, PerFile));
  std::string Schema = (Dir + "/schema.cql").str(), Src = (Dir + "/src").str();
  llvm::StringRef Args[] = {NOSQLINT_BINARY, "--quiet", "--format=json",
                            "--fail-on=never", "--schema", Schema, Src};
  llvm::Optional<llvm::StringRef> Redirects[] = {
      llvm::None, llvm::StringRef("/dev/null"), llvm::StringRef("/dev/null")};
  for (auto _ : State) {
    int Rc = llvm::sys::ExecuteAndWait(NOSQLINT_BINARY, Args, llvm::None,
                                       Redirects);
    if (Rc != 0)
      State.SkipWithError("nosqlint failed");
  }
  State.counters["statements/s"] = benchmark::Counter(
      static_cast<double>(State.iterations()) * Files * PerFile,
      benchmark::Counter::kIsRate);
  llvm::sys::fs::remove_directories(Dir);
}
BENCHMARK(BM_WholeProcess)->Arg(50)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
