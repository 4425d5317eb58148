//===- Hover.cpp - What a hover shows -------------------------------------===//
#include "Hover.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace nosqlint::lsp {

namespace {

bool isNameChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The (possibly keyspace-qualified) name around \p Offset, and where.
std::pair<uint32_t, uint32_t> nameAt(llvm::StringRef Text, uint32_t Offset) {
  auto Part = [&](char C) { return isNameChar(C) || C == '.' || C == '"'; };
  if (Offset > Text.size())
    return {0, 0};
  uint32_t B = Offset, E = Offset;
  while (B > 0 && Part(Text[B - 1]))
    --B;
  while (E < Text.size() && Part(Text[E]))
    ++E;
  return {B, E};
}

std::string unquotedName(llvm::StringRef Name) {
  std::string Out;
  for (llvm::StringRef Part : llvm::split(Name, '.')) {
    Part = Part.trim('.');
    bool Quoted = Part.size() >= 2 && Part.front() == '"' && Part.back() == '"';
    std::string P = Quoted ? Part.drop_front().drop_back().str() : Part.lower();
    Out += (Out.empty() ? "" : ".") + P;
  }
  return Out;
}

const SchemaTable *tableNamed(const Document &Doc, llvm::StringRef Written) {
  if (Written.empty())
    return nullptr;
  std::string CqlName = unquotedName(Written);
  const SchemaTable *Bare = nullptr;
  unsigned BareCount = 0;
  for (const SchemaTable &T : Doc.Report.Tables) {
    if (T.Dialect == "dynamodb") {
      if (T.Name == Written.trim('"'))
        return &T;
      continue;
    }
    if (T.Name == CqlName)
      return &T;
    llvm::StringRef Table = llvm::StringRef(T.Name).rsplit('.').second;
    if (Table.empty())
      Table = T.Name;
    if (Table == CqlName) {
      Bare = &T;
      ++BareCount;
    }
  }
  return BareCount == 1 ? Bare : nullptr;
}

std::string list(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &X : V)
    S += (S.empty() ? "`" : ", `") + X + "`";
  return S;
}

llvm::json::Value markdown(std::string Text) {
  return llvm::json::Object{
      {"contents",
       llvm::json::Object{{"kind", "markdown"}, {"value", std::move(Text)}}}};
}

std::string tableHover(const SchemaTable &T) {
  std::string S =
      "**" + std::string(T.Dialect == "cql" ? "table " : "DynamoDB table ") +
      T.Name + "**\n\n```" + (T.Dialect == "cql" ? "cql" : "") + "\n" +
      llvm::StringRef(T.Definition).rtrim().str() + "\n```\n";
  if (!T.Path.empty())
    S += "\nDefined at `" + T.Path + ":" + std::to_string(T.Line) + "`";
  if (!T.Provenance.empty())
    S += " (" + T.Provenance + ")";
  return S + "\n";
}

std::string queryHover(const DocumentQuery &Q) {
  std::string S = "**" + Q.Operation + "** on `" +
                  (Q.Table.empty() ? std::string("?") : Q.Table) + "`";
  if (!Q.TableKnown)
    S += " (not in the schema)";
  S += "\n\n";
  if (Q.Dialect == "dynamodb" && !Q.Indexes.empty())
    S += "- served by index " + list(Q.Indexes) + "\n";
  else if (Q.Dialect == "cql" && !Q.Indexes.empty() && !Q.FullPartitionKey)
    S += "- served by secondary index " + list(Q.Indexes) + "\n";
  else if (Q.TableKnown)
    S += "- served by the table's primary key\n";
  if (!Q.PartitionKey.empty())
    S += "- partition key pinned: " + list(Q.PartitionKey) +
         (Q.FullPartitionKey ? " (complete)" : " (incomplete)") + "\n";
  else if (Q.TableKnown)
    S += "- partition key: not pinned\n";
  if (!Q.SortKey.empty())
    S += std::string("- ") + (Q.Dialect == "cql" ? "clustering" : "sort key") +
         " restricted: " + list(Q.SortKey) + "\n";
  if (!Q.Other.empty())
    S += "- other attributes pinned: " + list(Q.Other) + "\n";
  S += "- cost: **" + costClass(Q) + "**\n";
  if (!Q.Text.empty())
    S += "\n```" + std::string(Q.Dialect == "cql" ? "cql" : "") + "\n" +
         Q.Text + "\n```\n";
  return S;
}

} // namespace

std::string costClass(const DocumentQuery &Q) {
  llvm::StringRef Op = Q.Operation;
  if (Op == "CREATE TABLE" || Op.startswith("CREATE") ||
      Op.startswith("ALTER") || Op.startswith("DROP") || Op == "USE")
    return "schema change";
  if (!Q.TableKnown && Q.PartitionKey.empty())
    return "unknown (the schema does not declare the table)";
  if (Q.Dialect == "dynamodb") {
    if (Op == "Scan")
      return "full scan: reads every item of the " +
             std::string(Q.Indexes.empty() ? "table" : "index");
    if (Q.FullPartitionKey)
      return Op == "Query" ? "one partition" : "one item";
    return "unknown";
  }
  if (Q.FullPartitionKey)
    return Op == "SELECT" ? "single partition" : "single-partition write";
  if (!Q.Indexes.empty())
    return "index lookup: asks every node (or token range)";
  if (Op == "SELECT")
    return "full scan: reads every partition";
  return "multi-partition";
}

std::optional<llvm::json::Value> hoverAt(const Document &Doc, uint32_t Offset) {
  auto [B, E] = nameAt(Doc.Text, Offset);
  if (const SchemaTable *T =
          tableNamed(Doc, llvm::StringRef(Doc.Text).slice(B, E)))
    return markdown(tableHover(*T));
  const DocumentQuery *Best = nullptr;
  for (const DocumentQuery &Q : Doc.Report.Queries)
    if (Q.Range.Begin <= Offset && Offset <= Q.Range.End &&
        (!Best || Q.Range.size() < Best->Range.size()))
      Best = &Q;
  if (!Best)
    return std::nullopt;
  llvm::json::Value V = markdown(queryHover(*Best));
  V.getAsObject()->try_emplace(
      "range", rangeJSON(*Doc.Lines, Best->Range.Begin, Best->Range.End));
  return V;
}

} // namespace nosqlint::lsp
