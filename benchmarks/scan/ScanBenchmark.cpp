//===- ScanBenchmark.cpp - Scanning a source tree, whole process ----------===//
//
// Generates trees of host-language files once (TreeGenerator.h), then runs
// the real nosqlint binary on them, as a user would, with -j=1 and -j=2:
// BM_ScanTree, 10,000 files that all hold queries; BM_ScanMonorepo, 20,000
// files of which one in ten holds queries and the rest are ordinary code
// (about 5 KB each). Reports files/s and MB/s of source, and the peak
// resident memory of the nosqlint process (from wait4's rusage).
//
//   bench-scan [--files=N] [google-benchmark flags]
//
//===----------------------------------------------------------------------===//
#include "TreeGenerator.h"

#include <benchmark/benchmark.h>

#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

extern char **environ;

namespace fs = std::filesystem;

namespace {

struct Tree {
  fs::path Root;
  unsigned Files = 10000;
  unsigned QueryEvery = 1;
  uint64_t Bytes = 0;
  /// Writes the tree on first use.
  Tree &written() {
    if (Root.empty()) {
      std::random_device Rd;
      Root = fs::temp_directory_path() /
             ("nosqlint-bench-scan-" + std::to_string(Rd()));
      Bytes = nosqlint::bench::writeTree(Root, Files, QueryEvery);
    }
    return *this;
  }
  ~Tree() {
    std::error_code EC;
    if (!Root.empty())
      fs::remove_all(Root, EC);
  }
};

Tree &tree() {
  static Tree T;
  return T;
}

Tree &monorepo() {
  static Tree T = [] {
    Tree M;
    M.Files = 20000;
    M.QueryEvery = 10;
    return M;
  }();
  return T;
}

/// Runs nosqlint with \p Args; returns the child's peak RSS in KiB, or -1,
/// and adds its CPU seconds (user + system) to \p CpuSeconds.
long runNosqlint(const std::vector<std::string> &Args, double &CpuSeconds) {
  std::vector<char *> Argv;
  std::string Bin = NOSQLINT_BINARY;
  Argv.push_back(Bin.data());
  std::vector<std::string> Copy = Args;
  for (std::string &A : Copy)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t Pid;
  int Rc = posix_spawn(&Pid, Bin.c_str(), &Actions, nullptr, Argv.data(),
                       environ);
  posix_spawn_file_actions_destroy(&Actions);
  if (Rc != 0)
    return -1;
  int Status = 0;
  struct rusage Usage;
  if (wait4(Pid, &Status, 0, &Usage) != Pid)
    return -1;
  // Exit 1 (findings) is expected; 2 would be an input error.
  if (!WIFEXITED(Status) || WEXITSTATUS(Status) > 1)
    return -1;
  CpuSeconds += static_cast<double>(Usage.ru_utime.tv_sec + Usage.ru_stime.tv_sec) +
                static_cast<double>(Usage.ru_utime.tv_usec + Usage.ru_stime.tv_usec) / 1e6;
  return Usage.ru_maxrss;
}

void scan(benchmark::State &State, Tree &T) {
  std::string Jobs = "-j=" + std::to_string(State.range(0));
  std::vector<std::string> Args = {
      Jobs, "--quiet", "--fail-on=never",
      "--schema", (T.Root / "schema.cql").string(),
      "--schema", (T.Root / "sessions.json").string(), (T.Root / "src").string()};
  long PeakKiB = 0;
  double CpuSeconds = 0;
  for (auto _ : State) {
    long Rss = runNosqlint(Args, CpuSeconds);
    if (Rss < 0) {
      State.SkipWithError("nosqlint failed");
      return;
    }
    PeakKiB = std::max(PeakKiB, Rss);
  }
  State.counters["files/s"] = benchmark::Counter(
      static_cast<double>(T.Files) * State.iterations(),
      benchmark::Counter::kIsRate);
  State.counters["MB/s"] = benchmark::Counter(
      static_cast<double>(T.Bytes) / 1e6 * State.iterations(),
      benchmark::Counter::kIsRate);
  State.counters["peak_MB"] = static_cast<double>(PeakKiB) / 1024.0;
  // The machine may be shared: CPU time per run tells the work done.
  State.counters["cpu_s/run"] = CpuSeconds / static_cast<double>(State.iterations());
  State.counters["files"] = T.Files;
  State.counters["tree_MB"] = static_cast<double>(T.Bytes) / 1e6;
}
void BM_ScanTree(benchmark::State &State) { scan(State, tree().written()); }
void BM_ScanMonorepo(benchmark::State &State) {
  scan(State, monorepo().written());
}
/// Both trees: 1 and 2 threads, three whole runs each, wall time.
void scanSettings(benchmark::internal::Benchmark *B) {
  B->ArgName("threads")
      ->Arg(1)
      ->Arg(2)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->Iterations(3);
}
BENCHMARK(BM_ScanTree)->Apply(scanSettings);
BENCHMARK(BM_ScanMonorepo)->Apply(scanSettings);

} // namespace

int main(int Argc, char **Argv) {
  std::vector<char *> Rest;
  for (int I = 0; I < Argc; ++I) {
    if (std::strncmp(Argv[I], "--files=", 8) == 0)
      tree().Files = static_cast<unsigned>(std::atoi(Argv[I] + 8));
    else
      Rest.push_back(Argv[I]);
  }
  int N = static_cast<int>(Rest.size());
  benchmark::Initialize(&N, Rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
