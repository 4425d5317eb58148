//===- ExecutionFacts.cpp - Consistency level spellings and scopes --------===//
#include "nosqlint/IR/ExecutionFacts.h"

#include "llvm/ADT/StringExtras.h"

#include <array>

namespace nosqlint {

llvm::StringRef settingScopeName(SettingScope S) {
  switch (S) {
  case SettingScope::Statement:
    return "statement";
  case SettingScope::Call:
    return "call";
  case SettingScope::Session:
    return "session";
  case SettingScope::Profile:
    return "profile";
  }
  return "statement";
}

void fillUnsetFacts(ExecutionFacts &Out, const ExecutionFacts &Defaults) {
  if (!Out.Consistency)
    Out.Consistency = Defaults.Consistency;
  if (!Out.SerialConsistency)
    Out.SerialConsistency = Defaults.SerialConsistency;
  if (!Out.PageSize)
    Out.PageSize = Defaults.PageSize;
}

void dropRunTimeFacts(ExecutionFacts &F) {
  if (F.Consistency && F.Consistency->Level.empty())
    F.Consistency.reset();
  if (F.SerialConsistency && F.SerialConsistency->Level.empty())
    F.SerialConsistency.reset();
  if (F.PageSize && !F.PageSize->Known)
    F.PageSize.reset();
}

std::string canonicalConsistencyLevel(llvm::StringRef Name) {
  Name = Name.trim().trim("\"'`");
  // The last member of a qualified name: ConsistencyLevel.ALL, gocql.All.
  size_t Dot = Name.find_last_of(".:");
  if (Dot != llvm::StringRef::npos)
    Name = Name.substr(Dot + 1);
  // LocalQuorum, localQuorum, LOCAL_QUORUM, local_quorum: one spelling.
  std::string Upper;
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    auto IsLower = [](char X) { return X >= 'a' && X <= 'z'; };
    if (C >= 'A' && C <= 'Z' && I > 0 && IsLower(Name[I - 1]))
      Upper += '_';
    Upper += llvm::toUpper(C);
  }
  static constexpr std::array<llvm::StringLiteral, 11> Levels = {
      "ANY",          "ONE",         "TWO",    "THREE",
      "QUORUM",       "ALL",         "LOCAL_QUORUM", "EACH_QUORUM",
      "SERIAL",       "LOCAL_SERIAL", "LOCAL_ONE"};
  for (llvm::StringLiteral L : Levels)
    if (Upper == L)
      return Upper;
  return {};
}

} // namespace nosqlint
