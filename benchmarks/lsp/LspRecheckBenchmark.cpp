//===- LspRecheckBenchmark.cpp - What an edit costs in the editor ---------===//
//
// A 200-table schema file is loaded once; each iteration is one edit of a
// 2,000-line document:
//   BM_RecheckCqlFile    Workspace::check of a .cql file (2,000 statements)
//   BM_RecheckJavaFile   the same for a Java file of 2,000 lines holding
//                        500 session.execute calls
//   BM_ServerDidChange   the whole server path of a didChange: the JSON
//                        message parsed, the document checked, the findings
//                        converted and published
//
// CPU time is the process's (the driver runs its phases on worker threads),
// which is what an edit costs on an idle machine; wall time also counts the
// waits of a busy one.
//
//===----------------------------------------------------------------------===//
#include "WorkloadGenerator.h"

#include "nosqlint/Driver/Workspace.h"
#include "nosqlint/Lsp/Server.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <benchmark/benchmark.h>
#include <fmt/format.h>

using namespace nosqlint;

namespace {

constexpr unsigned Tables = 200;
constexpr unsigned Lines = 2000;

struct Fixture {
  std::string Dir;
  std::string SchemaPath;
  Fixture() {
    llvm::SmallString<256> D;
    llvm::sys::fs::createUniqueDirectory("nosqlint-bench-lsp", D);
    Dir = std::string(D);
    SchemaPath = Dir + "/schema.cql";
    std::error_code EC;
    llvm::raw_fd_ostream OS(SchemaPath, EC);
    OS << bench::generateSchema(Tables);
  }
  ~Fixture() { llvm::sys::fs::remove_directories(Dir); }
  DriverOptions options() const {
    DriverOptions O;
    O.Schemas = {SchemaPath};
    return O;
  }
};

std::string javaFile() {
  std::string Queries = bench::generateQueries(Tables, Lines / 4);
  std::string S = "package app;\n\nimport com.datastax.oss.driver.api.core."
                  "CqlSession;\n\nclass Dao {\n";
  unsigned N = 0;
  for (llvm::StringRef Q : llvm::split(llvm::StringRef(Queries).trim(), '\n')) {
    Q = Q.trim().rtrim(';');
    S += fmt::format("  void q{0}(CqlSession session) {{\n"
                     "    // query {0}\n"
                     "    session.execute(\"{1}\");\n  }}\n",
                     N++, Q.str());
  }
  return S + "}\n";
}

void recheck(benchmark::State &State, llvm::StringRef Name, std::string Text) {
  Fixture F;
  Workspace W(F.options());
  std::string Path = F.Dir + "/" + Name.str();
  size_t Findings = 0;
  for (auto _ : State) {
    // An edit: one byte of the text changes each time.
    Text.back() = Text.back() == '\n' ? ' ' : '\n';
    DocumentReport R = W.check(Path, Text);
    Findings = R.Diagnostics.size();
    benchmark::DoNotOptimize(R);
  }
  State.counters["findings"] = static_cast<double>(Findings);
  State.counters["lines"] =
      static_cast<double>(std::count(Text.begin(), Text.end(), '\n'));
}

void BM_RecheckCqlFile(benchmark::State &State) {
  recheck(State, "queries.cql", bench::generateQueries(Tables, Lines));
}
BENCHMARK(BM_RecheckCqlFile)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

void BM_RecheckJavaFile(benchmark::State &State) {
  recheck(State, "Dao.java", javaFile());
}
BENCHMARK(BM_RecheckJavaFile)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

std::string framed(const llvm::json::Value &V) {
  std::string Body;
  llvm::raw_string_ostream OS(Body);
  OS << V;
  return OS.str();
}

void BM_ServerDidChange(benchmark::State &State) {
  Fixture F;
  lsp::ServerOptions O;
  DriverOptions D = F.options();
  O.OpenWorkspace = [D](llvm::StringRef, std::string &) {
    return std::make_unique<Workspace>(D);
  };
  std::string Output;
  llvm::raw_string_ostream Out(Output);
  lsp::Server S(std::move(O), Out);
  std::string Uri = "file://" + F.Dir + "/queries.cql";
  std::string Text = bench::generateQueries(Tables, Lines);
  S.handleMessage(framed(llvm::json::Object{
      {"jsonrpc", "2.0"},
      {"id", 1},
      {"method", "initialize"},
      {"params", llvm::json::Object{{"rootUri", "file://" + F.Dir}}}}));
  S.handleMessage(framed(llvm::json::Object{{"jsonrpc", "2.0"},
                                            {"method", "initialized"},
                                            {"params", llvm::json::Object{}}}));
  S.handleMessage(framed(llvm::json::Object{
      {"jsonrpc", "2.0"},
      {"method", "textDocument/didOpen"},
      {"params", llvm::json::Object{
                     {"textDocument", llvm::json::Object{{"uri", Uri},
                                                         {"version", 1},
                                                         {"text", Text}}}}}}));
  int64_t Version = 1;
  for (auto _ : State) {
    State.PauseTiming();
    Text.back() = Text.back() == '\n' ? ' ' : '\n';
    std::string Message = framed(llvm::json::Object{
        {"jsonrpc", "2.0"},
        {"method", "textDocument/didChange"},
        {"params",
         llvm::json::Object{
             {"textDocument",
              llvm::json::Object{{"uri", Uri}, {"version", ++Version}}},
             {"contentChanges",
              llvm::json::Array{llvm::json::Object{{"text", Text}}}}}}});
    Output.clear();
    State.ResumeTiming();
    S.handleMessage(Message);
  }
}
BENCHMARK(BM_ServerDidChange)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

} // namespace

BENCHMARK_MAIN();
