//===- Phrases.cpp --------------------------------------------------------===//
#include "Phrases.h"

namespace nosqlint::patterns {

std::string siteText(const Site &S) {
  if (S.Path.empty())
    return {};
  std::string T = S.Path + ":" + std::to_string(S.Line);
  if (S.Column)
    T += ":" + std::to_string(S.Column);
  return T;
}

std::string listText(const std::vector<std::string> &V, llvm::StringRef Sep) {
  std::string S;
  for (const std::string &X : V)
    S += (S.empty() ? "" : Sep.str()) + X;
  return S;
}

std::string keyText(const DataObject &O) {
  // A CQL index's column is in its title.
  if (O.Kind == ObjectKind::SecondaryIndex || O.Kind == ObjectKind::SaiIndex)
    return {};
  if (O.PartitionKey.empty())
    return O.InSchema ? "" : "(key not in the schema)";
  if (O.Dialect == "dynamodb") {
    std::string T = "HASH " + listText(O.PartitionKey);
    if (!O.SortKey.empty())
      T += " RANGE " + listText(O.SortKey);
    return T;
  }
  std::string P = listText(O.PartitionKey);
  if (O.PartitionKey.size() > 1)
    P = "(" + P + ")";
  std::string T = "PRIMARY KEY (" + P;
  for (const std::string &C : O.SortKey)
    T += ", " + C;
  return T + ")";
}

std::string objectTitle(const DataObject &O) {
  std::string T = objectKindName(O.Kind).str() + " " + O.Id;
  if (O.Kind != ObjectKind::Table && O.Kind != ObjectKind::View) {
    if (!O.PartitionKey.empty() && O.Kind != ObjectKind::Lsi &&
        O.Kind != ObjectKind::Gsi)
      T += " on " + listText(O.PartitionKey);
  }
  if (!O.Detail.empty())
    T += " (" + O.Detail + ")";
  return T;
}

std::string servedText(const Read &R) {
  std::string Pk = listText(R.PartitionKey);
  std::string Sk = listText(R.SortKey);
  switch (R.How) {
  case Served::Partition:
    return "by partition key " + Pk + (Sk.empty() ? "" : ", " + Sk);
  case Served::KeyRange:
    return Pk.empty() ? "a token range"
                      : "a range of " + Sk + " in partition " + Pk;
  case Served::IndexLocal:
    return "index " + listText(R.IndexKey) + " inside partition " +
           (Pk.empty() ? "?" : Pk);
  case Served::IndexCluster:
    return "index " + listText(R.IndexKey) + " on every node";
  case Served::IndexGlobal:
    return "global index by " +
           listText(R.IndexKey.empty() ? R.PartitionKey : R.IndexKey);
  case Served::FullScan:
    return "full scan";
  case Served::Unknown:
    return "not known";
  }
  return {};
}

std::string findingCounts(const PatternReport &R) {
  std::string S;
  for (FindingKind K : {FindingKind::Unread, FindingKind::Unwritten,
                        FindingKind::Drift, FindingKind::Unserved}) {
    size_t N = 0;
    for (const Finding &F : R.Findings)
      N += F.Kind == K;
    S += (S.empty() ? "" : ", ") + std::to_string(N) + " " +
         findingKindName(K).str();
  }
  return S;
}

std::string queryFacts(const Read &R) {
  std::string S;
  if (R.Consistency)
    S += "consistency=" + *R.Consistency;
  if (R.PagingDisabled)
    S += (S.empty() ? "" : " ") + std::string("paging=off");
  else if (R.PageSize)
    S += (S.empty() ? "" : " ") + std::string("page-size=") +
         std::to_string(*R.PageSize);
  return S;
}

} // namespace nosqlint::patterns
