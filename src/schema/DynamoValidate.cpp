//===- DynamoValidate.cpp - CreateTable's cross-member rules --------------===//
//
// What DynamoDB checks across the members of a table definition: every key
// attribute is defined and every definition is used by a key, local indexes
// share the table's partition key, index counts and names. Each finding is a
// schema-error with DynamoDB's wording, at the node that causes it. Unlike
// DynamoDB, which stops at the first problem, all are reported.
//
//===----------------------------------------------------------------------===//
#include "DynamoLoaders.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace nosqlint::dynamo {

namespace {

constexpr size_t MaxLocalIndexes = 5;
constexpr size_t MaxGlobalIndexes = 20;

std::string joinNames(const std::vector<std::string> &Names) {
  std::string S = "[";
  for (size_t I = 0; I < Names.size(); ++I) {
    if (I)
      S += ", ";
    S += Names[I];
  }
  return S + "]";
}

std::vector<std::string> keyNames(const DynamoKeySchema &Keys) {
  std::vector<std::string> Names;
  for (const DynamoKeyAttribute &A : Keys.Hash)
    Names.push_back(A.Name);
  for (const DynamoKeyAttribute &A : Keys.Range)
    Names.push_back(A.Name);
  return Names;
}

void checkKeysDefined(const DynamoTable &Table, const DynamoKeySchema &Keys,
                      const std::vector<std::string> &Defs,
                      const LoadContext &Ctx) {
  auto Check = [&](const DynamoKeyAttribute &A) {
    if (Table.attribute(A.Name))
      return;
    Ctx.error(A.Range, "One or more parameter values were invalid: Some index "
                       "key attributes are not defined in "
                       "AttributeDefinitions. Keys: " +
                           joinNames(keyNames(Keys)) +
                           ", AttributeDefinitions: " + joinNames(Defs));
  };
  for (const DynamoKeyAttribute &A : Keys.Hash)
    Check(A);
  for (const DynamoKeyAttribute &A : Keys.Range)
    Check(A);
}

void checkLocalIndex(const DynamoTable &Table, const DynamoIndex &Index,
                     const LoadContext &Ctx) {
  const DynamoKeyAttribute *TableHash = Table.Keys.partitionKey();
  if (!Table.Keys.hasSortKey() && TableHash) {
    Ctx.error(Index.NameRange.isValid() ? Index.NameRange : Index.Range,
              "One or more parameter values were invalid: Table KeySchema "
              "does not have a range key, which is required when specifying a "
              "LocalSecondaryIndex");
  }
  const DynamoKeyAttribute *Hash = Index.Keys.partitionKey();
  if (Hash && TableHash && Hash->Name != TableHash->Name) {
    Ctx.error(Hash->Range,
              "One or more parameter values were invalid: Index KeySchema "
              "does not have the same leading hash key as table KeySchema for "
              "index: " +
                  Index.Name + ". index hash key: " + Hash->Name +
                  ", table hash key: " + TableHash->Name)
        .note(TableHash->Range, "the table's partition key is defined here");
  }
  if (Hash && !Index.Keys.hasSortKey()) {
    Ctx.error(Index.Keys.Definition,
              "One or more parameter values were invalid: Index KeySchema "
              "does not have a range key for index: " +
                  Index.Name);
  }
}

} // namespace

void resolveKeyTypes(DynamoTable &Table) {
  auto Fill = [&](DynamoKeySchema &Keys) {
    for (auto *List : {&Keys.Hash, &Keys.Range})
      for (DynamoKeyAttribute &A : *List)
        if (A.Type == DynamoScalarType::Unknown)
          if (const DynamoAttributeDefinition *D = Table.attribute(A.Name))
            A.Type = D->Type;
  };
  Fill(Table.Keys);
  for (DynamoIndex &I : Table.GlobalIndexes)
    Fill(I.Keys);
  for (DynamoIndex &I : Table.LocalIndexes)
    Fill(I.Keys);
}

void validateDynamoTable(const DynamoTable &Table, const LoadContext &Ctx) {
  // Attribute definitions: unique, each used by some key.
  std::vector<std::string> Defs;
  llvm::StringMap<const DynamoAttributeDefinition *> FirstDef;
  for (const DynamoAttributeDefinition &D : Table.AttributeDefinitions) {
    Defs.push_back(D.Name);
    auto [It, Inserted] = FirstDef.try_emplace(D.Name, &D);
    if (!Inserted)
      Ctx.error(D.NameRange, "Cannot have two attributes with the same name")
          .note(It->second->NameRange, "'" + D.Name + "' is first defined here");
  }

  checkKeysDefined(Table, Table.Keys, Defs, Ctx);
  for (const DynamoIndex &I : Table.GlobalIndexes)
    checkKeysDefined(Table, I.Keys, Defs, Ctx);
  for (const DynamoIndex &I : Table.LocalIndexes)
    checkKeysDefined(Table, I.Keys, Defs, Ctx);

  std::vector<std::string> Used;
  llvm::StringSet<> UsedSet;
  auto Use = [&](const DynamoKeySchema &Keys) {
    for (const std::string &N : keyNames(Keys))
      if (UsedSet.insert(N).second)
        Used.push_back(N);
  };
  Use(Table.Keys);
  for (const DynamoIndex &I : Table.GlobalIndexes)
    Use(I.Keys);
  for (const DynamoIndex &I : Table.LocalIndexes)
    Use(I.Keys);
  bool HasIndexes = !Table.GlobalIndexes.empty() || !Table.LocalIndexes.empty();
  bool Malformed = Table.Keys.Malformed;
  for (const DynamoIndex &I : Table.GlobalIndexes)
    Malformed |= I.Keys.Malformed;
  for (const DynamoIndex &I : Table.LocalIndexes)
    Malformed |= I.Keys.Malformed;
  for (const DynamoAttributeDefinition &D : Table.AttributeDefinitions) {
    if (Malformed || UsedSet.contains(D.Name) || D.Name.empty())
      continue;
    if (HasIndexes)
      Ctx.error(D.Range, "One or more parameter values were invalid: Some "
                         "AttributeDefinitions are not used. "
                         "AttributeDefinitions: " +
                             joinNames(Defs) + ", keys used: " +
                             joinNames(Used));
    else
      Ctx.error(D.Range, "One or more parameter values were invalid: Number "
                         "of attributes in KeySchema does not exactly match "
                         "number of attributes defined in "
                         "AttributeDefinitions");
  }

  // Local indexes.
  for (const DynamoIndex &I : Table.LocalIndexes)
    checkLocalIndex(Table, I, Ctx);
  if (Table.LocalIndexes.size() > MaxLocalIndexes) {
    const DynamoIndex &Sixth = Table.LocalIndexes[MaxLocalIndexes];
    Ctx.error(Sixth.NameRange.isValid() ? Sixth.NameRange : Sixth.Range,
              "One or more parameter values were invalid: Number of "
              "LocalSecondaryIndexes exceeds per-table limit of 5");
  }
  if (Table.GlobalIndexes.size() > MaxGlobalIndexes) {
    const DynamoIndex &Extra = Table.GlobalIndexes[MaxGlobalIndexes];
    Ctx.error(Extra.NameRange.isValid() ? Extra.NameRange : Extra.Range,
              "One or more parameter values were invalid: GlobalSecondaryIndex "
              "count exceeds the per-table limit of 20");
  }

  // Index names are unique across global and local indexes.
  llvm::StringMap<const DynamoIndex *> Names;
  auto CheckName = [&](const DynamoIndex &I) {
    if (I.Name.empty())
      return;
    auto [It, Inserted] = Names.try_emplace(I.Name, &I);
    if (!Inserted)
      Ctx.error(I.NameRange, "One or more parameter values were invalid: "
                             "Duplicate index name: " +
                                 I.Name)
          .note(It->second->NameRange, "first index named '" + I.Name + "'");
  };
  for (const DynamoIndex &I : Table.LocalIndexes)
    CheckName(I);
  for (const DynamoIndex &I : Table.GlobalIndexes)
    CheckName(I);
}

} // namespace nosqlint::dynamo
