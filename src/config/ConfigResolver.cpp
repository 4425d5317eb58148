//===- ConfigResolver.cpp - Which settings govern which file --------------===//
//
// Discovery (walking up from a folder to the nearest configuration), the
// `extend` chain (with cycles reported) and the layering of rule selection:
// each layer, from the farthest extended file to the command line, first
// replaces the selection if it has `select`, then adds `extend-select`,
// then removes `ignore`.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Config/ConfigResolver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace nosqlint::config {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  fs::make_absolute(P);
  path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

bool ResolvedSettings::enabled(RuleId Id) const {
  auto Index = static_cast<size_t>(Id);
  return Index < Enabled.size() && Enabled[Index];
}

bool ResolvedSettings::ignoredIn(RuleId Id, llvm::StringRef AbsolutePath) const {
  for (const FileIgnore &F : PerFileIgnores) {
    if (!F.Ignore.Rules.contains(Id))
      continue;
    llvm::StringRef Rel = AbsolutePath;
    if (!Rel.consume_front(F.BaseDir) || !Rel.consume_front("/"))
      continue;
    // A glob without `/` may also name the file alone (`*_test.go`).
    if (F.Pattern.match(Rel) ||
        (!llvm::StringRef(F.Ignore.Glob).contains('/') &&
         F.Pattern.match(path::filename(Rel))))
      return true;
  }
  return false;
}

Severity ResolvedSettings::severity(RuleId Id, Severity Default) const {
  auto It = Severities.find(Id);
  return It == Severities.end() ? Default : It->second;
}

ConfigResolver::ConfigResolver(ConfigMode Mode, std::string ExplicitPath,
                               CommandLineRules Cli)
    : Mode(Mode), ExplicitPath(Mode == ConfigMode::Explicit
                                   ? absolutePath(ExplicitPath)
                                   : std::string()),
      Cli(std::move(Cli)) {}

std::optional<std::string> ConfigResolver::configIn(const std::string &Dir) {
  for (llvm::StringRef Name : {"nosqlint.toml", ".nosqlint.toml"}) {
    llvm::SmallString<256> P(Dir);
    path::append(P, Name);
    if (fs::is_regular_file(P))
      return std::string(P);
  }
  llvm::SmallString<256> P(Dir);
  path::append(P, "pyproject.toml");
  if (!fs::is_regular_file(P))
    return std::nullopt;
  // A pyproject.toml counts only with a [tool.nosqlint] table; one that
  // does not mention nosqlint is not read at all (its syntax is not ours
  // to judge).
  auto Buffer = llvm::MemoryBuffer::getFile(P);
  if (!Buffer || !(*Buffer)->getBuffer().contains("nosqlint"))
    return std::nullopt;
  // A broken one is still its folder's configuration: resolving it
  // reports the error.
  if (read(std::string(P)) || Broken.count(std::string(P)))
    return std::string(P);
  return std::nullopt;
}

std::optional<std::string> ConfigResolver::findConfig(const std::string &Dir) {
  std::vector<std::string> Visited;
  std::optional<std::string> Found;
  std::string D = Dir;
  while (true) {
    auto It = ConfigOfDir.find(D);
    if (It != ConfigOfDir.end()) {
      Found = It->second;
      break;
    }
    Visited.push_back(D);
    if ((Found = configIn(D)))
      break;
    std::string Parent = path::parent_path(D).str();
    if (Parent.empty() || Parent == D)
      break;
    D = Parent;
  }
  for (const std::string &V : Visited)
    ConfigOfDir[V] = Found;
  return Found;
}

const ConfigFile *ConfigResolver::read(const std::string &Path) {
  auto It = Files.find(Path);
  if (It != Files.end())
    return It->second ? &*It->second : nullptr;
  size_t ErrorsBefore = Errors.size();
  std::optional<ConfigFile> &Slot = Files[Path];
  Slot = readFile(Path);
  if (Errors.size() > ErrorsBefore)
    Broken.insert(Path);
  return Slot ? &*Slot : nullptr;
}

std::optional<ConfigFile> ConfigResolver::readFile(const std::string &Path) {
  uint64_t Size = 0;
  if (!fs::file_size(Path, Size) && Size > MaxConfigFileBytes) {
    Errors.push_back({Path, 0, 0,
                      "configuration file of " + std::to_string(Size) +
                          " bytes, over the limit of " +
                          std::to_string(MaxConfigFileBytes)});
    return std::nullopt;
  }
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer) {
    Errors.push_back({Path, 0, 0,
                      "cannot read configuration file: " +
                          Buffer.getError().message()});
    return std::nullopt;
  }
  bool IsPyproject = path::filename(Path) == "pyproject.toml";
  return parseConfigText(Path, (*Buffer)->getBuffer(), IsPyproject, Errors);
}

/// One layer of rule selection over \p Enabled.
static void applyRuleLayer(std::vector<bool> &Enabled,
                           const std::optional<RuleList> &Select,
                           const std::optional<RuleList> &ExtendSelect,
                           const std::optional<RuleList> &Ignore) {
  if (Select)
    for (const RuleInfo &R : allRules())
      Enabled[static_cast<size_t>(R.Id)] = Select->contains(R.Id);
  if (ExtendSelect)
    for (const RuleInfo &R : allRules())
      if (ExtendSelect->contains(R.Id))
        Enabled[static_cast<size_t>(R.Id)] = true;
  if (Ignore)
    for (const RuleInfo &R : allRules())
      if (Ignore->contains(R.Id))
        Enabled[static_cast<size_t>(R.Id)] = false;
}

/// Copies each key \p Layer sets over \p Into (`extend-exclude` adds).
static void mergeRunKeys(ConfigFile &Into, const ConfigFile &Layer) {
  auto Take = [](auto &To, const auto &From) {
    if (From)
      To = From;
  };
  Take(Into.Exclude, Layer.Exclude);
  Into.ExtendExclude.insert(Into.ExtendExclude.end(),
                            Layer.ExtendExclude.begin(),
                            Layer.ExtendExclude.end());
  Take(Into.ForceExclude, Layer.ForceExclude);
  Take(Into.Schemas, Layer.Schemas);
  Take(Into.TargetDb, Layer.TargetDb);
  Take(Into.StrictAllowFiltering, Layer.StrictAllowFiltering);
  Take(Into.MaxFileSize, Layer.MaxFileSize);
  Take(Into.Format, Layer.Format);
  Take(Into.FailOn, Layer.FailOn);
  Take(Into.IncludeGenerated, Layer.IncludeGenerated);
  Take(Into.ReportUnusedIgnores, Layer.ReportUnusedIgnores);
  Take(Into.CacheDir, Layer.CacheDir);
}

const ResolvedSettings *
ConfigResolver::resolve(const std::optional<std::string> &Path) {
  std::string Key = Path.value_or("");
  auto It = Resolved.find(Key);
  if (It != Resolved.end())
    return It->second.get();

  // The chain: the governing file, then what it extends, nearest first.
  std::vector<const ConfigFile *> Chain;
  bool Failed = false;
  for (std::optional<std::string> Next = Path; Next;) {
    auto Seen = std::find_if(Chain.begin(), Chain.end(),
                             [&](const ConfigFile *C) { return C->Path == *Next; });
    if (Seen != Chain.end()) {
      Errors.push_back({Chain.back()->Path, 0, 0,
                        "'extend' makes a cycle through " + *Next});
      Failed = true;
      break;
    }
    if (!fs::is_regular_file(*Next) && !Chain.empty()) {
      Errors.push_back({Chain.back()->Path, 0, 0,
                        "'extend' names " + *Next + ", which is not a file"});
      Failed = true;
      break;
    }
    const ConfigFile *C = read(*Next);
    if (!C) {
      // Named by --config or `extend`, a pyproject.toml must have our table.
      if (!Broken.count(*Next))
        Errors.push_back({*Next, 0, 0, "no [tool.nosqlint] table"});
      Failed = true;
      break;
    }
    Chain.push_back(C);
    Next = C->Extend;
  }
  if (Failed) {
    Resolved[Key] = nullptr;
    return nullptr;
  }

  auto R = std::make_unique<ResolvedSettings>();
  R->Enabled.assign(allRules().size(), true);
  for (auto Layer = Chain.rbegin(); Layer != Chain.rend(); ++Layer) {
    const ConfigFile &C = **Layer;
    R->Chain.insert(R->Chain.begin(), C.Path);
    applyRuleLayer(R->Enabled, C.Select, C.ExtendSelect, C.Ignore);
    for (const auto &[Id, Level] : C.Severities)
      R->Severities[Id] = Level;
    if (C.PerFileIgnores) {
      R->PerFileIgnores.clear();
      for (const PerFileIgnore &P : *C.PerFileIgnores) {
        auto Pattern = llvm::GlobPattern::create(P.Glob);
        if (!Pattern) {
          llvm::consumeError(Pattern.takeError());
          continue; // an invalid glob matches nothing
        }
        R->PerFileIgnores.push_back({C.Directory, P, std::move(*Pattern)});
      }
    }
    mergeRunKeys(R->Merged, C);
  }
  applyRuleLayer(R->Enabled, Cli.Select, Cli.ExtendSelect, Cli.Ignore);
  // An unreadable input always reports: the run exits 2 for it anyway.
  R->Enabled[static_cast<size_t>(RuleId::InputError)] = true;
  const ResolvedSettings *Result = R.get();
  Resolved[Key] = std::move(R);
  return Result;
}

const ResolvedSettings *ConfigResolver::settingsFor(llvm::StringRef Path) {
  switch (Mode) {
  case ConfigMode::Isolated:
    return resolve(std::nullopt);
  case ConfigMode::Explicit:
    return resolve(ExplicitPath);
  case ConfigMode::Discover:
    break;
  }
  std::string Abs = absolutePath(Path);
  std::string Dir = fs::is_directory(Abs) ? Abs : path::parent_path(Abs).str();
  return resolve(findConfig(Dir));
}

} // namespace nosqlint::config
