//===- OptionValues.cpp - What an option's value may be -------------------===//
#include "OptionValues.h"

#include "CommandLine.h"

#include "nosqlint/Config/SettingValues.h"
#include "nosqlint/Diag/Rule.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::tool {

namespace {

std::vector<std::string> outputFormatWords() {
  std::vector<std::string> Words;
  for (int F = static_cast<int>(OutputFormat::Text);
       F <= static_cast<int>(OutputFormat::Junit); ++F)
    Words.push_back(
        config::outputFormatName(static_cast<OutputFormat>(F)).str());
  return Words;
}

std::vector<std::string> failOnWords() {
  std::vector<std::string> Words;
  for (Severity S : {Severity::Error, Severity::Warning, Severity::Note})
    Words.push_back(config::failOnName(S).str());
  Words.push_back(config::failOnName(std::nullopt).str());
  return Words;
}

template <typename Range> std::vector<std::string> strings(const Range &R) {
  std::vector<std::string> Words;
  for (llvm::StringRef W : R)
    Words.push_back(W.str());
  return Words;
}

/// `<on|warn|off>`: the words, when every part is one.
std::vector<std::string> literalChoices(llvm::StringRef Inner) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Inner.split(Parts, '|');
  std::vector<std::string> Words;
  if (Parts.size() < 2)
    return Words;
  for (llvm::StringRef P : Parts) {
    if (P.empty() || !llvm::all_of(P, [](char C) {
          return llvm::isAlnum(C) || C == '-' || C == '.' || C == '_';
        }))
      return {};
    Words.push_back(P.str());
  }
  return Words;
}

} // namespace

std::vector<std::string> ruleIds() {
  std::vector<std::string> Ids;
  for (const RuleInfo &R : allRules())
    Ids.push_back(R.Name.str());
  return Ids;
}

ValueCompletion valueCompletion(const HelpEntry &E) {
  ValueCompletion V;
  llvm::StringRef Inner = E.Value;
  if (Inner.startswith("<") && Inner.endswith(">"))
    Inner = Inner.drop_front().drop_back();
  std::string Placeholder = Inner.lower();
  // A positional's name says more than CLI11's TEXT.
  if (!E.Names.empty() && !llvm::StringRef(E.Names.front()).startswith("-") &&
      (Placeholder.empty() || Placeholder == "text"))
    Placeholder = E.Names.front();

  if (Placeholder == "ids") {
    V.Kind = ValueCompletion::RuleIds;
    V.Choices = {"ALL"};
    V.CommaList = true;
  } else if (Placeholder == "rule-id" || Placeholder == "rule") {
    V.Kind = ValueCompletion::RuleIds;
  } else if (Placeholder == "format") {
    V.Kind = ValueCompletion::Words;
    V.Choices = outputFormatWords();
  } else if (Placeholder == "level") {
    V.Kind = ValueCompletion::Words;
    V.Choices = failOnWords();
  } else if (Placeholder == "database") {
    V.Kind = ValueCompletion::Words;
    V.Choices = strings(config::targetNames());
  } else if (Placeholder == "when") {
    V.Kind = ValueCompletion::Words;
    V.Choices = strings(colorModeNames());
  } else if (Placeholder == "dir") {
    V.Kind = ValueCompletion::Directories;
  } else if (llvm::StringRef(Placeholder).startswith("file") ||
             Placeholder == "path" || Placeholder == "glob" ||
             Placeholder == "inputs") {
    V.Kind = ValueCompletion::Files;
  } else if (std::vector<std::string> Words = literalChoices(Inner);
             !Words.empty()) {
    V.Kind = ValueCompletion::Words;
    V.Choices = std::move(Words);
  }
  return V;
}

} // namespace nosqlint::tool
