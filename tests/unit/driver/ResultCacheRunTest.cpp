//===- ResultCacheRunTest.cpp - A warm run prints what the cold one did ---===//
//
// Runs the driver twice over the same temporary tree with a cache folder:
// the second run is answered from the cache (its --verbose note says so) and
// prints the same bytes with the same exit code, -o files included. Each
// kind of change makes the next run a miss that prints the new truth: a
// file's bytes, a schema file, a configuration file, an option, a new file.
// A corrupt or hostile entry is ignored; --verify and a walk's input error
// are never cached; without a cache folder nothing is written.
//
//===----------------------------------------------------------------------===//
#include "CacheKey.h"
#include "DriverTestSupport.h"
#include "ResultCache.h"

#include "nosqlint/Config/ConfigResolver.h"

#include "llvm/Support/MemoryBuffer.h"

namespace nosqlint::test {
namespace {

constexpr llvm::StringLiteral HitNote = "printed from the result cache";

std::string readFile(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

struct Tree {
  TempDir Dir;
  Tree() {
    Dir.write("src/schema.cql", "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n");
    Dir.write("src/q.cql", "SELECT * FROM ks.t;\n");
  }
  DriverOptions options() const {
    DriverOptions O;
    O.Inputs = {Dir.path("src")};
    O.Jobs = 1;
    O.Verbose = true; // the hit note
    O.CacheDir = Dir.path("cache");
    // Discovery as the command line does it: a fresh resolver per run.
    O.RuleSettings = std::make_shared<config::ConfigResolver>(
        config::ConfigMode::Discover, "", config::CommandLineRules{});
    return O;
  }
  /// The one entry of the cache folder.
  std::string onlyEntry() const {
    std::error_code EC;
    llvm::sys::fs::directory_iterator It(Dir.path("cache/v1"), EC);
    EXPECT_FALSE(EC);
    return EC ? std::string() : It->path();
  }
  size_t entries() const {
    size_t N = 0;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Dir.path("cache/v1"), EC), End;
         It != End && !EC; It.increment(EC))
      ++N;
    return N;
  }
};

bool hit(const RunResult &R) {
  return llvm::StringRef(R.Err).contains(HitNote);
}

/// The run's stderr without the hit note: what an uncached run printed.
std::string withoutNote(const std::string &Err) {
  llvm::StringRef S(Err);
  size_t At = S.find("nosqlint: note: " + HitNote.str());
  return At == llvm::StringRef::npos ? Err : S.take_front(At).str();
}

/// Runs \p O and expects the cache not to answer.
RunResult expectMiss(const DriverOptions &O) {
  RunResult R = runOn(O);
  EXPECT_FALSE(hit(R)) << R.Err;
  return R;
}

void expectReplayed(const RunResult &Cold, const RunResult &Warm) {
  EXPECT_FALSE(hit(Cold));
  EXPECT_TRUE(hit(Warm)) << Warm.Err;
  EXPECT_EQ(Warm.Out, Cold.Out);
  EXPECT_EQ(withoutNote(Warm.Err), Cold.Err);
  EXPECT_EQ(Warm.Exit, Cold.Exit);
}

TEST(ResultCacheRunTest, AWarmRunPrintsTheSameBytesInEveryFormat) {
  Tree T;
  for (OutputFormat F :
       {OutputFormat::Text, OutputFormat::Concise, OutputFormat::Json,
        OutputFormat::JsonLines, OutputFormat::Sarif, OutputFormat::Github,
        OutputFormat::Gitlab, OutputFormat::Junit}) {
    DriverOptions O = T.options();
    O.Format = F;
    O.Statistics = true;
    RunResult Cold = runOn(O);
    EXPECT_EQ(Cold.Exit, ExitFindings);
    EXPECT_NE(Cold.Out.find("full-scan"), std::string::npos);
    RunResult Warm = runOn(O);
    expectReplayed(Cold, Warm);
  }
}

TEST(ResultCacheRunTest, TheQueriesListingIsReplayedToo) {
  Tree T;
  DriverOptions O = T.options();
  O.ListQueries = true;
  O.Format = OutputFormat::Json;
  RunResult Cold = runOn(O);
  EXPECT_NE(Cold.Out.find("ks.t"), std::string::npos);
  expectReplayed(Cold, runOn(O));
}

TEST(ResultCacheRunTest, OutputFilesAndBaselinesAreWrittenAgain) {
  Tree T;
  DriverOptions O = T.options();
  O.Outputs = {{OutputFormat::Text, ""},
               {OutputFormat::Sarif, T.Dir.path("out.sarif")}};
  O.WriteBaselinePath = T.Dir.path("baseline.json");
  RunResult Cold = runOn(O);
  std::string Sarif = readFile(T.Dir.path("out.sarif"));
  std::string Baseline = readFile(T.Dir.path("baseline.json"));
  ASSERT_NE(Sarif.find("full-scan"), std::string::npos);
  ASSERT_NE(Baseline.find("fingerprint"), std::string::npos);
  llvm::sys::fs::remove(T.Dir.path("out.sarif"));
  llvm::sys::fs::remove(T.Dir.path("baseline.json"));
  expectReplayed(Cold, runOn(O));
  EXPECT_EQ(readFile(T.Dir.path("out.sarif")), Sarif);
  EXPECT_EQ(readFile(T.Dir.path("baseline.json")), Baseline);

  // Reading that baseline: its bytes are part of the key.
  DriverOptions B = T.options();
  B.BaselinePath = T.Dir.path("baseline.json");
  RunResult WithBaseline = runOn(B);
  EXPECT_EQ(WithBaseline.Exit, ExitClean);
  expectReplayed(WithBaseline, runOn(B));
  T.Dir.write("baseline.json", "{\"version\": 1, \"entries\": []}\n");
  RunResult Emptied = expectMiss(B);
  EXPECT_EQ(Emptied.Exit, ExitFindings);
}

TEST(ResultCacheRunTest, ChangedBytesOfAFileAreAMiss) {
  Tree T;
  RunResult Cold = runOn(T.options());
  expectReplayed(Cold, runOn(T.options()));
  T.Dir.write("src/q.cql", "SELECT v FROM ks.t WHERE k = 1;\n");
  RunResult Changed = expectMiss(T.options());
  EXPECT_EQ(Changed.Exit, ExitClean);
  // And back: the first entry answers again.
  T.Dir.write("src/q.cql", "SELECT * FROM ks.t;\n");
  expectReplayed(Cold, runOn(T.options()));
}

TEST(ResultCacheRunTest, AChangedSchemaIsAMiss) {
  Tree T;
  T.Dir.write("db/schema.cql", "CREATE TABLE ks.u (k int PRIMARY KEY, v int);\n");
  T.Dir.write("src/u.cql", "SELECT v FROM ks.u WHERE v = 1;\n");
  DriverOptions O = T.options();
  O.Schemas = {T.Dir.path("db")};
  RunResult Cold = runOn(O);
  EXPECT_NE(Cold.Out.find("ks.u"), std::string::npos);
  expectReplayed(Cold, runOn(O));
  // An index on v: the filtering finding on ks.u goes.
  T.Dir.write("db/schema.cql",
              "CREATE TABLE ks.u (k int PRIMARY KEY, v int);\n"
              "CREATE INDEX ON ks.u (v);\n");
  RunResult Changed = expectMiss(O);
  EXPECT_NE(Changed.Out, Cold.Out);
}

TEST(ResultCacheRunTest, AChangedConfigurationIsAMiss) {
  Tree T;
  RunResult Cold = runOn(T.options());
  EXPECT_EQ(Cold.Exit, ExitFindings);
  T.Dir.write("src/nosqlint.toml", "ignore = [\"full-scan\"]\n");
  RunResult Ignored = expectMiss(T.options());
  EXPECT_EQ(Ignored.Exit, ExitClean);
  expectReplayed(Ignored, runOn(T.options()));
  // A comment changes no setting: still a hit.
  T.Dir.write("src/nosqlint.toml", "# quiet\nignore = [\"full-scan\"]\n");
  EXPECT_TRUE(hit(runOn(T.options())));
  T.Dir.write("src/nosqlint.toml", "[severity]\nfull-scan = \"error\"\n");
  RunResult Regraded = expectMiss(T.options());
  EXPECT_NE(Regraded.Out.find("error:"), std::string::npos);
  // A configuration that governs only a subfolder still counts.
  llvm::sys::fs::remove(T.Dir.path("src/nosqlint.toml"));
  expectReplayed(Cold, runOn(T.options()));
  T.Dir.write("src/sub/nosqlint.toml", "ignore = [\"full-scan\"]\n");
  T.Dir.write("src/sub/r.cql", "SELECT * FROM ks.t;\n");
  RunResult Nested = expectMiss(T.options());
  EXPECT_EQ(Nested.Out.find("r.cql"), std::string::npos);
}

TEST(ResultCacheRunTest, AChangedOptionOrANewFileIsAMiss) {
  Tree T;
  RunResult Cold = runOn(T.options());
  DriverOptions O = T.options();
  O.Format = OutputFormat::Json;
  EXPECT_FALSE(hit(runOn(O)));
  O = T.options();
  O.FailOn = std::nullopt;
  RunResult Never = expectMiss(O);
  EXPECT_EQ(Never.Exit, ExitClean);
  O = T.options();
  O.Jobs = 2; // the output never depends on the threads
  expectReplayed(Cold, runOn(O));
  T.Dir.write("src/more.cql", "SELECT * FROM ks.t;\n");
  RunResult More = expectMiss(T.options());
  EXPECT_NE(More.Out.find("more.cql"), std::string::npos);
}

TEST(ResultCacheRunTest, ACorruptEntryIsIgnoredAndRewritten) {
  Tree T;
  RunResult Cold = runOn(T.options());
  ASSERT_EQ(T.entries(), 1u);
  std::string Entry = T.onlyEntry();
  std::string Bytes = readFile(Entry);
  T.Dir.write("cache/v1/" + llvm::sys::path::filename(Entry).str(),
              Bytes.substr(0, Bytes.size() / 2));
  RunResult Again = expectMiss(T.options());
  EXPECT_EQ(Again.Out, Cold.Out);
  EXPECT_EQ(readFile(Entry), Bytes);
  expectReplayed(Cold, runOn(T.options()));
}

TEST(ResultCacheRunTest, AnEntryNamingAnotherFileIsNotReplayed) {
  // A hostile entry under the run's own key: it would write a file the
  // run never writes. Ignored: the run is done afresh.
  Tree T;
  RunResult Cold = runOn(T.options());
  std::string Entry = T.onlyEntry();
  driver::CacheKey Key{};
  llvm::StringRef Hex = llvm::sys::path::filename(Entry);
  for (size_t I = 0; I < Key.size(); ++I)
    Key[I] = static_cast<uint8_t>(std::stoi(Hex.substr(2 * I, 2).str(), nullptr, 16));
  driver::CacheEntry Hostile;
  Hostile.Chunks = {{driver::CacheChunk::File, T.Dir.path("victim"), "owned"},
                    {driver::CacheChunk::Stdout, "", "nothing to see\n"}};
  T.Dir.write("cache/v1/" + Hex.str(), driver::encodeCacheEntry(Key, Hostile));
  RunResult Again = expectMiss(T.options());
  EXPECT_EQ(Again.Out, Cold.Out);
  EXPECT_FALSE(llvm::sys::fs::exists(T.Dir.path("victim")));
}

TEST(ResultCacheRunTest, VerifyAndInputErrorsAreNotCached) {
  Tree T;
  DriverOptions O = T.options();
  O.Verify = true;
  runOn(O);
  EXPECT_FALSE(llvm::sys::fs::exists(T.Dir.path("cache")));
  O = T.options();
  O.Inputs.push_back(T.Dir.path("missing"));
  RunResult Missing = runOn(O);
  EXPECT_EQ(Missing.Exit, ExitUsageOrInput);
  EXPECT_FALSE(hit(runOn(O)));
  EXPECT_EQ(T.entries(), 0u);
}

TEST(ResultCacheRunTest, NoFolderNoCache) {
  Tree T;
  DriverOptions O = T.options();
  O.CacheDir.clear();
  RunResult A = runOn(O);
  RunResult B = expectMiss(O);
  EXPECT_EQ(A.Out, B.Out);
  EXPECT_FALSE(llvm::sys::fs::exists(T.Dir.path("cache")));
}

TEST(ResultCacheRunTest, TheWalkNeverReadsTheCacheFolder) {
  // The default folder inside the analyzed tree: the second run walks it
  // and must print what the first did.
  Tree T;
  DriverOptions O = T.options();
  O.CacheDir = T.Dir.path("src/.nosqlint_cache");
  RunResult Cold = runOn(O);
  expectReplayed(Cold, runOn(O));
}

} // namespace
} // namespace nosqlint::test
