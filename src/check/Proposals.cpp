//===- Proposals.cpp - The query-first fixes shown in notes ---------------===//
#include "CheckContext.h"

#include "nosqlint/Schema/TypeNames.h"

#include <fmt/format.h>

namespace nosqlint::check {

using schema::CqlColumn;
using schema::CqlTable;

std::string proposeQueryTable(const CqlTable &T,
                              const std::vector<const CqlColumn *> &By,
                              llvm::StringRef Suffix,
                              const std::vector<const CqlColumn *> &ClusterFirst) {
  std::vector<const CqlColumn *> Columns = By;
  std::vector<std::string> Clustering;
  auto Has = [&](const CqlColumn *C) {
    return std::find(Columns.begin(), Columns.end(), C) != Columns.end();
  };
  for (const CqlColumn *C : ClusterFirst)
    if (!Has(C)) {
      Columns.push_back(C);
      Clustering.push_back(C->Name);
    }
  // Keep the original primary key as clustering columns so every row of
  // the source table stays a distinct row of the query table.
  for (const CqlColumn *C : T.partitionKey())
    if (!Has(C)) {
      Columns.push_back(C);
      Clustering.push_back(C->Name);
    }
  for (const CqlColumn *C : T.clustering())
    if (!Has(C)) {
      Columns.push_back(C);
      Clustering.push_back(C->Name);
    }
  std::string Defs;
  for (const CqlColumn *C : Columns)
    Defs += fmt::format("{} {}, ", C->Name, schema::describeType(C->Type));
  std::string Partition;
  for (size_t I = 0; I < By.size(); ++I)
    Partition += (I ? ", " : "") + By[I]->Name;
  std::string Key = "(" + Partition + ")";
  for (const std::string &C : Clustering)
    Key += ", " + C;
  std::string Name = T.Name + "_" + Suffix.str();
  std::string Qualified = T.Keyspace.empty() ? Name : T.Keyspace + "." + Name;
  return fmt::format("CREATE TABLE {} ({}... PRIMARY KEY ({}))", Qualified,
                     Defs, Key);
}

std::string proposeIndex(const CqlTable &T, const CqlColumn &C,
                         cql::RelationOp Op, bool ScyllaDb) {
  std::string Target = C.Name;
  if (Op == cql::RelationOp::ContainsKey)
    Target = "KEYS(" + C.Name + ")";
  std::string Table = T.qualifiedName();
  if (ScyllaDb)
    return fmt::format("CREATE INDEX ON {} ({});", Table, Target);
  return fmt::format("CREATE INDEX ON {} ({}) USING 'sai';", Table, Target);
}

} // namespace nosqlint::check
