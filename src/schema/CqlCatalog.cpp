//===- CqlCatalog.cpp - Look-ups in the CQL schema ------------------------===//
#include "nosqlint/Schema/CqlSchema.h"

namespace nosqlint::schema {

const CqlColumn *CqlTable::column(llvm::StringRef Name) const {
  for (const CqlColumn &C : Columns)
    if (C.Name == Name)
      return &C;
  return nullptr;
}

static std::vector<const CqlColumn *> columnsWithRole(const CqlTable &T,
                                                      ColumnRole Role) {
  std::vector<const CqlColumn *> Result;
  for (const CqlColumn &C : T.Columns)
    if (C.Role == Role)
      Result.push_back(&C);
  std::stable_sort(Result.begin(), Result.end(),
                   [](const CqlColumn *A, const CqlColumn *B) {
                     return A->Position < B->Position;
                   });
  return Result;
}

std::vector<const CqlColumn *> CqlTable::partitionKey() const {
  return columnsWithRole(*this, ColumnRole::PartitionKey);
}

std::vector<const CqlColumn *> CqlTable::clustering() const {
  return columnsWithRole(*this, ColumnRole::Clustering);
}

bool CqlTable::isCounterTable() const {
  for (const CqlColumn &C : Columns)
    if (C.Type.isCounter())
      return true;
  return false;
}

std::vector<const CqlIndex *> CqlTable::indexesOn(llvm::StringRef Column) const {
  std::vector<const CqlIndex *> Result;
  for (const CqlIndex &I : Indexes)
    if (I.Column == Column)
      Result.push_back(&I);
  return Result;
}

CqlKeyspace *CqlCatalog::keyspace(llvm::StringRef Name) {
  auto It = Keyspaces.find(Name.str());
  return It == Keyspaces.end() ? nullptr : &It->second;
}

const CqlKeyspace *CqlCatalog::keyspace(llvm::StringRef Name) const {
  auto It = Keyspaces.find(Name.str());
  return It == Keyspaces.end() ? nullptr : &It->second;
}

std::vector<const CqlKeyspace *> CqlCatalog::keyspaces() const {
  std::vector<const CqlKeyspace *> Out;
  for (const auto &[Name, K] : Keyspaces)
    Out.push_back(&K);
  return Out;
}

bool KeyspaceReplication::isSimpleStrategy() const {
  return llvm::StringRef(Class).endswith("SimpleStrategy");
}

bool KeyspaceReplication::isNetworkTopologyStrategy() const {
  return llvm::StringRef(Class).endswith("NetworkTopologyStrategy");
}

CqlKeyspace &CqlCatalog::getOrCreateKeyspace(llvm::StringRef Name,
                                             SourceRange Range) {
  auto [It, Inserted] = Keyspaces.try_emplace(Name.str());
  if (Inserted) {
    It->second.Name = Name.str();
    It->second.Range = Range;
  }
  return It->second;
}

const CqlTable *
CqlCatalog::findTable(const std::optional<std::string> &Keyspace,
                      llvm::StringRef Name,
                      llvm::StringRef CurrentKeyspace) const {
  auto InKeyspace = [&](llvm::StringRef Ks) -> const CqlTable * {
    const CqlKeyspace *K = keyspace(Ks);
    if (!K)
      return nullptr;
    auto It = K->Tables.find(Name.str());
    return It == K->Tables.end() ? nullptr : It->second.get();
  };
  // A schema written without keyspaces (`CREATE TABLE t ...`, applied by a
  // migration tool in the keyspace it is told) is in every keyspace the
  // schema does not otherwise declare.
  auto Named = [&](llvm::StringRef Ks) -> const CqlTable * {
    if (keyspace(Ks) || Ks.empty())
      return InKeyspace(Ks);
    return InKeyspace("");
  };
  if (Keyspace)
    return Named(*Keyspace);
  if (!CurrentKeyspace.empty())
    return Named(CurrentKeyspace);
  // No keyspace in the query and no USE: applications usually set it on the
  // session. Take the table if exactly one keyspace has it.
  const CqlTable *Found = nullptr;
  for (const auto &[KsName, K] : Keyspaces) {
    auto It = K.Tables.find(Name.str());
    if (It == K.Tables.end())
      continue;
    if (Found)
      return nullptr; // ambiguous
    Found = It->second.get();
  }
  return Found;
}

CqlTable *CqlCatalog::findTable(const std::optional<std::string> &Keyspace,
                                llvm::StringRef Name,
                                llvm::StringRef CurrentKeyspace) {
  return const_cast<CqlTable *>(
      static_cast<const CqlCatalog *>(this)->findTable(Keyspace, Name,
                                                       CurrentKeyspace));
}

std::vector<const CqlTable *> CqlCatalog::tables() const {
  std::vector<const CqlTable *> Result;
  for (const auto &[KsName, K] : Keyspaces)
    for (const auto &[Name, T] : K.Tables)
      Result.push_back(T.get());
  return Result;
}

} // namespace nosqlint::schema
