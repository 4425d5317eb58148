//===- PatternReport.cpp - Names and lookups of the report model ----------===//
#include "nosqlint/Patterns/PatternReport.h"

#include "Phrases.h"

#include "llvm/ADT/STLExtras.h"

namespace nosqlint::patterns {

namespace {

template <typename E, size_t N>
std::optional<E> parseName(llvm::StringRef Name,
                           const std::pair<E, const char *> (&Table)[N]) {
  for (const auto &[Value, Text] : Table)
    if (Name == Text)
      return Value;
  return std::nullopt;
}

template <typename E, size_t N>
llvm::StringRef nameOf(E Value, const std::pair<E, const char *> (&Table)[N]) {
  for (const auto &[V, Text] : Table)
    if (V == Value)
      return Text;
  return "?";
}

const std::pair<ObjectKind, const char *> ObjectKinds[] = {
    {ObjectKind::Table, "table"},
    {ObjectKind::View, "materialized-view"},
    {ObjectKind::SecondaryIndex, "secondary-index"},
    {ObjectKind::SaiIndex, "sai-index"},
    {ObjectKind::Gsi, "gsi"},
    {ObjectKind::Lsi, "lsi"}};

const std::pair<Served, const char *> ServedNames[] = {
    {Served::Partition, "partition"},
    {Served::KeyRange, "key-range"},
    {Served::IndexLocal, "index-local"},
    {Served::IndexCluster, "index-cluster"},
    {Served::IndexGlobal, "index-global"},
    {Served::FullScan, "full-scan"},
    {Served::Unknown, "unknown"}};

const std::pair<Cost, const char *> CostNames[] = {
    {Cost::Point, "point"},
    {Cost::Partition, "partition"},
    {Cost::MultiPartition, "multi-partition"},
    {Cost::IndexLookup, "index-lookup"},
    {Cost::ScatterGather, "scatter-gather"},
    {Cost::FullScan, "full-scan"},
    {Cost::Unknown, "unknown"}};

const std::pair<FindingKind, const char *> FindingNames[] = {
    {FindingKind::Unread, "unread"},
    {FindingKind::Unwritten, "unwritten"},
    {FindingKind::Drift, "drift"},
    {FindingKind::Unserved, "unserved"}};

} // namespace

llvm::StringRef objectKindName(ObjectKind K) { return nameOf(K, ObjectKinds); }
llvm::StringRef servedName(Served S) { return nameOf(S, ServedNames); }
llvm::StringRef costName(Cost C) { return nameOf(C, CostNames); }
llvm::StringRef findingKindName(FindingKind K) {
  return nameOf(K, FindingNames);
}
std::optional<ObjectKind> parseObjectKind(llvm::StringRef Name) {
  return parseName(Name, ObjectKinds);
}
std::optional<Served> parseServed(llvm::StringRef Name) {
  return parseName(Name, ServedNames);
}
std::optional<Cost> parseCost(llvm::StringRef Name) {
  return parseName(Name, CostNames);
}
std::optional<FindingKind> parseFindingKind(llvm::StringRef Name) {
  return parseName(Name, FindingNames);
}

std::string Read::shape() const {
  return Dialect + " " + Table + " " + Operation + " via " + Object + " " +
         servedName(How).str() + " pk=" + listText(PartitionKey, ",") +
         " sk=" + listText(SortKey, ",") + " ix=" + listText(IndexKey, ",") +
         " unserved=" + listText(UnservedColumns, ",");
}

static unsigned total(const std::map<std::string, unsigned> &M) {
  unsigned N = 0;
  for (const auto &[Dialect, Count] : M)
    N += Count;
  return N;
}

unsigned PatternReport::unresolvedReads() const {
  return total(UnresolvedReads);
}
unsigned PatternReport::unresolvedWrites() const {
  return total(UnresolvedWrites);
}

const DataObject *PatternReport::object(llvm::StringRef Id) const {
  for (const DataObject &O : Objects)
    if (O.Id == Id)
      return &O;
  return nullptr;
}

std::vector<const Read *> PatternReport::readsOf(const DataObject &O) const {
  std::vector<const Read *> Out;
  bool WholeTable = O.Kind == ObjectKind::Table || O.Kind == ObjectKind::View;
  for (const Read &R : Reads)
    if (WholeTable ? R.Table == O.Id : R.Object == O.Id)
      Out.push_back(&R);
  return Out;
}

std::vector<const Write *>
PatternReport::writesFeeding(const DataObject &O) const {
  std::vector<const Write *> Out;
  for (const Write &W : Writes)
    if (W.Table == O.Table)
      Out.push_back(&W);
  return Out;
}

} // namespace nosqlint::patterns
