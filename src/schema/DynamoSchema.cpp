//===- DynamoSchema.cpp - DynamoDB catalog look-ups and names --------------===//
#include "nosqlint/Schema/DynamoSchema.h"

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

/// How many leading folders \p Dir shares with \p From, when \p Dir is an
/// ancestor of (or is) \p From; -1 otherwise.
static int ancestorDepth(llvm::StringRef Dir, llvm::StringRef From) {
  if (!From.startswith(Dir))
    return -1;
  if (Dir.size() != From.size() && !Dir.empty() && Dir.back() != '/' &&
      From[Dir.size()] != '/')
    return -1;
  return static_cast<int>(Dir.count('/')) + (Dir.empty() ? 0 : 1);
}

const DynamoTable *DynamoCatalog::table(llvm::StringRef Name,
                                        llvm::StringRef FromDirectory) const {
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return nullptr;
  const DynamoTable *Best = It->second.front();
  int BestDepth = -1;
  if (It->second.size() > 1 && !FromDirectory.empty())
    for (const DynamoTable *T : It->second) {
      int D = ancestorDepth(T->Directory, FromDirectory);
      if (D > BestDepth) {
        Best = T;
        BestDepth = D;
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
