//===- BoundedRun.cpp - Run a command under a time and memory bound -------===//
//
//   bounded-run SECONDS RSS_MB AS_MB STDOUT STDERR -- COMMAND ARGS...
//
// Runs COMMAND with its output in the two files, kills it after SECONDS,
// limits its address space to AS_MB (0: no limit; sanitizers need none), and
// measures its wall time and peak resident memory (wait4). Prints one line,
// `elapsed=<s> maxrss_mb=<n> exit=<code>|signal=<n>`, and exits 0 when the
// command finished by itself within both bounds, 1 otherwise. The robustness
// tests (hostile.sh) use it; it is not a timed unit test: the bounds are
// generous ceilings, the measured figures go to README.md.
//
//===----------------------------------------------------------------------===//
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

int main(int Argc, char **Argv) {
  if (Argc < 8 || std::strcmp(Argv[6], "--") != 0) {
    std::fprintf(stderr, "usage: bounded-run SECONDS RSS_MB AS_MB STDOUT "
                         "STDERR -- COMMAND ARGS...\n");
    return 2;
  }
  double Seconds = std::atof(Argv[1]);
  long RssMb = std::atol(Argv[2]);
  long AsMb = std::atol(Argv[3]);
  auto Start = std::chrono::steady_clock::now();
  pid_t Child = fork();
  if (Child < 0)
    return 2;
  if (Child == 0) {
    int Out = open(Argv[4], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int Err = open(Argv[5], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (Out < 0 || Err < 0 || dup2(Out, 1) < 0 || dup2(Err, 2) < 0)
      _exit(126);
    if (AsMb > 0) {
      rlimit Limit;
      Limit.rlim_cur = Limit.rlim_max = rlim_t(AsMb) << 20;
      setrlimit(RLIMIT_AS, &Limit);
    }
    execv(Argv[7], Argv + 7);
    _exit(127);
  }
  int Status = 0;
  rusage Usage{};
  bool TimedOut = false;
  for (;;) {
    pid_t R = wait4(Child, &Status, WNOHANG, &Usage);
    if (R == Child)
      break;
    double Elapsed = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - Start)
                         .count();
    if (!TimedOut && Elapsed > Seconds) {
      TimedOut = true;
      kill(Child, SIGKILL);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  double Elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  long MaxRssMb = Usage.ru_maxrss / 1024; // Linux: KiB
  std::printf("elapsed=%.2fs maxrss_mb=%ld ", Elapsed, MaxRssMb);
  if (WIFSIGNALED(Status))
    std::printf("signal=%d\n", WTERMSIG(Status));
  else
    std::printf("exit=%d\n", WEXITSTATUS(Status));
  if (TimedOut) {
    std::printf("bounded-run: over the %.0f s bound, killed\n", Seconds);
    return 1;
  }
  if (WIFSIGNALED(Status)) {
    std::printf("bounded-run: killed by signal %d\n", WTERMSIG(Status));
    return 1;
  }
  if (MaxRssMb > RssMb) {
    std::printf("bounded-run: peak RSS %ld MB over the %ld MB bound\n",
                MaxRssMb, RssMb);
    return 1;
  }
  return 0;
}
