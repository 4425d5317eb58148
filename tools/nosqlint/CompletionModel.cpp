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

bool sameValue(const ValueCompletion &A, const ValueCompletion &B) {
  return A.Kind == B.Kind && A.Choices == B.Choices &&
         A.CommaList == B.CommaList;
}

bool sameTable(const CompletionCommand &A, const CompletionCommand &B) {
  auto SameOption = [](const CompletionOption &X, const CompletionOption &Y) {
    return X.Names == Y.Names && X.Summary == Y.Summary &&
           X.TakesValue == Y.TakesValue && X.Repeatable == Y.Repeatable &&
           X.ValueName == Y.ValueName && sameValue(X.Value, Y.Value);
  };
  return A.Options.size() == B.Options.size() &&
         std::equal(A.Options.begin(), A.Options.end(), B.Options.begin(),
                    SameOption) &&
         A.Operands.has_value() == B.Operands.has_value() &&
         (!A.Operands || sameValue(*A.Operands, *B.Operands)) &&
         A.OperandName == B.OperandName &&
         A.RepeatableOperands == B.RepeatableOperands;
}

/// Fills SharedBy and SameAs.
void shareTables(std::vector<CompletionCommand> &Commands) {
  for (size_t I = 0; I < Commands.size(); ++I) {
    if (!Commands[I].SameAs.empty())
      continue;
    Commands[I].SharedBy.push_back(Commands[I].Name);
    for (size_t J = I + 1; J < Commands.size(); ++J) {
      if (Commands[J].SameAs.empty() && sameTable(Commands[I], Commands[J])) {
        Commands[J].SameAs = Commands[I].Name;
        Commands[I].SharedBy.push_back(Commands[J].Name);
      }
    }
  }
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
  shareTables(M.Commands);
  return M;
}

} // namespace nosqlint::tool
