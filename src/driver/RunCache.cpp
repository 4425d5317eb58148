//===- RunCache.cpp - The result cache's key, replay and store ------------===//
//
// What a run prints depends on the whole tree, not on each file alone: the
// schema comes from the schema files, the DDL and CreateTable calls of the
// code and the Terraform modules; constants, wrappers and repositories are
// shared across files; suppressions and the summary span every file. So
// the key covers every collected input (path, kind and content hash), every
// option of the run, the rule settings governing each input (the resolved
// selection, severities and per-file-ignores, not the bytes of the files
// they came from), the baseline's bytes, the current folder (the reports
// hold paths relative to it) and the binary's build id. A run is not cached
// when the walk already reported an input error (a missing path or an
// unreadable folder: the file system, not bytes), when a file or the
// baseline cannot be read, or in --verify and --list-files modes.
//
// After a miss the run is stored only when each input's size and
// modification time (taken before it was hashed) are the same after the
// run, so a file edited during the run is not stored under the bytes it had
// before.
//
//===----------------------------------------------------------------------===//
#include "CacheKey.h"
#include "Run.h"

#include "nosqlint/Config/ConfigResolver.h"
#include "nosqlint/Config/GuardrailFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ThreadPool.h"

#include <map>
#include <set>

namespace nosqlint::driver {

/// The fields of the options (Options.h: every one but Jobs, Verbose and
/// the cache's).
static void addOptions(CacheKeyBuilder &K, const DriverOptions &O) {
  auto AddList = [&K](const std::vector<std::string> &L) {
    K.add(L.size());
    for (const std::string &S : L)
      K.add(S);
  };
  AddList(O.Inputs);
  AddList(O.Schemas);
  K.add(static_cast<uint64_t>(O.Format));
  K.add(O.FailOn ? 1 + static_cast<uint64_t>(*O.FailOn) : 0);
  K.add(O.Color);
  K.add(O.Quiet);
  K.add(static_cast<uint64_t>(O.Dialect));
  K.add(static_cast<uint64_t>(O.StrictAllowFiltering));
  // The guardrail file's name and its content: a changed setting is a
  // changed run.
  K.add(O.Guardrails);
  if (std::string Path = config::parseGuardrailSpec(O.Guardrails).Path;
      !Path.empty()) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    K.add(Buffer ? (*Buffer)->getBuffer().str() : std::string("<unreadable>"));
  }
  K.add(O.Verify);
  AddList(O.Excludes);
  K.add(O.MaxFileBytes);
  K.add(O.IncludeGenerated);
  K.add(O.ReportUnusedIgnores);
  K.add(O.ForceExclude);
  K.add(O.AllowEmpty);
  // Not Verbose: it adds only the walk's notes, printed before the cache
  // is asked, and the note that the cache answered.
  K.add(O.ListFiles);
  K.add(O.ListQueries);
  K.add(O.ExplainExtraction);
  K.add(O.Outputs.size());
  for (const OutputSpec &S : O.Outputs) {
    K.add(static_cast<uint64_t>(S.Format));
    K.add(S.Path);
  }
  K.add(O.BaselinePath);
  K.add(O.WriteBaselinePath);
  K.add(O.Statistics);
  K.add(O.TargetName);
  K.add(O.ParseableFixits);
  // Overlays, StdinAsCql, StdinPath, Fix, UnsafeFixes and Diff: such runs
  // are not cached (resultCacheKey).
}

/// What the report takes from one file's settings (RuleSelection.cpp).
static void addSettings(CacheKeyBuilder &K, const config::ResolvedSettings &S) {
  K.add(S.Enabled.size());
  for (bool E : S.Enabled)
    K.add(E);
  K.add(S.Severities.size());
  for (const auto &[Id, Level] : S.Severities) {
    K.add(static_cast<uint64_t>(Id));
    K.add(static_cast<uint64_t>(Level));
  }
  K.add(S.PerFileIgnores.size());
  for (const config::ResolvedSettings::FileIgnore &F : S.PerFileIgnores) {
    K.add(F.BaseDir);
    K.add(F.Ignore.Glob);
    K.add(F.Ignore.Rules.All);
    K.add(F.Ignore.Rules.Rules.size());
    for (RuleId Id : F.Ignore.Rules.Rules)
      K.add(static_cast<uint64_t>(Id));
  }
}

std::optional<CacheKey> Run::resultCacheKey() {
  // `patterns` reads its --against report on every run: not cached.
  if (Options.CacheDir.empty() || Options.Verify || Options.ListPatterns ||
      binaryIdentity().empty())
    return std::nullopt;
  // A text that is not on disk (stdin, a file being fixed) has no stamp,
  // and a fixing run writes its inputs.
  if (!Options.Overlays.empty() || Options.Fix || Options.Diff)
    return std::nullopt;
  CacheKeyBuilder K;
  K.add("nosqlint result cache");
  K.add(NOSQLINT_VERSION);
  K.add(binaryIdentity());
  llvm::SmallString<256> Cwd;
  if (llvm::sys::fs::current_path(Cwd))
    return std::nullopt;
  K.add(Cwd);
  addOptions(K, Options);
  K.add(static_cast<uint64_t>(Dialect)); // the dialect manifests may set

  // The settings of every input, and of the folder (diagnostics about no
  // file follow it), each distinct one once.
  if (Options.RuleSettings) {
    config::ConfigResolver &Resolver = *Options.RuleSettings;
    std::map<const config::ResolvedSettings *, uint64_t> Seen;
    auto AddSettingsOf = [&](llvm::StringRef Path) {
      const config::ResolvedSettings *S = Resolver.settingsFor(Path);
      if (!S)
        return false;
      auto [It, New] = Seen.try_emplace(S, Seen.size());
      K.add(It->second);
      if (New)
        addSettings(K, *S);
      return true;
    };
    K.add(static_cast<uint64_t>(Resolver.mode()));
    if (!AddSettingsOf("."))
      return std::nullopt;
    for (const FileAnalysis &A : Analyses)
      if (!AddSettingsOf(A.Input.Path))
        return std::nullopt;
  }

  // The bytes of every input, hashed on every core, each after its stamp
  // is taken (storeCached compares the stamps after the run).
  std::vector<std::optional<std::string>> Hashes(Analyses.size());
  InputStamps.assign(Analyses.size() + 1, std::nullopt);
  {
    llvm::ThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
    for (size_t I = 0; I < Analyses.size(); ++I)
      Pool.async([this, &Hashes, I] {
        InputStamps[I] = fileStamp(Analyses[I].Input.Path);
        Hashes[I] = fileContentHash(Analyses[I].Input.Path);
      });
    Pool.wait();
  }
  K.add(Analyses.size());
  for (size_t I = 0; I < Analyses.size(); ++I) {
    const InputFile &F = Analyses[I].Input;
    if (!Hashes[I])
      return std::nullopt;
    // The kind follows from the name (a run may turn a migration or a
    // stress profile into CQL: not a change of input).
    K.add(F.Path);
    K.add(F.IsSchema);
    K.add(F.Explicit);
    K.add(*Hashes[I]);
  }
  if (!Options.BaselinePath.empty()) {
    InputStamps.back() = fileStamp(Options.BaselinePath);
    std::optional<std::string> H = fileContentHash(Options.BaselinePath);
    if (!H)
      return std::nullopt;
    K.add(*H);
  }
  return K.finish();
}

std::optional<int> Run::replayCached(const ResultCache &Cache,
                                     const CacheKey &Key) {
  std::optional<CacheEntry> E = Cache.lookup(Key);
  if (!E)
    return std::nullopt;
  // An entry writes only the files this run would write: one that names
  // another file was not made by this run, whatever its name says.
  std::set<std::string> Writable;
  for (const OutputSpec &O : Options.Outputs)
    if (!O.Path.empty())
      Writable.insert(O.Path);
  if (!Options.WriteBaselinePath.empty())
    Writable.insert(Options.WriteBaselinePath);
  for (const CacheChunk &C : E->Chunks)
    if (C.Where == CacheChunk::File && !Writable.count(C.Path))
      return std::nullopt;
  // The files first: when one cannot be written, the run is done afresh
  // and reports that itself.
  for (const CacheChunk &C : E->Chunks) {
    if (C.Where != CacheChunk::File)
      continue;
    std::error_code EC;
    llvm::raw_fd_ostream OS(C.Path, EC);
    if (!EC) {
      OS << C.Data;
      OS.close();
      EC = OS.error();
      OS.clear_error();
    }
    if (EC)
      return std::nullopt;
  }
  for (const CacheChunk &C : E->Chunks) {
    if (C.Where == CacheChunk::Stdout)
      Out << C.Data;
    else if (C.Where == CacheChunk::Stderr)
      Err << C.Data;
  }
  Out.flush();
  if (Options.Verbose)
    Err << "nosqlint: note: printed from the result cache ("
        << Cache.entryPath(Key) << ")\n";
  return E->ExitCode;
}

void Run::storeCached(const ResultCache &Cache, const CacheKey &Key,
                      int Code) {
  if (OutputWriteFailed)
    return;
  // The inputs as they are now: a file changed while the run read it
  // would otherwise be stored under the bytes it had before.
  for (size_t I = 0; I < Analyses.size(); ++I)
    if (!InputStamps[I] || fileStamp(Analyses[I].Input.Path) != InputStamps[I])
      return;
  if (!Options.BaselinePath.empty() &&
      fileStamp(Options.BaselinePath) != InputStamps.back())
    return;
  CacheEntry E;
  E.ExitCode = Code;
  E.Chunks = std::move(Written);
  Written.clear();
  Cache.store(Key, E);
}

} // namespace nosqlint::driver
