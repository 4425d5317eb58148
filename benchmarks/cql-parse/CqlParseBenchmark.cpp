//===- CqlParseBenchmark.cpp - Throughput of the CQL front end ------------===//
//
// Parses a generated mix of realistic application statements (SELECT by key
// and by range, INSERT with TTL, collection UPDATEs, DELETEs, LWTs, small
// batches, some DDL) into IR and reports statements per second:
//   cold  - ANTLR's DFA caches emptied before every parse, so each parse pays
//           for the prediction warm-up a fresh process pays;
//   warm  - steady state, caches full;
//   warm/threads:N - the same, on N threads at once (wall time): the
//           prediction caches are per thread, so N threads should do N
//           times the work of one on N free cores;
//   bad   - statements with syntax errors (SLL fails, LL re-parse, habit
//           detection, diagnostics);
//   lex   - the tokens alone, in bytes per second: CqlTokenizer (what the
//           parser reads) and the lexer ANTLR generates from
//           grammar/CqlLexer.g4 (what it read before, UTF-32 copy included).
//
//===----------------------------------------------------------------------===//
#include "CqlTokenizer.h"
#include "LexerComparison.h"
#include "ParserCaches.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Cql/Parser.h"
#include "nosqlint/Diag/DiagnosticEngine.h"

#include "benchmark/benchmark.h"

#include <random>
#include <string>

using namespace nosqlint;

namespace {

std::string generateWorkload(unsigned Count, unsigned Seed) {
  std::mt19937 Rng(Seed);
  auto Pick = [&](unsigned N) { return static_cast<unsigned>(Rng() % N); };
  const char *Tables[] = {"shop.orders", "shop.carts", "app.users",
                          "app.events_by_day", "metrics.samples"};
  std::string Out;
  for (unsigned I = 0; I < Count; ++I) {
    std::string T = Tables[Pick(5)];
    std::string K = std::to_string(Pick(100000));
    switch (Pick(20)) {
    case 0: case 1: case 2: case 3:
      Out += "SELECT * FROM " + T + " WHERE id = " + K + ";\n";
      break;
    case 4: case 5:
      Out += "SELECT id, name, total, writetime(total) FROM " + T +
             " WHERE id = ? AND seq >= ? AND seq < ? ORDER BY seq DESC LIMIT "
             "100;\n";
      break;
    case 6:
      Out += "SELECT count(*) FROM " + T + " WHERE tenant = 'acme' AND day = "
             "'2024-05-01' AND ts > maxTimeuuid('2024-05-01 10:00+0000');\n";
      break;
    case 7:
      Out += "SELECT JSON id, tags FROM " + T +
             " WHERE id IN (1, 2, 3) AND tags CONTAINS 'x' ALLOW FILTERING;\n";
      break;
    case 8: case 9: case 10: case 11:
      Out += "INSERT INTO " + T +
             " (id, seq, name, tags, attrs, created) VALUES (" + K +
             ", 1, 'name " + K + "', {'a', 'b'}, {'k': 'v'}, "
             "toTimestamp(now())) USING TTL 86400;\n";
      break;
    case 12:
      Out += "INSERT INTO " + T + " (id, payload) VALUES (?, ?) IF NOT EXISTS;\n";
      break;
    case 13: case 14:
      Out += "UPDATE " + T + " SET total = total + 1, tags = tags + {'new'}, "
             "attrs['seen'] = 'yes' WHERE id = " + K + ";\n";
      break;
    case 15:
      Out += "UPDATE " + T + " USING TTL 3600 SET status = 'paid' WHERE id = " +
             K + " IF status = 'open';\n";
      break;
    case 16: case 17:
      Out += "DELETE FROM " + T + " WHERE id = " + K + " AND seq = 2;\n";
      break;
    case 18:
      Out += "BEGIN BATCH INSERT INTO " + T + " (id, seq) VALUES (" + K +
             ", 1); UPDATE " + T + " SET name = 'x' WHERE id = " + K +
             "; APPLY BATCH;\n";
      break;
    default:
      Out += "CREATE TABLE IF NOT EXISTS " + T + "_" + K +
             " (id uuid, seq int, name text, tags set<text>, PRIMARY KEY (id, "
             "seq)) WITH CLUSTERING ORDER BY (seq DESC) AND compaction = "
             "{'class': 'LeveledCompactionStrategy'};\n";
      break;
    }
  }
  return Out;
}

std::string badWorkload(unsigned Count) {
  const char *Bad[] = {
      "SELECT * FROM a JOIN b ON a.id = b.id;\n",
      "SELECT * FROM t WHERE a = 1 OR b = 2;\n",
      "SELECT * FROM t LIMIT 1 WHERE k = 1;\n",
      "INSERT INTO t (a, b VALUES (1, 2);\n",
      "UPDATE t SET a = 1;\n",
  };
  std::string Out;
  for (unsigned I = 0; I < Count; ++I)
    Out += Bad[I % 5];
  return Out;
}

void parseText(benchmark::State &State, const std::string &Text, bool Cold) {
  SourceManager SM;
  FileId File = SM.addText(Text, "bench.cql");
  unsigned Statements = 0;
  for (auto _ : State) {
    if (Cold) {
      State.PauseTiming();
      cql::clearParserCaches();
      State.ResumeTiming();
    }
    DiagnosticEngine Diags;
    cql::Script S = cql::parseScript(SM.text(File), TextOrigin::identity(File),
                                     cql::ParseOptions(), Diags);
    Statements = S.StatementsSeen;
    benchmark::DoNotOptimize(S);
  }
  State.SetItemsProcessed(State.iterations() * Statements);
  State.counters["statements"] = Statements;
}

void BM_ParseCold(benchmark::State &State) {
  parseText(State, generateWorkload(State.range(0), 42), /*Cold=*/true);
}
BENCHMARK(BM_ParseCold)->Arg(1)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

void BM_ParseWarm(benchmark::State &State) {
  std::string Text = generateWorkload(State.range(0), 42);
  {
    // Warm the caches with a different sample of the same mix.
    SourceManager SM;
    DiagnosticEngine Diags;
    FileId F = SM.addText(generateWorkload(2000, 7), "warmup.cql");
    cql::parseScript(SM.text(F), TextOrigin::identity(F), cql::ParseOptions(),
                     Diags);
  }
  parseText(State, Text, /*Cold=*/false);
}
BENCHMARK(BM_ParseWarm)->Arg(1)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseWarm)
    ->Arg(1000)
    ->Threads(1)
    ->Threads(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BM_ParseSyntaxErrors(benchmark::State &State) {
  parseText(State, badWorkload(State.range(0)), /*Cold=*/false);
}
BENCHMARK(BM_ParseSyntaxErrors)->Arg(100)->Unit(benchmark::kMillisecond);

void lexText(benchmark::State &State,
             std::vector<cql::CqlToken> (*Lex)(llvm::StringRef)) {
  std::string Text = generateWorkload(1000, 42);
  size_t Tokens = 0;
  for (auto _ : State) {
    std::vector<cql::CqlToken> T = Lex(Text);
    Tokens = T.size();
    benchmark::DoNotOptimize(T);
  }
  State.SetBytesProcessed(State.iterations() * Text.size());
  State.counters["tokens"] = Tokens;
}

void BM_LexTokenizer(benchmark::State &State) {
  lexText(State, cql::lexWithTokenizer);
}
BENCHMARK(BM_LexTokenizer)->Unit(benchmark::kMillisecond);

void BM_LexGeneratedLexer(benchmark::State &State) {
  lexText(State, cql::lexWithGeneratedLexer);
}
BENCHMARK(BM_LexGeneratedLexer)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
