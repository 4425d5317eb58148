//===- CompletionModel.cpp - What a completion script offers --------------===//
#include "CompletionModel.h"

#include "llvm/ADT/STLExtras.h"

namespace nosqlint::tool {

namespace {

/// How long a menu line may grow before it is cut at a word.
constexpr size_t SummaryLimit = 80;

CompletionOption completionOption(const HelpEntry &E) {
  CompletionOption O;
  O.Names = E.Names;
  O.Summary = shortDescription(E.Description);
  O.TakesValue = !E.Value.empty();
  O.Repeatable = E.Repeatable;
  llvm::StringRef Name = E.Value;
  if (Name.startswith("<") && Name.endswith(">"))
    Name = Name.drop_front().drop_back();
  O.ValueName = Name.str();
  if (O.TakesValue)
    O.Value = valueCompletion(E);
  return O;
}

CompletionCommand completionCommand(const CommandDoc &Doc) {
  CompletionCommand C;
  C.Name = Doc.Listed.Name;
  C.Summary = shortDescription(Doc.Listed.Summary);
  for (const HelpEntry *E : Doc.Help.options())
    C.Options.push_back(completionOption(*E));
  std::vector<const HelpEntry *> Positionals = Doc.Help.positionals();
  if (!Positionals.empty()) {
    const HelpEntry &P = *Positionals.front();
    C.Operands = valueCompletion(P);
    llvm::StringRef Name = P.Value;
    if (Name.empty() || Name == "TEXT")
      Name = P.Names.front();
    if (Name.startswith("<") && Name.endswith(">"))
      Name = Name.drop_front().drop_back();
    C.OperandName = Name.str();
    C.RepeatableOperands = P.Repeatable;
  }
  return C;
}

} // namespace

std::string shortDescription(llvm::StringRef Description) {
  size_t Cut = Description.size();
  for (llvm::StringRef Stop : {"; ", " (", ": ", ". "})
    Cut = std::min(Cut, Description.find(Stop));
  llvm::StringRef S = Description.take_front(Cut).rtrim(" .");
  if (S.size() > SummaryLimit) {
    size_t Space = S.take_front(SummaryLimit).rfind(' ');
    S = S.take_front(Space == llvm::StringRef::npos ? SummaryLimit : Space);
  }
  return S.str();
}

CompletionModel buildCompletionModel(const CommandCatalog &Catalog) {
  CompletionModel M;
  M.RuleIds = ruleIds();
  for (const CommandDoc &Doc : Catalog.Commands)
    M.Commands.push_back(completionCommand(Doc));
  auto Default = llvm::find_if(Catalog.Commands, [](const CommandDoc &D) {
    return D.Listed.Default;
  });
  if (Default != Catalog.Commands.end()) {
    M.DefaultIndex = Default - Catalog.Commands.begin();
  } else {
    // No `[command]` in the list: the top-level help is the default's.
    M.Commands.push_back(completionCommand({{"", true, "", ""}, Catalog.TopLevel}));
    M.DefaultIndex = M.Commands.size() - 1;
  }
  return M;
}

} // namespace nosqlint::tool
