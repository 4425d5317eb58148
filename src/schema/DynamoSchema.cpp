//===- DynamoSchema.cpp - DynamoDB catalog look-ups and names --------------===//
#include "nosqlint/Schema/DynamoSchema.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace nosqlint {

llvm::StringRef dynamoScalarTypeName(DynamoScalarType T) {
  switch (T) {
  case DynamoScalarType::S:
    return "S";
  case DynamoScalarType::N:
    return "N";
  case DynamoScalarType::B:
    return "B";
  case DynamoScalarType::Unknown:
    break;
  }
  return "?";
}

std::optional<DynamoScalarType> parseDynamoScalarType(llvm::StringRef Name) {
  if (Name == "S")
    return DynamoScalarType::S;
  if (Name == "N")
    return DynamoScalarType::N;
  if (Name == "B")
    return DynamoScalarType::B;
  return std::nullopt;
}

llvm::StringRef dynamoProjectionTypeName(DynamoProjectionType T) {
  switch (T) {
  case DynamoProjectionType::All:
    return "ALL";
  case DynamoProjectionType::KeysOnly:
    return "KEYS_ONLY";
  case DynamoProjectionType::Include:
    return "INCLUDE";
  }
  return "ALL";
}

bool DynamoKeySchema::contains(llvm::StringRef Name) const {
  for (const DynamoKeyAttribute &A : Hash)
    if (A.Name == Name)
      return true;
  for (const DynamoKeyAttribute &A : Range)
    if (A.Name == Name)
      return true;
  return false;
}

const DynamoAttributeDefinition *
DynamoTable::attribute(llvm::StringRef Name) const {
  for (const DynamoAttributeDefinition &D : AttributeDefinitions)
    if (D.Name == Name)
      return &D;
  return nullptr;
}

const DynamoIndex *DynamoTable::index(llvm::StringRef Name) const {
  for (const DynamoIndex &I : GlobalIndexes)
    if (I.Name == Name)
      return &I;
  for (const DynamoIndex &I : LocalIndexes)
    if (I.Name == Name)
      return &I;
  return nullptr;
}

const DynamoKeySchema *DynamoTable::keysFor(llvm::StringRef IndexName) const {
  if (IndexName.empty())
    return &Keys;
  const DynamoIndex *I = index(IndexName);
  return I ? &I->Keys : nullptr;
}

/// How close a definition in folder \p Dir is to a request in \p From: twice
/// the number of leading folders the two share, plus one when \p Dir is an
/// ancestor of (or is) \p From. A template above the code, a CDK stack in a
/// sibling folder (lib/, stacks/) of the code's: both near; another
/// sub-project's: far.
static int closeness(llvm::StringRef Dir, llvm::StringRef From) {
  llvm::SmallString<256> D(Dir), F(From);
  llvm::sys::path::remove_dots(D, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_dots(F, /*remove_dot_dot=*/true);
  auto DI = llvm::sys::path::begin(D), DE = llvm::sys::path::end(D);
  auto FI = llvm::sys::path::begin(F), FE = llvm::sys::path::end(F);
  int Shared = 0;
  for (; DI != DE && FI != FE && *DI == *FI; ++DI, ++FI)
    ++Shared;
  return 2 * Shared + (DI == DE ? 1 : 0);
}

const DynamoTable *DynamoCatalog::table(llvm::StringRef Name,
                                        llvm::StringRef FromDirectory) const {
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return nullptr;
  const DynamoTable *Best = It->second.front();
  int BestScore = -1;
  if (It->second.size() > 1 && !FromDirectory.empty())
    for (const DynamoTable *T : It->second) {
      int Score = closeness(T->Directory, FromDirectory);
      if (Score > BestScore) {
        Best = T;
        BestScore = Score;
      }
    }
  return Best;
}

const DynamoIndex *DynamoCatalog::index(llvm::StringRef TableName,
                                        llvm::StringRef IndexName) const {
  const DynamoTable *T = table(TableName);
  return T ? T->index(IndexName) : nullptr;
}

const DynamoTable *DynamoCatalog::add(DynamoTable Table) {
  std::vector<const DynamoTable *> &Same = ByName[Table.Name];
  for (const DynamoTable *Existing : Same)
    if (Existing->Range.File == Table.Range.File)
      return Existing;
  Tables.push_back(std::move(Table));
  Same.push_back(&Tables.back());
  return nullptr;
}

} // namespace nosqlint
