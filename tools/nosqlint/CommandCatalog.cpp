//===- CommandCatalog.cpp - Every command and its help --------------------===//
#include "CommandCatalog.h"
#include "CliParse.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

namespace nosqlint::tool {

namespace {

/// A command that reads stdin (a server) gets an empty one; none should
/// take long to print its help.
constexpr unsigned HelpSecondsLimit = 20;

std::optional<std::string> runForHelp(const std::string &Exe,
                                      llvm::ArrayRef<llvm::StringRef> Args,
                                      std::string &Error) {
  llvm::SmallString<128> OutPath;
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("nosqlint-help", "txt", OutPath)) {
    Error = "cannot create a temporary file: " + EC.message();
    return std::nullopt;
  }
  llvm::FileRemover Remove(OutPath);
  std::vector<llvm::StringRef> Argv{Exe};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  llvm::Optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(OutPath), llvm::StringRef("")};
  std::string RunError;
  int Code = llvm::sys::ExecuteAndWait(Exe, Argv, llvm::None, Redirects,
                                       HelpSecondsLimit, 0, &RunError);
  std::string Shown = Exe;
  for (llvm::StringRef A : Args)
    Shown += " " + A.str();
  if (Code != 0) {
    Error = "`" + Shown + "` failed" +
            (RunError.empty() ? std::string() : ": " + RunError);
    return std::nullopt;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Out =
      llvm::MemoryBuffer::getFile(OutPath);
  if (!Out) {
    Error = "cannot read the output of `" + Shown + "`";
    return std::nullopt;
  }
  return (*Out)->getBuffer().str();
}

} // namespace

const CommandDoc *CommandCatalog::find(llvm::StringRef Name) const {
  for (const CommandDoc &C : Commands)
    if (C.Listed.Name == Name)
      return &C;
  return nullptr;
}

std::optional<CommandCatalog> readCommandCatalog(llvm::raw_ostream &Err) {
  static int Anchor;
  std::string Exe = llvm::sys::fs::getMainExecutable("nosqlint", &Anchor);
  CommandCatalog Catalog;
  std::string Error;
  std::optional<std::string> Top = runForHelp(Exe, {"--help"}, Error);
  if (!Top) {
    usageError(Err, "cannot read the commands' help: " + Error);
    return std::nullopt;
  }
  Catalog.TopLevel = parseHelp(*Top);
  // A command whose --help fails is still listed, without options.
  for (CommandSummary &Listed : listedCommands(Catalog.TopLevel)) {
    std::string Ignored;
    std::optional<std::string> Text =
        runForHelp(Exe, {Listed.Name, "--help"}, Ignored);
    Catalog.Commands.push_back(
        {std::move(Listed), Text ? parseHelp(*Text) : CommandHelp()});
  }
  return Catalog;
}

} // namespace nosqlint::tool
